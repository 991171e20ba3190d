#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: a temporary directory, run by the unprivileged
# `postgres` user, on a Unix socket in that directory and on 127.0.0.1, started and stopped
# on demand (Debian's postgresql package: bash scripts/setup.sh --tests installs it).
#
#   bash scripts/postgres.sh start DIR PORT [durable]
#                                             initdb (if new) and start; prints the socket URL.
#                                             Tests run with fsync off (their crashes are the
#                                             daemon's, not the machine's); `durable` keeps
#                                             fsync on, as a benchmark against SQLite's
#                                             synchronous=FULL must
#   bash scripts/postgres.sh stop DIR         stop (fast) and remove DIR
#
# Local socket connections are trusted; TCP connections on 127.0.0.1 need a password
# (scram-sha-256): the role `switchboard` has the password in DIR/password.
set -euo pipefail
command="${1:?usage: postgres.sh start DIR PORT | stop DIR}"
dir="${2:?usage: postgres.sh start DIR PORT | stop DIR}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] || { echo "postgres.sh: no PostgreSQL server (apt-get install postgresql)" >&2; exit 69; }
as_postgres() { runuser -u postgres -- "$@"; }
case "$command" in
start)
    port="${3:?usage: postgres.sh start DIR PORT [durable]}"
    fsync=off
    [ "${4:-}" = durable ] && fsync=on
    mkdir -p "$dir"
    chown postgres "$dir"
    chmod 700 "$dir"
    if [ ! -d "$dir/data" ]; then
        as_postgres "$bin/initdb" -D "$dir/data" --username=postgres --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=100" start >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    password="test-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
    echo "$password" >"$dir/password"
    as_postgres "$bin/psql" -h "$dir" -p "$port" -U postgres -qAt -v ON_ERROR_STOP=1 \
        -c "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'switchboard') THEN CREATE ROLE switchboard LOGIN CREATEDB; END IF; END \$\$;" \
        -c "ALTER ROLE switchboard PASSWORD '$password'" >/dev/null
    echo "postgresql://postgres@/postgres?host=$dir&port=$port"
    ;;
stop)
    if [ -d "$dir/data" ]; then as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: postgres.sh start DIR PORT | stop DIR" >&2
    exit 64
    ;;
esac
