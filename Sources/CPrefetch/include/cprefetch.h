#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stddef.h>

/// Asks the processor to start loading the cache lines of [start, start + length) into its
/// second-level cache, for reading. A hint only: it never faults, even on addresses that are
/// not mapped, and it changes no memory, so it is safe on any range (see Host's
/// `Instance.prefetch()`).
///
/// The second level (`prefetcht1` on x86), not the first (`prefetcht0`): a look-ahead asks for
/// an instance's whole neighbourhood at once, some 58 lines for a signup, and a first-level
/// prefetch holds one of the core's few first-level miss buffers until its line arrives from
/// memory, so the loop stalled on them, some 0.2 µs a request at 100,000 signups (perf: most
/// of the look-ahead's samples on the instruction after the prefetch). A second-level prefetch
/// leaves them free; the lines then cost a second-level hit when the request reads them.
/// Measured at 100,000 signups (DAEMON-ANALYSIS.md, issue 18's twenty-fifth session).
static inline void switchboard_prefetch(const void *start, size_t length) {
    const char *line = (const char *)((size_t)start & ~(size_t)63);
    const char *end = (const char *)start + length;
    for (; line < end; line += 64) __builtin_prefetch(line, 0, 2);
}

#endif
