#ifndef SWITCHBOARD_CPOSTGRES_H
#define SWITCHBOARD_CPOSTGRES_H
// The only C surface of the PostgreSQL store: the system libpq (Debian's libpq-dev for the
// header), imported by exactly one Swift module, `Postgres`.
//
// The library is loaded with dlopen on first use, not linked: libpq brings TLS, Kerberos and
// LDAP libraries with it, which every daemon start would load and relocate even without
// --database. The header supplies the types; each cpq_ function forwards to the loaded one.
#include <postgresql/libpq-fe.h>

/// Loads libpq once (thread-safe). NULL when loaded, else the loader's message, which stays
/// valid for the life of the process.
const char *cpq_load(void);

PGconn *cpq_connectdb(const char *conninfo);
ConnStatusType cpq_status(const PGconn *connection);
char *cpq_error_message(const PGconn *connection);
void cpq_finish(PGconn *connection);
char *cpq_db(const PGconn *connection);
char *cpq_host(const PGconn *connection);
char *cpq_port(const PGconn *connection);
/// Runs one statement with text parameters, results as text.
PGresult *cpq_exec_params(PGconn *connection, const char *command, int count, const char *const *values);
ExecStatusType cpq_result_status(const PGresult *result);
char *cpq_result_error_field(const PGresult *result, int field);
char *cpq_result_error_message(const PGresult *result);
int cpq_ntuples(const PGresult *result);
int cpq_nfields(const PGresult *result);
char *cpq_getvalue(const PGresult *result, int row, int column);
int cpq_getisnull(const PGresult *result, int row, int column);
char *cpq_cmd_tuples(PGresult *result);
void cpq_clear(PGresult *result);
/// Drops the server's notices (CREATE … IF NOT EXISTS says "already exists, skipping"):
/// libpq would print them on stderr, which carries the daemon's own log lines.
void cpq_silence_notices(PGconn *connection);

#endif
