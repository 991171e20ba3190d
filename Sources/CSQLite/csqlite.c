// Loads libsqlite3 on first use and forwards to it; see include/csqlite.h for why.
#include "csqlite.h"

#include "clibraryloader.h"

static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    const char *(*errmsg)(sqlite3 *);
    int (*extended_errcode)(sqlite3 *);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    int (*prepare_v3)(sqlite3 *, const char *, int, unsigned int, sqlite3_stmt **, const char **);
    int (*busy_timeout)(sqlite3 *, int);
    sqlite3_int64 (*last_insert_rowid)(sqlite3 *);
    int (*changes)(sqlite3 *);
    int (*finalize)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
    int (*bind_null)(sqlite3_stmt *, int);
    int (*step)(sqlite3_stmt *);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    int (*file_control)(sqlite3 *, const char *, int, void *);
} api;

static const sb_symbol symbols[] = {
    {"open_v2", (void **)&api.open_v2},
    {"close_v2", (void **)&api.close_v2},
    {"errmsg", (void **)&api.errmsg},
    {"extended_errcode", (void **)&api.extended_errcode},
    {"exec", (void **)&api.exec},
    {"prepare_v3", (void **)&api.prepare_v3},
    {"busy_timeout", (void **)&api.busy_timeout},
    {"last_insert_rowid", (void **)&api.last_insert_rowid},
    {"changes", (void **)&api.changes},
    {"finalize", (void **)&api.finalize},
    {"reset", (void **)&api.reset},
    {"clear_bindings", (void **)&api.clear_bindings},
    {"bind_int64", (void **)&api.bind_int64},
    {"bind_text", (void **)&api.bind_text},
    {"bind_null", (void **)&api.bind_null},
    {"step", (void **)&api.step},
    {"column_int64", (void **)&api.column_int64},
    {"column_text", (void **)&api.column_text},
    {"column_bytes", (void **)&api.column_bytes},
    {"file_control", (void **)&api.file_control},
};

static sb_library library = SB_LIBRARY("libsqlite3.so.0", "libsqlite3-0", "sqlite3_", symbols);

const char *csqlite_load(void) { return sb_library_load(&library); }


// Every function below is called only after csqlite_load() returned NULL (the Swift side
// opens a database first, and checks that).
int csqlite_open_v2(const char *f, sqlite3 **d, int flags, const char *v) { return api.open_v2(f, d, flags, v); }
int csqlite_close_v2(sqlite3 *d) { return api.close_v2(d); }
const char *csqlite_errmsg(sqlite3 *d) { return api.errmsg(d); }
int csqlite_extended_errcode(sqlite3 *d) { return api.extended_errcode(d); }
int csqlite_exec(sqlite3 *d, const char *sql) { return api.exec(d, sql, NULL, NULL, NULL); }
int csqlite_prepare_v3(sqlite3 *d, const char *sql, int n, unsigned int flags, sqlite3_stmt **s) { return api.prepare_v3(d, sql, n, flags, s, NULL); }
int csqlite_busy_timeout(sqlite3 *d, int ms) { return api.busy_timeout(d, ms); }
sqlite3_int64 csqlite_last_insert_rowid(sqlite3 *d) { return api.last_insert_rowid(d); }
int csqlite_changes(sqlite3 *d) { return api.changes(d); }
int csqlite_finalize(sqlite3_stmt *s) { return api.finalize(s); }
int csqlite_reset(sqlite3_stmt *s) { return api.reset(s); }
int csqlite_clear_bindings(sqlite3_stmt *s) { return api.clear_bindings(s); }
int csqlite_bind_int64(sqlite3_stmt *s, int i, sqlite3_int64 v) { return api.bind_int64(s, i, v); }
int csqlite_bind_text(sqlite3_stmt *s, int i, const char *t, int n) { return api.bind_text(s, i, t, n, SQLITE_TRANSIENT); }
int csqlite_bind_null(sqlite3_stmt *s, int i) { return api.bind_null(s, i); }
int csqlite_step(sqlite3_stmt *s) { return api.step(s); }
sqlite3_int64 csqlite_column_int64(sqlite3_stmt *s, int c) { return api.column_int64(s, c); }
const unsigned char *csqlite_column_text(sqlite3_stmt *s, int c) { return api.column_text(s, c); }
int csqlite_column_bytes(sqlite3_stmt *s, int c) { return api.column_bytes(s, c); }
int csqlite_persist_wal(sqlite3 *d) { int on = 1; return api.file_control(d, "main", SQLITE_FCNTL_PERSIST_WAL, &on); }
