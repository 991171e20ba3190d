// glibc's GNU-only affinity calls, for SystemIO's ProcessIO.availableProcessorCount.
#define _GNU_SOURCE
#include <sched.h>

#include "cprocessors.h"

int switchboard_affinity_processor_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    return CPU_COUNT(&set);
}
