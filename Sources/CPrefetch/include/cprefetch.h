#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stddef.h>

/// Asks the processor to start loading the cache lines of [start, start + length) for
/// reading. A hint only: it never faults, even on addresses that are not mapped, and it
/// changes no memory, so it is safe on any range (see Host's `Instance.prefetch()`).
static inline void switchboard_prefetch(const void *start, size_t length) {
    const char *line = (const char *)((size_t)start & ~(size_t)63);
    const char *end = (const char *)start + length;
    for (; line < end; line += 64) __builtin_prefetch(line, 0, 3);
}

#endif
