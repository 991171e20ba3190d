// Loads libsqlite3 on first use and forwards to it; see include/csqlite.h for why.
#include "csqlite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

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
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = NULL;
static char message[512];

#define LOAD(name)                                                                   \
    do {                                                                             \
        *(void **)(&api.name) = dlsym(library, "sqlite3_" #name);                    \
        if (api.name == NULL) {                                                      \
            snprintf(message, sizeof message, "libsqlite3 has no sqlite3_" #name);   \
            failure = message;                                                       \
            return;                                                                  \
        }                                                                            \
    } while (0)

static void load(void) {
    void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(message, sizeof message, "cannot load libsqlite3.so.0 (install libsqlite3-0): %s",
                 reason ? reason : "unknown error");
        failure = message;
        return;
    }
    LOAD(open_v2);
    LOAD(close_v2);
    LOAD(errmsg);
    LOAD(extended_errcode);
    LOAD(exec);
    LOAD(prepare_v3);
    LOAD(busy_timeout);
    LOAD(last_insert_rowid);
    LOAD(changes);
    LOAD(finalize);
    LOAD(reset);
    LOAD(clear_bindings);
    LOAD(bind_int64);
    LOAD(bind_text);
    LOAD(bind_null);
    LOAD(step);
    LOAD(column_int64);
    LOAD(column_text);
    LOAD(column_bytes);
}

const char *csqlite_load(void) {
    pthread_once(&once, load);
    return failure;
}


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
