#ifndef SWITCHBOARD_CJANSSON_SHIM_H
#define SWITCHBOARD_CJANSSON_SHIM_H
// The only C surface of Switchboard's JSON layer. Swift imports jansson's functions
// directly; what it cannot import (function-like macros, and accessors whose names
// collide with an enum of the same name) is wrapped here as `static inline` helpers.
// Every helper is a pure read: none of them changes a reference count.
#include <jansson.h>

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

#endif
