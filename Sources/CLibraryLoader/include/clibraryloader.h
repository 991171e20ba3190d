#ifndef SWITCHBOARD_CLIBRARYLOADER_H
#define SWITCHBOARD_CLIBRARYLOADER_H
// Opens a system library with dlopen on first use and finds its symbols: how the C wrappers
// (CSQLite, CEditLine) load libraries that only some commands need, instead of linking them,
// which makes every start pay for loading and relocating them. Used from C only.
#include <pthread.h>
#include <stddef.h>

/// One symbol to find: its name (after the library's prefix) and where to store its address.
typedef struct {
    const char *name;
    void **slot;
} sb_symbol;

/// A library opened on first use. Fill the first five fields; the rest belong to the loader.
typedef struct {
    /// The file to open ("libsqlite3.so.0"), searched as dlopen(3) searches.
    const char *file;
    /// The Debian package that installs it, named in the error.
    const char *package;
    /// Prepended to each symbol's name ("sqlite3_"), or "".
    const char *prefix;
    const sb_symbol *symbols;
    size_t count;
    pthread_mutex_t lock;
    int tried;
    const char *failure;
    char message[512];
} sb_library;

/// A library description for `static sb_library x = SB_LIBRARY(...)`.
#define SB_LIBRARY(file, package, prefix, symbols) \
    { (file), (package), (prefix), (symbols), sizeof(symbols) / sizeof((symbols)[0]), PTHREAD_MUTEX_INITIALIZER, 0, NULL, {0} }

/// Opens `library` and fills every slot, once (thread-safe; later calls return the first
/// answer). NULL when every symbol was found, else a message that stays valid for the life of
/// the process. A library that fails stays unloaded: no slot may be used then.
const char *sb_library_load(sb_library *library);

#endif
