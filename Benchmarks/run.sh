#!/usr/bin/env bash
# Builds fief-bench in release mode and runs it with this script's arguments.
#
#   bash Benchmarks/run.sh --quick      # a smoke test (seconds)
#   bash Benchmarks/run.sh --full       # the figures worth quoting
#
# The markdown report goes to standard output; the build log and progress go to standard error.
set -euo pipefail

benchmarks="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# System libraries: LMDB and SQLite for the peers, LZ4 and libcrypto for FiefStorage.
if command -v dpkg >/dev/null 2>&1; then
    missing=()
    for package in liblmdb-dev libsqlite3-dev liblz4-dev libssl-dev; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if ((${#missing[@]} > 0)); then
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
        echo "run.sh: installing ${missing[*]}" >&2
        "${sudo[@]}" apt-get update >&2
        "${sudo[@]}" apt-get install -y "${missing[@]}" >&2
    fi
fi

# The sync workloads start the real fief-server: --full builds it in release mode at the root
# (--quick uses whichever build exists, the debug one `swift build` makes being enough), unless
# FIEF_SERVER_BIN names the binary to run.
if [ -z "${FIEF_SERVER_BIN:-}" ] && { [[ " $* " == *" --full "* ]] || [ ! -x "$benchmarks/../.build/debug/fief-server" ]; }; then
    swift build -c release --package-path "$benchmarks/.." --product fief-server >&2
fi
swift build -c release --package-path "$benchmarks" >&2
bin="$(swift build -c release --package-path "$benchmarks" --show-bin-path)"

# sync-scale runs fief-server instances on PostgreSQL: scripts/test exports its throwaway
# cluster as FIEF_TEST_POSTGRES_URL; without one, --full starts one the same way
# (scripts/lib/postgres.sh) and stops it at the end. --quick without a cluster skips those rows.
if [ -z "${FIEF_TEST_POSTGRES_URL:-}" ] && [[ " $* " == *" --full "* ]] \
    && { [[ " $* " != *" --only "* ]] || [[ "$*" == *sync-scale* ]]; }; then
    source "$benchmarks/../scripts/lib/packages.sh"
    source "$benchmarks/../scripts/lib/postgres.sh"
    trap stop_test_postgres EXIT
    start_test_postgres >&2
    "$bin/fief-bench" "$@"
    exit $?
fi
exec "$bin/fief-bench" "$@"
