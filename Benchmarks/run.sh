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
# (--quick uses whichever build exists, the debug one `swift build` makes being enough).
if [[ " $* " == *" --full "* ]] || [ ! -x "$benchmarks/../.build/debug/fief-server" ]; then
    swift build -c release --package-path "$benchmarks/.." --product fief-server >&2
fi
swift build -c release --package-path "$benchmarks" >&2
bin="$(swift build -c release --package-path "$benchmarks" --show-bin-path)"
exec "$bin/fief-bench" "$@"
