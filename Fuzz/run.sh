#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (FiefStorage, the query language, query evaluation, the
# sync wire protocol, sync changesets and their application).
#
#   Fuzz/run.sh fuzz-file|fuzz-storage-ops|fuzz-query|fuzz-query-eval|fuzz-sync-wire|fuzz-sync-changeset|all SECONDS
#   Fuzz/run.sh ... build      # builds the targets and stops (scripts/test builds them early)
#
# The seed corpus (Fuzz/corpus/<target>) is copied into Fuzz/corpus-work/<target>, which keeps
# growing across runs (git-ignored). Crashes, hangs and out-of-memory inputs go to
# Fuzz/artifacts/<target>/, the logs to Fuzz/artifacts/<target>.log. With "all" the targets run
# side by side. Exits non-zero when libFuzzer reports a finding (or a build fails).
#
# Environment: FUZZ_CONFIG=release|debug (default release), FUZZ_ARGS=extra libFuzzer flags.
# Leak detection is off by default: LeakSanitizer rescans the heap after most inputs (the Swift
# runtime's caches look like growth) and cuts throughput fourfold without having found a leak;
# FUZZ_ARGS=-detect_leaks=1 turns it back on. FUZZ_KEEP_GOING=1 runs libFuzzer in fork mode
# and carries on after a crash, hang or out-of-memory (every finding is still saved).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${1:-}"
seconds="${2:-}"
config="${FUZZ_CONFIG:-release}"
if [[ -z "$target" || ! "$seconds" =~ ^([0-9]+|build)$ ]]; then
    echo "usage: $0 fuzz-file|fuzz-storage-ops|fuzz-query|fuzz-query-eval|fuzz-sync-wire|fuzz-sync-changeset|all SECONDS|build" >&2
    exit 2
fi
case "$target" in
    all) targets=(fuzz-file fuzz-storage-ops fuzz-query fuzz-query-eval fuzz-sync-wire fuzz-sync-changeset) ;;
    fuzz-file|file) targets=(fuzz-file) ;;
    fuzz-storage-ops|storage-ops) targets=(fuzz-storage-ops) ;;
    fuzz-query|query) targets=(fuzz-query) ;;
    fuzz-query-eval|query-eval) targets=(fuzz-query-eval) ;;
    fuzz-sync-wire|sync-wire) targets=(fuzz-sync-wire) ;;
    fuzz-sync-changeset|sync-changeset) targets=(fuzz-sync-changeset) ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
esac

# The only system dependencies: liblz4 and libcrypto headers.
if ! pkg-config --exists liblz4 libcrypto 2>/dev/null; then
    sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get install -y liblz4-dev libssl-dev
fi

for t in "${targets[@]}"; do
    echo "== building $t ($config)"
    swift build --package-path "$here" --scratch-path "$here/.build-fuzz" -c "$config" \
        --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product "$t"
done
[[ "$seconds" == build ]] && exit 0
bin="$(swift build --package-path "$here" --scratch-path "$here/.build-fuzz" -c "$config" --show-bin-path)"

keep_going=()
if [[ -n "${FUZZ_KEEP_GOING:-}" ]]; then
    keep_going=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
fi
# A unit may take this long before libFuzzer reports a timeout. Debug builds (with Swift's
# checks and ASan) run some legitimate inputs 5-10x slower than release, and CI runs every target
# at once on two cores: one storage-ops input writing 60 MB took 8.5 s alone in debug.
unit_timeout=10
[[ "$config" == debug ]] && unit_timeout=60
started="$(mktemp)"
trap 'rm -f "$started"' EXIT

pids=()
for t in "${targets[@]}"; do
    # Operation sequences need room: let them grow to 2 KiB at once.
    extra=()
    [[ "$t" == fuzz-storage-ops ]] && extra=(-max_len=2048)
    # Queries: start from RQL's keywords and literal forms.
    [[ "$t" == fuzz-query ]] && extra=(-dict="$here/query.dict")
    # Query evaluation: the harness skips inputs over 320 bytes; add the fixture's names.
    [[ "$t" == fuzz-query-eval ]] && extra=(-dict="$here/query-eval.dict" -max_len=320)
    # Sync frames: room for a few changesets, some of them compressed.
    [[ "$t" == fuzz-sync-wire ]] && extra=(-max_len=8192)
    # Sync changesets: a few dozen instructions, with the harness's class and property names.
    [[ "$t" == fuzz-sync-changeset ]] && extra=(-max_len=4096 -dict="$here/sync-changeset.dict")
    corpus="${t#fuzz-}"
    mkdir -p "$here/corpus-work/$corpus" "$here/artifacts/$t"
    cp -n "$here/corpus/$corpus"/* "$here/corpus-work/$corpus"/ 2>/dev/null || true
    echo "== running $t for ${seconds}s (log: Fuzz/artifacts/$t.log)"
    # shellcheck disable=SC2086
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$here/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" "$bin/$t" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$unit_timeout" -print_final_stats=1 -detect_leaks=0 \
        -artifact_prefix="$here/artifacts/$t/" "${extra[@]}" "${keep_going[@]}" ${FUZZ_ARGS:-} \
        "$here/corpus-work/$corpus" >"$here/artifacts/$t.log" 2>&1 &
    pids+=($!)
done

status=0
for i in "${!targets[@]}"; do
    t="${targets[$i]}"
    rc=0
    wait "${pids[$i]}" || rc=$?
    log="$here/artifacts/$t.log"
    final="$(grep -E '^#[0-9]+:? +(DONE|INITED|pulse|NEW|REDUCE|cov:)|^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 || true)"
    found="$(find "$here/artifacts/$t" -type f -newer "$started" | sort)"
    echo "== $t: exit $rc"
    echo "   last status: ${final:-none}"
    grep -E '^stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$log" | sed 's/^/   /' || true
    if [[ $rc -ne 0 || -n "$found" ]]; then
        status=1
        grep -E '^(==[0-9]+== ?ERROR|SUMMARY)|Fatal error|FUZZ FAILURE' "$log" | sort | uniq -c | head -20 | sed 's/^/   /' || true
        # Enough to diagnose a finding from CI's log alone: the first crash's stack (our
        # frames) and its input, base64-encoded when libFuzzer printed it (inputs up to 4 KiB).
        echo "   first stack (Fief, harness and Swift frames):"
        awk '/deadly signal|==ERROR|== ERROR/ { on = 1 } on && /^ *#[0-9]+ / { print; if (++n == 40) exit }' "$log" \
            | grep -E 'Fief|Harness|fuzz_|Swift|\$s' | grep -v 'fuzzer::' | head -25 | sed 's/^ */     /' || true
        grep -m1 -E '^Base64: .+' "$log" | cut -c1-6000 | sed 's/^/   input /' || true
        echo "   findings:"
        echo "${found:-   (none saved)}" | sed 's/^/     /'
    fi
done
exit $status
