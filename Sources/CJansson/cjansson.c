// Arenas for jansson's parse trees.
//
// jansson allocates every node, key, string and hash table of a tree with its own `malloc`
// and frees each again in `json_decref`. The daemon parses one short message at a time and
// drops its tree as soon as it has read it, so those calls would be a sizeable part of a
// request's work. Here a tree's allocations come from an arena of its own (bump allocation in
// blocks), and the tree is released by releasing the arena.
//
// How jansson is pointed at an arena: `json_set_alloc_funcs` is process-wide, so the
// functions installed here consult a thread-local pointer, set only while `cjansson_load`
// runs `json_loadb` on that thread. jansson calls nothing back during a load, and a load
// only frees what the same load allocated (a string buffer it outgrew, a hash table it
// rehashed, or a partial tree on an error), so while the pointer is set every free is of
// arena memory: a large block is freed at once, a small allocation stays until the release.
// While the pointer is not set, the functions are `malloc` and `free`.
#include "cjansson.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

/// Allocations are rounded to this, the alignment `malloc` guarantees on x86-64 and arm64.
#define CJANSSON_ALIGNMENT ((size_t)16)

/// The first block of every arena, header included, which holds a one-line request's tree;
/// larger documents chain further blocks, each twice the size of the one before up to
/// `CJANSSON_MAX_BLOCK_SIZE`, so that a block's unused end is a bounded waste.
#define CJANSSON_FIRST_BLOCK_SIZE ((size_t)4096)
#define CJANSSON_MAX_BLOCK_SIZE ((size_t)1 << 20)

/// Allocations above this get a block of their own, which is freed when jansson frees the
/// allocation during the load: a long string's lexing buffer grows by allocating a larger
/// one and freeing the old, as a large object's hash table does when it is rehashed, and
/// keeping every outgrown buffer until the release would multiply such a document's memory.
#define CJANSSON_LARGE_ALLOCATION ((size_t)1024)

/// How many of the latest large blocks a free inside a load looks for its pointer among: an
/// outgrown buffer is freed right after its replacement is allocated.
#define CJANSSON_LARGE_LOOKBACK 4

/// A block after the first: the one it chains to. Its data follows the header.
struct cjansson_block {
    struct cjansson_block *previous;
    size_t size;
    /// Pads the header to `CJANSSON_ALIGNMENT`, so the data after it is aligned.
    size_t padding[2];
};

/// An arena lives at the start of its first block; the first block's data follows it.
struct cjansson_arena {
    /// The latest block of small allocations after the first (NULL while there is none).
    struct cjansson_block *blocks;
    /// Blocks of one large allocation each, latest first.
    struct cjansson_block *large;
    /// Where the next small allocation goes, and the end of the block it is in.
    char *cursor;
    char *limit;
    /// Every block's size, this one's included.
    size_t bytes;
    /// The data size of the next block of small allocations.
    size_t next_block_size;
    size_t padding[2];
};

_Static_assert(sizeof(struct cjansson_block) % CJANSSON_ALIGNMENT == 0, "block header keeps data aligned");
_Static_assert(sizeof(struct cjansson_arena) % CJANSSON_ALIGNMENT == 0, "arena header keeps data aligned");

/// The arena jansson allocates from on this thread: set only inside `cjansson_load`.
static _Thread_local struct cjansson_arena *filling;

/// One released first block kept for the next load: the daemon parses and releases one
/// message at a time, so this saves a `malloc` and a `free` per message. Shared by all
/// threads; exchanged atomically. Not kept under AddressSanitizer, so that a node read after
/// its tree was released is reported as a use after free, as it is without arenas.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CJANSSON_NO_SPARE 1
#endif
#endif
#ifndef CJANSSON_NO_SPARE
static _Atomic(struct cjansson_arena *) spare;
#endif

static pthread_once_t installed = PTHREAD_ONCE_INIT;

/// A new block with room for `data` bytes, chained in front of `*list` and counted in the
/// arena's size; NULL without memory.
static struct cjansson_block *chain_block(struct cjansson_arena *arena, struct cjansson_block **list, size_t data) {
    if (data > SIZE_MAX - sizeof(struct cjansson_block)) return NULL;
    struct cjansson_block *block = malloc(sizeof(struct cjansson_block) + data);
    if (block == NULL) return NULL;
    block->previous = *list;
    block->size = sizeof(struct cjansson_block) + data;
    *list = block;
    arena->bytes += block->size;
    return block;
}

/// Inside a load: frees `pointer` if it is one of the latest large blocks; anything else
/// stays until the arena is released.
static void arena_free(struct cjansson_arena *arena, void *pointer) {
    struct cjansson_block **link = &arena->large;
    for (int looked = 0; *link != NULL && looked < CJANSSON_LARGE_LOOKBACK; looked++) {
        struct cjansson_block *block = *link;
        if ((void *)(block + 1) == pointer) {
            *link = block->previous;
            arena->bytes -= block->size;
            free(block);
            return;
        }
        link = &block->previous;
    }
}

/// `size` rounded up to `CJANSSON_ALIGNMENT` (small sizes only: no overflow).
static inline size_t aligned(size_t size) {
    return (size + CJANSSON_ALIGNMENT - 1) & ~(CJANSSON_ALIGNMENT - 1);
}

/// Everything but a small allocation that fits the current block: outside a load `malloc`;
/// a large allocation gets a block of its own; a small one starts a new block. Kept out of
/// line so that the common case in `cjansson_malloc` needs no stack frame.
static __attribute__((noinline)) void *allocate_slowly(struct cjansson_arena *arena, size_t size) {
    if (arena == NULL) return malloc(size);
    if (size > CJANSSON_LARGE_ALLOCATION) {
        struct cjansson_block *block = chain_block(arena, &arena->large, size);
        return block != NULL ? block + 1 : NULL;
    }
    // Only called when `size` does not fit what is left of the current block.
    size_t data = arena->next_block_size;
    struct cjansson_block *block = chain_block(arena, &arena->blocks, data);
    if (block == NULL) return NULL;
    char *result = (char *)(block + 1);
    arena->cursor = result + aligned(size);
    arena->limit = result + data;
    if (arena->next_block_size < CJANSSON_MAX_BLOCK_SIZE) arena->next_block_size *= 2;
    return result;
}

static void *cjansson_malloc(size_t size) {
    struct cjansson_arena *arena = filling;
    if (arena != NULL && size <= CJANSSON_LARGE_ALLOCATION) {
        size_t rounded = aligned(size);
        char *cursor = arena->cursor;
        if ((size_t)(arena->limit - cursor) >= rounded) {
            arena->cursor = cursor + rounded;
            return cursor;
        }
    }
    return allocate_slowly(arena, size);
}

static void cjansson_free(void *pointer) {
    struct cjansson_arena *arena = filling;
    if (arena != NULL) {
        arena_free(arena, pointer);
    } else {
        free(pointer);
    }
}

static void install(void) {
    json_set_alloc_funcs(cjansson_malloc, cjansson_free);
}

static struct cjansson_arena *arena_create(void) {
#ifdef CJANSSON_NO_SPARE
    struct cjansson_arena *arena = NULL;
#else
    struct cjansson_arena *arena = atomic_exchange_explicit(&spare, NULL, memory_order_acquire);
#endif
    if (arena == NULL) {
        arena = malloc(CJANSSON_FIRST_BLOCK_SIZE);
        if (arena == NULL) return NULL;
    }
    arena->blocks = NULL;
    arena->large = NULL;
    arena->cursor = (char *)(arena + 1);
    arena->limit = (char *)arena + CJANSSON_FIRST_BLOCK_SIZE;
    arena->bytes = CJANSSON_FIRST_BLOCK_SIZE;
    arena->next_block_size = CJANSSON_FIRST_BLOCK_SIZE * 2;
    return arena;
}

json_t *cjansson_load(const char *buffer, size_t length, json_error_t *error, cjansson_arena **arena) {
    pthread_once(&installed, install);
    struct cjansson_arena *created = arena_create();
    // Without an arena (no memory for its first block) jansson allocates with `malloc`, as it
    // would by default, and reports running out of memory itself.
    struct cjansson_arena *outer = filling;
    filling = created;
    json_t *root = json_loadb(buffer, length, cjansson_load_flags(), error);
    filling = outer;
    if (root == NULL) {
        if (created != NULL) cjansson_release(NULL, created);
        *arena = NULL;
        return NULL;
    }
    *arena = created;
    return root;
}

void cjansson_release(json_t *root, cjansson_arena *arena) {
    if (arena == NULL) {
        json_decref(root);
        return;
    }
    struct cjansson_block *lists[2] = {arena->blocks, arena->large};
    for (int list = 0; list < 2; list++) {
        struct cjansson_block *block = lists[list];
        while (block != NULL) {
            struct cjansson_block *previous = block->previous;
            free(block);
            block = previous;
        }
    }
#ifdef CJANSSON_NO_SPARE
    free(arena);
#else
    struct cjansson_arena *displaced = atomic_exchange_explicit(&spare, arena, memory_order_acq_rel);
    free(displaced);
#endif
}

size_t cjansson_arena_bytes(const cjansson_arena *arena) {
    return arena != NULL ? arena->bytes : 0;
}
