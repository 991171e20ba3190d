#ifndef SWITCHBOARD_CJANSSON_H
#define SWITCHBOARD_CJANSSON_H
// The only C surface of Switchboard's JSON layer. Swift imports jansson's read-only
// functions directly; what it cannot import (function-like macros, and accessors whose names
// collide with an enum of the same name) is wrapped here as `static inline` helpers, which
// are pure reads: none of them changes a reference count.
//
// Loading goes through `cjansson_load` (cjansson.c), which gives each parsed tree an arena of
// its own, and a tree is released with `cjansson_release`, never with `json_decref`.
#include <jansson.h>
#include <stddef.h>

/// The node's type: `json_typeof` is a macro, so Swift cannot call it.
static inline json_type cjansson_typeof(const json_t *json) {
    return json_typeof(json);
}

/// The machine-readable reason of a failed load. jansson's own `json_error_code()`
/// shares its name with `enum json_error_code`, which Swift imports as a type, so
/// the function is unreachable; this reads the same byte it does.
static inline int cjansson_error_code(const json_error_t *error) {
    return (int)(unsigned char)error->text[JSON_ERROR_TEXT_LENGTH - 1];
}

/// The flags `json_loadb` takes, as the `size_t` it wants (the macros import as `Int32`);
/// keeping the conversion here keeps the flag set in one place.
static inline size_t cjansson_load_flags(void) {
    // JSON_ALLOW_NUL: "\u0000" is valid JSON, so strings and keys may hold U+0000. The Swift
    // side always reads them with their lengths (json_string_length,
    // json_object_iter_key_len, json_object_getn), never as C strings. Raw NUL bytes are
    // not JSON at all and are rejected by the Swift side before jansson sees them.
    return JSON_DECODE_ANY | JSON_ALLOW_NUL;
}

/// The memory of one parsed tree (opaque; see cjansson.c).
typedef struct cjansson_arena cjansson_arena;

/// Parses `length` bytes at `buffer` with `cjansson_load_flags()`, like `json_loadb`, except
/// that every allocation jansson makes for the tree comes from an arena of its own: a parse
/// costs no `malloc` and no `free` per node, and releasing the tree is one step instead of a
/// walk over it.
///
/// On success returns the root and sets `*arena` to the tree's arena, or to NULL when no
/// arena could be allocated and the tree was built with `malloc` as jansson does by default.
/// Either way, release the tree with `cjansson_release(root, *arena)` exactly once, from any
/// thread. On failure returns NULL, fills `error` as `json_loadb` does and leaves nothing
/// to release.
///
/// The first call installs this file's allocation functions in jansson
/// (`json_set_alloc_funcs`, which is process-wide): outside `cjansson_load` they are plain
/// `malloc` and `free`, so other users of jansson in the process are unaffected, unless they
/// install allocation functions of their own.
json_t *cjansson_load(const char *buffer, size_t length, json_error_t *error, cjansson_arena **arena);

/// Releases a tree returned by `cjansson_load`: its whole arena, or with `json_decref` when
/// `arena` is NULL. Nodes of the tree must not be used afterwards.
void cjansson_release(json_t *root, cjansson_arena *arena);

/// Bytes the arena holds (its blocks' sizes, headers included): for tests of its bounds.
size_t cjansson_arena_bytes(const cjansson_arena *arena);

#endif
