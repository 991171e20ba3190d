#ifndef SWITCHBOARD_CMALLOC_H
#define SWITCHBOARD_CMALLOC_H
// glibc's heap control, which Swift's Glibc module does not import (<malloc.h> is not in it);
// used by SystemIO alone.
#include <malloc.h>

/// Returns free heap memory to the system (glibc's malloc_trim(0)); 1 if some was returned.
static inline int switchboard_malloc_trim(void) {
    return malloc_trim(0);
}

#endif
