// Instance runs: see include/cinstanceruns.h for what this allocator does and why.
#define _GNU_SOURCE 1 // RTLD_NEXT
#include "cinstanceruns.h"

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define RUNS_UNDER_SANITIZER 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define RUNS_UNDER_SANITIZER 1
#endif
// glibc only: the allocator hands everything it does not place to glibc's own entry points.
#if !defined(RUNS_UNDER_SANITIZER) && defined(__GLIBC__) && defined(__linux__)
#  define RUNS_ENABLED 1
#endif

#if RUNS_ENABLED
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

// glibc's allocator under its own names (exported for exactly this use).
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

enum {
    HEADER = 8,                 // glibc's size word: the payload that follows is 16-aligned
    CLASS_MASK = 0x3f,          // a plan entry's size class (1 ... 32, in 16-byte units)
    TEMPORARY = 0x80,           // a plan entry's mark: freed before its creation ended
    POSITION_NONE = SWITCHBOARD_RUNS_PLAN_LENGTH, // a header's position beyond the plan
    PAGE = 4096,
    CHUNK_SHIFT = 21,           // log2(SWITCHBOARD_RUNS_CHUNK_BYTES)
};
_Static_assert(((uintptr_t)1 << CHUNK_SHIFT) == SWITCHBOARD_RUNS_CHUNK_BYTES, "CHUNK_SHIFT");
// Chunks of the largest region (64 GiB), plus one for a block area not starting on a chunk.
#define MAX_CHUNKS ((((size_t)1 << 36) >> CHUNK_SHIFT) + 1)

/// One run: the blocks one creation placed, back to back. A dead run's link to the next in its
/// type's dead list is kept here, not in the run: the chunk a dead run lies in may have been
/// given back, and nothing touches its memory until it is reused.
typedef struct {
    _Atomic int32_t live;      // live blocks, plus one while its creation is open
    uint32_t start;            // offset in the block area, in 16-byte units (of start - 8)
    uint32_t capacity;         // bytes
    uint32_t next_dead;        // dead: the next dead run of its type (0 for none)
    uint32_t slot;             // the type it was last made for
} run_record;

/// What the allocator knows of one view-model type.
typedef struct {
    uintptr_t key;
    uint64_t creations;
    uint32_t plan_length;       // positions the plan covers (0 until observed)
    uint32_t usual_bytes;       // bytes a creation that follows the plan places (0 until observed)
    uint32_t dead_head;         // run number of its first dead run, 0 for none
    uint8_t learned, learner, streak;
    _Atomic uint8_t plan[SWITCHBOARD_RUNS_PLAN_LENGTH];
} type_slot;

/// The calling thread's creation. `active` is the one field malloc tests outside a creation.
typedef struct {
    uint32_t depth;
    uint8_t active, begun, learning, use_plan, diverged, fresh;
    int32_t slot;
    uint32_t run;               // run number (index + 1), 0 until the first block is placed
    uint32_t position;          // placeable requests seen so far
    uint32_t plan_length;       // the type's, when the creation began
    uint64_t bump, limit;       // offsets in the block area
    uint64_t placed, temporaries, declined;
} creation_state;

// Initial-exec: malloc reads it on every call, and a general-dynamic access is a function call.
static __thread creation_state creation __attribute__((tls_model("initial-exec")));

static pthread_mutex_t runs_lock = PTHREAD_MUTEX_INITIALIZER;
// Read by every free(): relaxed atomics, written once by switchboard_runs_install.
static _Atomic uintptr_t block_base;
static _Atomic uint64_t block_bytes;
static _Atomic int installed;
// Under runs_lock.
static run_record *records;
static uint32_t max_runs, run_count;
static uint64_t blocks_used;
// For each 2 MiB chunk of the block area (counted from its start rounded down to a chunk),
// the runs overlapping it that are not dead; when the count falls to zero, the chunk's
// memory goes back to the system through `give_back_function`.
static uint32_t chunk_live[MAX_CHUNKS];
static uintptr_t chunk_origin;
static switchboard_runs_discard give_back_function;
static type_slot types[SWITCHBOARD_RUNS_TYPE_SLOTS];
static uint32_t type_count;
static switchboard_runs_statistics counters;

static inline void lock(void) { pthread_mutex_lock(&runs_lock); }
static inline void unlock(void) { pthread_mutex_unlock(&runs_lock); }

static inline int in_region(const void *pointer) {
    return (uintptr_t)pointer - atomic_load_explicit(&block_base, memory_order_relaxed)
        < atomic_load_explicit(&block_bytes, memory_order_relaxed);
}
static inline char *block_area(void) { return (char *)atomic_load_explicit(&block_base, memory_order_relaxed); }
static inline uint64_t run_start(const run_record *run) { return ((uint64_t)run->start << 4) + HEADER; }
static inline uint64_t header_of(const void *payload) { return *(const uint64_t *)((const char *)payload - HEADER); }

int switchboard_runs_available(void) { return 1; }

size_t switchboard_runs_block_area_offset(size_t bytes) {
    // The run table takes a 48th of the region: a 20-byte run record for every kilobyte of
    // blocks (reserved address space, backed only as runs are made).
    return (bytes / 48 + PAGE - 1) & ~(size_t)(PAGE - 1);
}

int switchboard_runs_install(void *region, size_t bytes) {
    size_t table = switchboard_runs_block_area_offset(bytes);
    // A run's start is kept in 16-byte units in 32 bits: 64 GiB at most.
    if (!region || ((uintptr_t)region & (PAGE - 1)) || bytes < ((size_t)1 << 24) || bytes > ((size_t)1 << 36)) return -1;
    lock();
    if (atomic_load(&installed)) { unlock(); return -1; }
    records = region;
    uint64_t runs = table / sizeof(run_record);
    max_runs = runs < UINT32_MAX - 1 ? (uint32_t)runs : UINT32_MAX - 1;
    // The first run starts 8 bytes in, so each block's payload is 16-aligned after its header.
    blocks_used = HEADER;
    atomic_store_explicit(&block_bytes, (uint64_t)(bytes - table), memory_order_relaxed);
    atomic_store_explicit(&block_base, (uintptr_t)region + table, memory_order_relaxed);
    chunk_origin = ((uintptr_t)region + table) & ~(uintptr_t)(SWITCHBOARD_RUNS_CHUNK_BYTES - 1);
    atomic_store(&installed, 1);
    unlock();
    return 0;
}

/// The slot for `type`, made on first sight; -1 when every slot is taken. Under the lock.
static int32_t slot_for(uintptr_t type) {
    for (uint32_t index = 0; index < type_count; index++) {
        if (types[index].key == type) return (int32_t)index;
    }
    if (type_count == SWITCHBOARD_RUNS_TYPE_SLOTS) return -1;
    types[type_count].key = type;
    return (int32_t)type_count++;
}

void switchboard_runs_begin(uintptr_t type) {
    creation_state *state = &creation;
    if (state->depth++ > 0 || !atomic_load_explicit(&installed, memory_order_acquire)) return;
    lock();
    int32_t slot = slot_for(type);
    if (slot >= 0) {
        type_slot *entry = &types[slot];
        entry->creations++;
        int observe = !entry->learner
            && ((!entry->learned && entry->creations >= SWITCHBOARD_RUNS_OBSERVE_AT)
                || (entry->learned && entry->streak >= SWITCHBOARD_RUNS_RELEARN_AFTER));
        if (observe) { entry->learner = 1; entry->streak = 0; }
        *state = (creation_state){
            .depth = 1, .active = 1, .begun = 1, .learning = (uint8_t)observe,
            .use_plan = (uint8_t)(entry->learned && !observe), .slot = slot,
            .plan_length = entry->plan_length,
        };
    }
    unlock();
}

/// The chunk holding byte `offset` of the block area.
static inline uint32_t chunk_of(uint64_t offset) {
    return (uint32_t)(((uintptr_t)block_area() + offset - chunk_origin) >> CHUNK_SHIFT);
}

/// Gives chunk `chunk`'s memory back (the part of it inside the block area). Under the lock,
/// from any thread's free(): the function set by switchboard_runs_set_give_back must neither
/// allocate nor free.
static void give_back_chunk(uint32_t chunk) {
    if (!give_back_function) return;
    uintptr_t low = chunk_origin + ((uintptr_t)chunk << CHUNK_SHIFT), high = low + SWITCHBOARD_RUNS_CHUNK_BYTES;
    uintptr_t area = (uintptr_t)block_area(), area_end = area + atomic_load_explicit(&block_bytes, memory_order_relaxed);
    if (low < area) low = area;  // the run table lies below
    if (high > area_end) high = area_end;
    if (high > low && give_back_function((void *)low, high - low) == 0) {
        counters.chunks_given_back++;
        counters.bytes_given_back += high - low;
    }
}

/// Chunks `first` to `last` lose a run; each that has none left goes back. Under the lock.
static void release_chunks(uint32_t first, uint32_t last) {
    for (uint32_t chunk = first; chunk <= last; chunk++) {
        if (--chunk_live[chunk] == 0) give_back_chunk(chunk);
    }
}

/// Chunks `first` to `last` gain a run. Under the lock.
static void hold_chunks(uint32_t first, uint32_t last) {
    for (uint32_t chunk = first; chunk <= last; chunk++) chunk_live[chunk]++;
}

/// Pops a dead run of `slot`'s type, or of another type if it holds the type's usual run and
/// is less than twice its size (a larger one would keep the rest of its bytes from going
/// back with its chunk, for nothing). Under the lock; returns the run number or 0.
static uint32_t take_dead_run(int32_t slot) {
    type_slot *entry = &types[slot];
    type_slot *source = entry->dead_head ? entry : NULL;
    uint64_t usual = entry->usual_bytes;
    for (uint32_t index = 0; !source && usual && index < type_count; index++) {
        uint32_t head = types[index].dead_head;
        if (head && records[head - 1].capacity >= usual && records[head - 1].capacity < 2 * usual) source = &types[index];
    }
    if (!source) return 0;
    uint32_t number = source->dead_head;
    source->dead_head = records[number - 1].next_dead;
    return number;
}

/// Gives the creation a run: a dead one whole (unless `fresh_only`), or fresh memory at the
/// region's end.
static int acquire_run(creation_state *state, int fresh_only) {
    lock();
    uint32_t number = fresh_only ? 0 : take_dead_run(state->slot);
    if (number) {
        run_record *run = &records[number - 1];
        run->slot = (uint32_t)state->slot;
        atomic_store_explicit(&run->live, 1, memory_order_relaxed);
        state->bump = run_start(run);
        state->limit = state->bump + run->capacity;
        hold_chunks(chunk_of(state->bump), chunk_of(state->limit - 1));
        state->fresh = 0;
        counters.runs_reused++;
        counters.runs_dead--;
        counters.bytes_in_live_runs += run->capacity;
    } else if (run_count < max_runs && blocks_used + SWITCHBOARD_RUNS_STEP <= atomic_load_explicit(&block_bytes, memory_order_relaxed)) {
        number = ++run_count;
        run_record *run = &records[number - 1];
        run->start = (uint32_t)((blocks_used - HEADER) >> 4);
        run->capacity = 0;
        run->next_dead = 0;
        run->slot = (uint32_t)state->slot;
        atomic_store_explicit(&run->live, 1, memory_order_relaxed);
        state->bump = blocks_used;
        blocks_used += SWITCHBOARD_RUNS_STEP;
        state->limit = blocks_used;
        hold_chunks(chunk_of(state->bump), chunk_of(state->limit - 1));
        state->fresh = 1;
        counters.runs_made++;
    }
    unlock();
    state->run = number;
    return number != 0;
}

/// Grows the creation's fresh run by a step, if nothing was taken after it.
static int extend_run(creation_state *state) {
    if (!state->fresh) return 0;
    int grown = 0;
    lock();
    if (blocks_used == state->limit && blocks_used + SWITCHBOARD_RUNS_STEP <= atomic_load_explicit(&block_bytes, memory_order_relaxed)) {
        blocks_used += SWITCHBOARD_RUNS_STEP;
        // The run now reaches into the chunks after its old end's (if the step crossed one).
        hold_chunks(chunk_of(state->limit - 1) + 1, chunk_of(blocks_used - 1));
        state->limit = blocks_used;
        grown = 1;
    }
    unlock();
    return grown;
}

/// Drops one reference to run `number`; the last makes the run dead, to be reused whole.
static void release(uint32_t number) {
    run_record *run = &records[number - 1];
    if (atomic_fetch_sub_explicit(&run->live, 1, memory_order_acq_rel) != 1) return;
    lock();
    type_slot *entry = &types[run->slot];
    run->next_dead = entry->dead_head;
    entry->dead_head = number;
    release_chunks(chunk_of(run_start(run)), chunk_of(run_start(run) + run->capacity - 1));
    counters.runs_dead++;
    counters.bytes_in_live_runs -= run->capacity;
    unlock();
}

void switchboard_runs_end(void) {
    creation_state *state = &creation;
    if (state->depth == 0 || --state->depth > 0 || !state->begun) return;
    state->active = 0;
    state->begun = 0;
    uint32_t number = state->run;
    lock();
    type_slot *entry = &types[state->slot];
    if (state->learning) {
        entry->plan_length = state->position < SWITCHBOARD_RUNS_PLAN_LENGTH ? state->position : SWITCHBOARD_RUNS_PLAN_LENGTH;
        entry->learned = 1;
        entry->learner = 0;
        counters.creations_observed++;
    } else if (state->use_plan) {
        if (state->diverged) {
            if (entry->streak < UINT8_MAX) entry->streak++;
            counters.creations_diverged++;
        } else {
            entry->streak = 0;
        }
    }
    if (number && state->fresh) {
        run_record *run = &records[number - 1];
        // The unused tail of a fresh run goes back to the region if nothing followed it.
        if (blocks_used == state->limit) blocks_used = state->bump;
        uint64_t end = blocks_used == state->bump ? state->bump : state->limit;
        run->capacity = (uint32_t)(end - run_start(run));
        // Chunks only the given-back tail reached are no longer the run's.
        release_chunks(chunk_of(end - 1) + 1, chunk_of(state->limit - 1));
        if (state->learning) {
            // What a creation following this plan will place: these blocks but the temporaries.
            uint64_t usual = state->bump - run_start(run);
            for (uint32_t position = 0; position < entry->plan_length; position++) {
                uint8_t planned = atomic_load_explicit(&entry->plan[position], memory_order_relaxed);
                if (planned & TEMPORARY) usual -= (uint64_t)(planned & CLASS_MASK) << 4;
            }
            entry->usual_bytes = (uint32_t)usual;
        }
        counters.bytes_in_live_runs += run->capacity;
    }
    counters.blocks_placed += state->placed;
    counters.temporaries_to_glibc += state->temporaries;
    counters.declined += state->declined;
    unlock();
    state->learning = 0;
    state->run = 0;
    if (number) release(number);
}

/// No room in the region: this creation's remaining requests go to glibc.
static void *decline(creation_state *state) {
    state->active = 0;
    state->declined++;
    return NULL;
}

/// Serves `size` bytes from the creation's run, or returns NULL for glibc to serve them.
static void *place(creation_state *state, size_t size) {
    if (size > SWITCHBOARD_RUNS_MAX_PLACED) return NULL;
    uint32_t size_class = (uint32_t)((size + HEADER + 15) >> 4);
    uint32_t position = state->position < POSITION_NONE ? state->position : POSITION_NONE;
    state->position++;
    type_slot *entry = &types[state->slot];
    if (position < POSITION_NONE) {
        if (state->learning) {
            atomic_store_explicit(&entry->plan[position], (uint8_t)size_class, memory_order_relaxed);
        } else if (state->use_plan && !state->diverged && position < state->plan_length) {
            uint8_t planned = atomic_load_explicit(&entry->plan[position], memory_order_relaxed);
            if ((planned & CLASS_MASK) != size_class) {
                state->diverged = 1;
            } else if (planned & TEMPORARY) {
                state->temporaries++;
                return NULL;
            }
        }
    }
    uint64_t bytes = (uint64_t)size_class << 4;
    // The observed creation takes fresh memory, so all of its blocks are in one run.
    if (!state->run && !acquire_run(state, state->learning)) return decline(state);
    if (state->bump + bytes > state->limit && !extend_run(state)) {
        // A reused run this creation outgrew: the rest goes to a fresh run (the creation's
        // hold on the old one is dropped; if nothing was placed in it, it is dead again).
        if (state->fresh) return decline(state);
        release(state->run);
        if (!acquire_run(state, 1)) return decline(state);
    }
    char *block = block_area() + state->bump;
    state->bump += bytes;
    atomic_fetch_add_explicit(&records[state->run - 1].live, 1, memory_order_relaxed);
    *(uint64_t *)block = size_class | ((uint64_t)position << 8) | ((uint64_t)state->run << 32);
    state->placed++;
    return block + HEADER;
}

/// Frees a placed block: its run loses a live block. During the observed creation, a block of
/// its own run freed now is one of the type's temporaries. Not inlined, so that free's path to
/// glibc is a range check and a jump, with no frame set up.
__attribute__((noinline)) static void free_placed(void *payload) {
    uint64_t header = header_of(payload);
    uint32_t number = (uint32_t)(header >> 32);
    creation_state *state = &creation;
    if (state->learning && state->run == number) {
        uint32_t position = (uint32_t)(header >> 8) & 0xff;
        if (position < POSITION_NONE) {
            atomic_fetch_or_explicit(&types[state->slot].plan[position], TEMPORARY, memory_order_relaxed);
        }
    }
    release(number);
}

static inline size_t placed_usable_size(const void *payload) {
    return (size_t)((header_of(payload) & CLASS_MASK) << 4) - HEADER;
}

void *malloc(size_t size) {
    creation_state *state = &creation;
    if (__builtin_expect(state->active, 0)) {
        void *block = place(state, size);
        if (block) return block;
    }
    return __libc_malloc(size);
}

void free(void *pointer) {
    if (in_region(pointer)) {
        free_placed(pointer);
        return;
    }
    __libc_free(pointer);
}

void *calloc(size_t count, size_t size) {
    creation_state *state = &creation;
    size_t total;
    if (__builtin_expect(state->active, 0) && !__builtin_mul_overflow(count, size, &total)) {
        void *block = place(state, total);
        if (block) return memset(block, 0, total);
    }
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (!pointer) return malloc(size);
    if (!in_region(pointer)) return __libc_realloc(pointer, size);
    // As glibc: a size of zero frees the block.
    if (size == 0) { free_placed(pointer); return NULL; }
    size_t usable = placed_usable_size(pointer);
    if (size <= usable) return pointer;
    void *moved = malloc(size);
    if (!moved) return NULL;
    memcpy(moved, pointer, usable);
    free_placed(pointer);
    return moved;
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) { errno = ENOMEM; return NULL; }
    return realloc(pointer, total);
}

typedef size_t (*usable_size_function)(void *);

size_t malloc_usable_size(void *pointer) {
    // glibc's own, found once (it has no __libc_ name).
    static _Atomic usable_size_function glibc_usable_size;
    if (!pointer) return 0;
    if (in_region(pointer)) return placed_usable_size(pointer);
    usable_size_function usable = atomic_load_explicit(&glibc_usable_size, memory_order_relaxed);
    if (!usable) {
        usable = (usable_size_function)dlsym(RTLD_NEXT, "malloc_usable_size");
        if (!usable) {
            // glibc's chunk layout: the size word before the payload, bit 1 set for a chunk
            // of its own mapping (whose overhead is two words, not one).
            size_t word = ((const size_t *)pointer)[-1];
            return (word & ~(size_t)7) - ((word & 2) ? 16 : 8);
        }
        atomic_store_explicit(&glibc_usable_size, usable, memory_order_relaxed);
    }
    return usable(pointer);
}

typedef struct mallinfo2 (*mallinfo2_function)(void);

// glibc's figures with the runs added: a tool that reads mallinfo2 (the daemon benchmarks'
// "malloc in use") sees every byte handed out, placed or not. A live run counts whole, holes
// included: it holds that memory until its last block is freed.
struct mallinfo2 mallinfo2(void) {
    static _Atomic mallinfo2_function glibc_mallinfo2;
    mallinfo2_function glibc = atomic_load_explicit(&glibc_mallinfo2, memory_order_relaxed);
    if (!glibc) {
        glibc = (mallinfo2_function)dlsym(RTLD_NEXT, "mallinfo2");
        atomic_store_explicit(&glibc_mallinfo2, glibc, memory_order_relaxed);
    }
    struct mallinfo2 info = glibc ? glibc() : (struct mallinfo2){0};
    lock();
    size_t placed = (size_t)counters.bytes_in_live_runs;
    unlock();
    info.uordblks += placed;
    info.arena += placed;
    return info;
}

void switchboard_runs_set_give_back(switchboard_runs_discard give_back) {
    lock();
    give_back_function = give_back;
    unlock();
}

int switchboard_runs_contains(const void *pointer) { return in_region(pointer); }

int64_t switchboard_runs_run_of(const void *pointer) {
    return in_region(pointer) ? (int64_t)(header_of(pointer) >> 32) : -1;
}

void switchboard_runs_get_statistics(switchboard_runs_statistics *statistics) {
    lock();
    *statistics = counters;
    // Derived here rather than kept in step wherever the region moves.
    statistics->installed = atomic_load(&installed);
    statistics->region_bytes_used = atomic_load(&installed) ? blocks_used : 0;
    unlock();
}

#else

// Under a sanitizer: nothing placed, glibc's (the sanitizer's) allocator for everything.
int switchboard_runs_available(void) { return 0; }
size_t switchboard_runs_block_area_offset(size_t bytes) { (void)bytes; return 0; }
int switchboard_runs_install(void *region, size_t bytes) { (void)region; (void)bytes; return -1; }
void switchboard_runs_begin(uintptr_t type) { (void)type; }
void switchboard_runs_end(void) {}
int switchboard_runs_contains(const void *pointer) { (void)pointer; return 0; }
int64_t switchboard_runs_run_of(const void *pointer) { (void)pointer; return -1; }
void switchboard_runs_set_give_back(switchboard_runs_discard give_back) { (void)give_back; }
void switchboard_runs_get_statistics(switchboard_runs_statistics *statistics) {
    *statistics = (switchboard_runs_statistics){0};
}

#endif
