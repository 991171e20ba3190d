#ifndef SWITCHBOARD_CSQLITE_SHIM_H
#define SWITCHBOARD_CSQLITE_SHIM_H
// The only C surface of Switchboard's storage: the system libsqlite3 (Debian's
// libsqlite3-dev). Imported by exactly one Swift module, `SQLite`.
#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro casting -1 to a destructor pointer, which Swift cannot
/// import: it tells SQLite to copy bound text before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
