#!/usr/bin/env bash
# Groups the findings of a target by signature (kind of failure, message, first frame in Fief's
# sources) by rerunning each one once under the fuzzer build.
#
#   Fuzz/triage.sh fuzz-file|fuzz-storage-ops|fuzz-query|fuzz-query-eval [ARTIFACT...]
#
# Without artifacts it triages everything in Fuzz/artifacts/<target>/. Prints one line per
# signature: the count, the smallest input, the signature.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${1:?usage: $0 TARGET [ARTIFACT...]}"
shift
config="${FUZZ_CONFIG:-release}"
bin="$(swift build --package-path "$here" --scratch-path "$here/.build-fuzz" -c "$config" --show-bin-path)/$target"
[[ -x "$bin" ]] || { echo "build $target first (Fuzz/run.sh $target 0)" >&2; exit 2; }
files=("$@")
[[ ${#files[@]} -gt 0 ]] || mapfile -t files < <(find "$here/artifacts/$target" -type f | sort)

signatures="$(mktemp)"
trap 'rm -f "$signatures"' EXIT
for f in "${files[@]}"; do
    out="$(SWIFT_BACKTRACE=enable=no timeout 120 "$bin" -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 "$f" 2>&1 || true)"
    kind="$(grep -oE 'ERROR: libFuzzer: [a-z -]+|ALARM: working on the last Unit|ERROR: AddressSanitizer: [a-z-]+' <<<"$out" | head -1 || true)"
    message="$(grep -oE '(Fatal error|FUZZ FAILURE): .{0,100}' <<<"$out" | head -1 | sed -E 's/[0-9]{3,}/N/g' || true)"
    frame="$(grep -oE 'Sources/Fief(Storage|QueryLanguage)?/[A-Za-z+/]+\.swift:[0-9]+' <<<"$out" | head -1 || true)"
    echo "$(stat -c %s "$f") $f|${kind:-no failure}|${message}|${frame}" >>"$signatures"
done
sort -n "$signatures" | awk -F'|' '{ sig = $2 " | " $3 " | " $4; split($1, a, " ");
    if (!(sig in n)) { first[sig] = a[2] " (" a[1] " bytes)"; order[++k] = sig }; n[sig]++ }
    END { for (i = 1; i <= k; i++) printf "%4d  %s\n      smallest: %s\n", n[order[i]], order[i], first[order[i]] }'
