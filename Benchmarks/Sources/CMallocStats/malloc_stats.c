#include "malloc_stats.h"
#include <malloc.h>

size_t bench_malloc_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    // uordblks: in-use bytes in the main arena's chunks; hblkhd: bytes in mmapped blocks.
    return info.uordblks + info.hblkhd;
}
