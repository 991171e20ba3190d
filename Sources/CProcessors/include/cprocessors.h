#ifndef CPROCESSORS_H
#define CPROCESSORS_H

/// How many processors the calling process may run on: the processors of its affinity mask
/// (`taskset`, a container's CPU set), or 0 if the mask cannot be read. `sched_getaffinity`
/// and `CPU_COUNT` are GNU extensions, which Swift's Glibc module does not import.
int switchboard_affinity_processor_count(void);

#endif
