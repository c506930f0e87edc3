# A throwaway PostgreSQL cluster for the tests: initdb in a temporary directory, a free port on
# 127.0.0.1 only (and a Unix socket in that directory), trust authentication, a role `fief` that
# may create databases, and a database `fief`. Sourced by scripts/test.
#
#   start_test_postgres     starts it and exports
#                             FIEF_TEST_POSTGRES_URL      postgres://fief@127.0.0.1:PORT/fief
#                             FIEF_TEST_POSTGRES_RESTART  a command that restarts the cluster
#                                                         (the tests restart it under load)
#   stop_test_postgres      stops it and deletes its directory (call it from an EXIT trap)
#
# initdb and the server refuse to run as root: as root, they run as the `postgres` user (made
# by Debian's package), or as a `fief-postgres` user created for the purpose.

test_postgres_dir=""
test_postgres_user=""

# The directory of initdb and pg_ctl: the newest installed major version.
test_postgres_bin() {
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$bin" ] && command -v pg_ctl >/dev/null; then bin=$(dirname "$(command -v pg_ctl)"); fi
    echo "$bin"
}

# Runs a command as the cluster's owner.
test_postgres_as_owner() {
    if [ -n "$test_postgres_user" ]; then
        runuser -u "$test_postgres_user" -- "$@"
    else
        "$@"
    fi
}

start_test_postgres() {
    local bin port
    bin=$(test_postgres_bin)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        ensure_packages postgresql
        bin=$(test_postgres_bin)
    fi
    [ -x "$bin/initdb" ] || { echo "PostgreSQL's initdb not found after installing postgresql" >&2; return 1; }
    if [ "$(id -u)" -eq 0 ]; then
        if id postgres >/dev/null 2>&1; then
            test_postgres_user=postgres
        else
            id fief-postgres >/dev/null 2>&1 || useradd --system --no-create-home fief-postgres
            test_postgres_user=fief-postgres
        fi
    fi
    test_postgres_dir=$(mktemp -d /tmp/fief-test-postgres.XXXXXX)
    chmod 755 "$test_postgres_dir"
    [ -n "$test_postgres_user" ] && chown "$test_postgres_user" "$test_postgres_dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    test_postgres_as_owner "$bin/initdb" -D "$test_postgres_dir/data" --auth=trust --username=postgres \
        --encoding=UTF8 --locale=C >"$test_postgres_dir/initdb.log" 2>&1 \
        || { cat "$test_postgres_dir/initdb.log" >&2; return 1; }
    cat >>"$test_postgres_dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$test_postgres_dir'
max_connections = 200
CONF
    test_postgres_as_owner "$bin/pg_ctl" -D "$test_postgres_dir/data" -l "$test_postgres_dir/server.log" -w -t 60 start >/dev/null \
        || { cat "$test_postgres_dir/server.log" >&2; return 1; }
    psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
        -c "CREATE ROLE fief LOGIN CREATEDB" -c "CREATE DATABASE fief OWNER fief" >/dev/null
    # The restart the tests use: a fast shutdown (connections are cut), then a start.
    cat >"$test_postgres_dir/restart.sh" <<SH
#!/bin/sh
exec $( [ -n "$test_postgres_user" ] && echo "runuser -u $test_postgres_user --" ) "$bin/pg_ctl" -D "$test_postgres_dir/data" -l "$test_postgres_dir/server.log" -w -t 60 -m fast restart </dev/null >>"$test_postgres_dir/restart.log" 2>&1
SH
    chmod 755 "$test_postgres_dir/restart.sh"
    export FIEF_TEST_POSTGRES_URL="postgres://fief@127.0.0.1:$port/fief"
    export FIEF_TEST_POSTGRES_RESTART="$test_postgres_dir/restart.sh"
    echo "PostgreSQL test cluster at $FIEF_TEST_POSTGRES_URL ($test_postgres_dir)"
}

stop_test_postgres() {
    [ -n "$test_postgres_dir" ] || return 0
    local bin
    bin=$(test_postgres_bin)
    test_postgres_as_owner "$bin/pg_ctl" -D "$test_postgres_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$test_postgres_dir"
    test_postgres_dir=""
}
