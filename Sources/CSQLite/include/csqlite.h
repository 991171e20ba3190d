#ifndef SWITCHBOARD_CSQLITE_H
#define SWITCHBOARD_CSQLITE_H
// The only C surface of Switchboard's storage: the system libsqlite3 (Debian's
// libsqlite3-dev), imported by exactly one Swift module, `SQLite`.
//
// The library is loaded with dlopen on first use, not linked: Debian builds it BIND_NOW, so
// linking it would make every daemon start resolve all its symbol relocations, a large part
// of start-up, even when no --data-file is given. The header supplies the types and
// constants; each csqlite_ function forwards to the loaded one.
#include <sqlite3.h>

/// Loads libsqlite3 once (thread-safe). NULL when loaded, else the loader's message, which
/// stays valid for the life of the process.
const char *csqlite_load(void);


int csqlite_open_v2(const char *filename, sqlite3 **database, int flags, const char *vfs);
int csqlite_close_v2(sqlite3 *database);
const char *csqlite_errmsg(sqlite3 *database);
int csqlite_extended_errcode(sqlite3 *database);
int csqlite_exec(sqlite3 *database, const char *sql);
int csqlite_prepare_v3(sqlite3 *database, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement);
int csqlite_busy_timeout(sqlite3 *database, int milliseconds);
sqlite3_int64 csqlite_last_insert_rowid(sqlite3 *database);
int csqlite_changes(sqlite3 *database);
int csqlite_finalize(sqlite3_stmt *statement);
int csqlite_reset(sqlite3_stmt *statement);
int csqlite_clear_bindings(sqlite3_stmt *statement);
int csqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes);
int csqlite_bind_null(sqlite3_stmt *statement, int index);
int csqlite_step(sqlite3_stmt *statement);
sqlite3_int64 csqlite_column_int64(sqlite3_stmt *statement, int column);
const unsigned char *csqlite_column_text(sqlite3_stmt *statement, int column);
int csqlite_column_bytes(sqlite3_stmt *statement, int column);
/// Keeps the write-ahead log and its index at their paths when the connection closes
/// (SQLITE_FCNTL_PERSIST_WAL): a connection to a file that was replaced must not delete the
/// journals now at those paths, which may be another database's.
int csqlite_persist_wal(sqlite3 *database);

#endif
