// Loads libpq on first use and forwards to it; see include/cpostgres.h for why.
#include "cpostgres.h"

#include "clibraryloader.h"

static struct {
    PGconn *(*connectdb)(const char *);
    ConnStatusType (*status)(const PGconn *);
    char *(*errorMessage)(const PGconn *);
    void (*finish)(PGconn *);
    char *(*db)(const PGconn *);
    char *(*host)(const PGconn *);
    char *(*port)(const PGconn *);
    PGresult *(*execParams)(PGconn *, const char *, int, const Oid *, const char *const *, const int *, const int *, int);
    ExecStatusType (*resultStatus)(const PGresult *);
    char *(*resultErrorField)(const PGresult *, int);
    char *(*resultErrorMessage)(const PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    char *(*cmdTuples)(PGresult *);
    void (*clear)(PGresult *);
    PQnoticeProcessor (*setNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
} api;

static const sb_symbol symbols[] = {
    {"connectdb", (void **)&api.connectdb},
    {"status", (void **)&api.status},
    {"errorMessage", (void **)&api.errorMessage},
    {"finish", (void **)&api.finish},
    {"db", (void **)&api.db},
    {"host", (void **)&api.host},
    {"port", (void **)&api.port},
    {"execParams", (void **)&api.execParams},
    {"resultStatus", (void **)&api.resultStatus},
    {"resultErrorField", (void **)&api.resultErrorField},
    {"resultErrorMessage", (void **)&api.resultErrorMessage},
    {"ntuples", (void **)&api.ntuples},
    {"nfields", (void **)&api.nfields},
    {"getvalue", (void **)&api.getvalue},
    {"getisnull", (void **)&api.getisnull},
    {"cmdTuples", (void **)&api.cmdTuples},
    {"clear", (void **)&api.clear},
    {"setNoticeProcessor", (void **)&api.setNoticeProcessor},
};

static sb_library library = SB_LIBRARY("libpq.so.5", "libpq5", "PQ", symbols);

const char *cpq_load(void) { return sb_library_load(&library); }

// Every function below is called only after cpq_load() returned NULL (the Swift side connects
// first, and checks that).
PGconn *cpq_connectdb(const char *conninfo) { return api.connectdb(conninfo); }
ConnStatusType cpq_status(const PGconn *c) { return api.status(c); }
char *cpq_error_message(const PGconn *c) { return api.errorMessage(c); }
void cpq_finish(PGconn *c) { api.finish(c); }
char *cpq_db(const PGconn *c) { return api.db(c); }
char *cpq_host(const PGconn *c) { return api.host(c); }
char *cpq_port(const PGconn *c) { return api.port(c); }
PGresult *cpq_exec_params(PGconn *c, const char *command, int count, const char *const *values) {
    return api.execParams(c, command, count, NULL, values, NULL, NULL, 0);
}
ExecStatusType cpq_result_status(const PGresult *r) { return api.resultStatus(r); }
char *cpq_result_error_field(const PGresult *r, int field) { return api.resultErrorField(r, field); }
char *cpq_result_error_message(const PGresult *r) { return api.resultErrorMessage(r); }
int cpq_ntuples(const PGresult *r) { return api.ntuples(r); }
int cpq_nfields(const PGresult *r) { return api.nfields(r); }
char *cpq_getvalue(const PGresult *r, int row, int column) { return api.getvalue(r, row, column); }
int cpq_getisnull(const PGresult *r, int row, int column) { return api.getisnull(r, row, column); }
char *cpq_cmd_tuples(PGresult *r) { return api.cmdTuples(r); }
void cpq_clear(PGresult *r) { api.clear(r); }

static void drop_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

void cpq_silence_notices(PGconn *c) { api.setNoticeProcessor(c, drop_notice, NULL); }
