#ifndef SWITCHBOARD_BENCH_MALLOC_STATS_H
#define SWITCHBOARD_BENCH_MALLOC_STATS_H
// glibc's malloc statistics, which the Glibc Swift module does not export (it leaves out
// <malloc.h>). Used by the memory workloads to count the bytes a graph keeps allocated.
#include <stddef.h>

/// Bytes currently handed out by malloc (mallinfo2().uordblks + hblkhd): every live
/// allocation including glibc's chunk header and rounding, i.e. what the process really pays.
size_t bench_malloc_bytes_in_use(void);

#endif
