#ifndef CINSTANCERUNS_H
#define CINSTANCERUNS_H

// Instance runs: a creation-scoped allocator for the daemon (issue 18; Benchmarks/
// DAEMON-ANALYSIS.md, "Issue 18, seventeenth session").
//
// At 100,000 live instances a request's cost is set by where the objects of the instance it
// reaches lie. glibc serves an instance's ~50 objects from wherever its caches point, mixed
// with the next instance's; measured, keeping each instance's objects together (one packed
// run of memory per instance, runs back to back) took the 100,000-instance CPU ratio from
// 1.28x to 1.21x at glibc's memory. This file does that, and only that:
//
// - It defines malloc, free, calloc, realloc, reallocarray and malloc_usable_size for the
//   process that links it (only the `switchboard` executable does, through InstanceRuns), and
//   mallinfo2, whose bytes in use include the runs'.
//   Outside a creation every call goes straight to glibc's allocator.
// - Between switchboard_runs_begin(type) and switchboard_runs_end() on a thread (a session
//   making one instance), requests of at most SWITCHBOARD_RUNS_MAX_PLACED bytes are served
//   from that creation's run: a bump pointer in a region reserved once (the caller reserves
//   it, through SystemIO, and hands it over with switchboard_runs_install; InstanceRuns also
//   asks for huge pages past the region's first runs).
// - The creation's temporaries (objects it frees before it ends: option parsing, closures'
//   scratch) would leave holes in the run. Each type's creation is observed once (its
//   SWITCHBOARD_RUNS_OBSERVE_AT-th), recording every request's size class and which of them
//   were freed before the end; later creations of the type send those positions to glibc. A
//   creation whose sizes differ from the plan places everything after the difference (only
//   placement suffers), and a type that differs SWITCHBOARD_RUNS_RELEARN_AFTER times in a row
//   is observed again.
// - A block has glibc's 8-byte header before a 16-byte-aligned payload (its size class, its
//   position in the creation and its run), so memory costs what glibc's does. A run's state
//   is a count of its live blocks (plus one while its creation is open); when the count
//   reaches zero the whole run is reused by a later creation of the same type (or of another
//   type whose plan it fits, if less than twice what that plan places). Freed blocks are not
//   reused one by one: a long-lived instance keeps at most its run's bytes.
// - The block area is counted in chunks of SWITCHBOARD_RUNS_CHUNK_BYTES (2 MiB, a transparent
//   huge page), each with the number of runs overlapping it that are not dead. When a run's
//   death brings a chunk's count to zero, the chunk's memory goes back to the system through
//   the function given to switchboard_runs_set_give_back (InstanceRuns passes madvise's
//   MADV_DONTNEED): whole huge pages only, so the live runs' pages are never split. A dead run
//   is still reused; its memory comes back, zeroed, as its next creation writes it.
// - When the region or the run table is full, or a type table slot is not free, requests go
//   to glibc: the allocator only ever declines, it never fails a request glibc would serve.
//
// Under AddressSanitizer or ThreadSanitizer (which bring their own malloc) the file compiles
// to the statistics functions alone and switchboard_runs_available() returns 0.

#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

/// Requests of at most this many bytes are placed in a run (larger ones go to glibc: a table's
/// storage is not what a request walks through).
#define SWITCHBOARD_RUNS_MAX_PLACED 496
/// A type's creation number this (counted from 1) is the one observed for its plan: the first
/// creations of a type also make one-time state (metadata caches, lazily built tables).
#define SWITCHBOARD_RUNS_OBSERVE_AT 4
/// A plan covers a creation's first this many placeable requests.
#define SWITCHBOARD_RUNS_PLAN_LENGTH 255
/// A type whose creations differ from its plan this many times in a row is observed again.
#define SWITCHBOARD_RUNS_RELEARN_AFTER 8
/// How many view-model types get plans and runs; a creation of any further type goes to glibc.
#define SWITCHBOARD_RUNS_TYPE_SLOTS 32
/// A new run takes the region's memory in steps of this many bytes while it is being made
/// (its unused tail is given back when the creation ends).
#define SWITCHBOARD_RUNS_STEP 4096
/// The block area's memory goes back to the system in chunks of this many bytes (a huge page,
/// aligned as one), each once none of the runs it holds is live.
#define SWITCHBOARD_RUNS_CHUNK_BYTES ((uintptr_t)2 << 20)

/// What the allocator has done so far, for tests and benchmarks.
typedef struct {
    /// 1 once a region is installed.
    int installed;
    /// Runs made from fresh memory, and dead runs reused.
    uint64_t runs_made;
    uint64_t runs_reused;
    /// Runs whose every block has been freed, waiting for reuse.
    uint64_t runs_dead;
    /// Blocks placed in runs; requests a plan sent to glibc as temporaries; requests of a
    /// creation that found no room (region or run full) and went to glibc.
    uint64_t blocks_placed;
    uint64_t temporaries_to_glibc;
    uint64_t declined;
    /// Creations observed for a plan, and creations that differed from their type's plan.
    uint64_t creations_observed;
    uint64_t creations_diverged;
    /// Bytes of the region's block area handed out to runs (including dead runs).
    uint64_t region_bytes_used;
    /// Bytes of the runs that are not dead, their holes included (a run being made counts
    /// from its creation's end). mallinfo2() adds them to glibc's figures.
    uint64_t bytes_in_live_runs;
    /// Chunks given back to the system (each time one had no run left that was not dead),
    /// and their bytes.
    uint64_t chunks_given_back;
    uint64_t bytes_given_back;
} switchboard_runs_statistics;

/// 1 if this build has the allocator (0 under the sanitizers).
int switchboard_runs_available(void);

/// Where the blocks begin in a region of `bytes` (the run table comes first): runs are laid
/// from there on, back to back.
size_t switchboard_runs_block_area_offset(size_t bytes);

/// Gives the allocator its memory: `bytes` of readable, writable address space at `region`
/// (page-aligned, reserved without backing, never unmapped; 16 MiB to 64 GiB). Returns 0 on
/// success, -1 if the allocator is unavailable, already installed, or the size is out of range.
int switchboard_runs_install(void *region, size_t bytes);

/// The calling thread starts making one instance of the type identified by `type` (any value
/// stable for the type, such as its definition's address). Nested calls are counted, and only
/// the outermost pair has effect. Does nothing before installation.
void switchboard_runs_begin(uintptr_t type);

/// Ends the calling thread's creation begun by switchboard_runs_begin.
void switchboard_runs_end(void);

/// 1 if `pointer` is a block of the run allocator's region.
int switchboard_runs_contains(const void *pointer);

/// The run number of a placed block, or -1 for memory outside the region.
int64_t switchboard_runs_run_of(const void *pointer);

/// Gives `bytes` of whole pages at `address` back to the kernel (their contents may be
/// dropped; the mapping stays, and reads as zeros until written). Returns 0 on success.
typedef int (*switchboard_runs_discard)(void *address, size_t bytes);

/// Sets how a chunk whose runs are all dead goes back to the system (none until set: such
/// chunks then keep their memory for later runs). Called from inside free(), on any thread,
/// with the allocator's lock held: `give_back` must neither allocate nor free.
void switchboard_runs_set_give_back(switchboard_runs_discard give_back);

/// A copy of the counters.
void switchboard_runs_get_statistics(switchboard_runs_statistics *statistics);

#endif
