#!/usr/bin/env bash
# Writes scripts/build/symbol-order.txt (beside this script): the functions of calx that its shots and its kiosk
# run path execute, in the order they first run. Package.swift hands the file to lld (release builds), which
# puts those functions first in .text, so the pages that the shot and the kiosk fault in (64 kB at a time, the
# kernel's fault-around) hold little code that never runs: the shot's peak RSS fell by about 2 MB with it
# (docs/performance.md, memory). A stale list costs only pages, never correctness (names no longer in the
# binary are skipped). Needs valgrind (callgrind). About two minutes.
#   scripts/build/symbol-order.sh             makes the list again
#   scripts/build/symbol-order.sh --check     says how much of the list the release binary no longer defines
#                                             (renamed or removed functions), and exits 1 when that is more
#                                             than CALX_SYMBOL_ORDER_LIMIT percent (default 10): make it again
# scripts/test.sh runs the check. Each merge renames a few functions (their mangled names carry their types), so
# a few percent missing is normal; at 10 % the functions run first are no longer the ones that run.
set -euo pipefail
cd "$(dirname "$0")/../.."
list=scripts/build/symbol-order.txt
if [ "${1:-}" = --check ]; then
    export LC_ALL=C
    calx="$(scripts/build/release.sh --log .build/symbol-order-build.log)/calx" \
        || { echo "symbol-order: fail: the release build failed"; exit 1; }
    limit="${CALX_SYMBOL_ORDER_LIMIT:-10}"
    nm --defined-only "$calx" | awk 'NF == 3 { print $3 }' | sort -u > .build/symbol-order-defined.txt
    listed=$(sort -u "$list" | wc -l)
    missing=$(sort -u "$list" | comm -23 - .build/symbol-order-defined.txt | wc -l)
    percent=$(( missing * 100 / listed ))
    verdict=pass; [ "$percent" -le "$limit" ] || verdict=fail
    echo "symbol-order: $verdict: $missing of $listed functions in $list are not in calx ($percent %, limit $limit %)$(
        [ $verdict = pass ] || echo "; make it again: scripts/build/symbol-order.sh")"
    [ $verdict = pass ]
    exit
fi
command -v valgrind >/dev/null || { echo "symbol-order: needs valgrind (apt-get install valgrind)"; exit 1; }
calx="$(scripts/build/release.sh --log .build/symbol-order-build.log)/calx" \
    || { echo "symbol-order: the release build failed"; exit 1; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# A visit at 1920x1080 by touch (keys, the graph, a pan, a pinch, a long press), its state read back,
# then the kiosk's run path: `calx-lab soak` plays visitors through the touch assembler, the run loop's client
# and the frame step, on five screens.
centre() { "$calx" layout --size 1920x1080 | awk -v k="$1" '$1 == k { print $2, $3 }'; }
{
    for key in M sin × = graph; do echo "tap $(centre "$key")"; done
    echo "wait 300"; echo "pan 1400 500 1300 560"; echo "wait 200"
    echo "pinch 1440 540 200 320"; echo "wait 200"; echo "hold 1500 600 800"
} > "$work/visit.txt"
# profile NAME [CALLGRIND OPTION...] PROGRAM ARGUMENT...
profile() {
    local name="$1" options=(); shift
    while [ "${1#--}" != "$1" ]; do options+=("$1"); shift; done
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$name" "${options[@]}" "$@" > "$work/log.$name" 2>&1
}
# The shot whose peak RSS the benchmark gives (scripts/bench/frames.sh) comes first: a graph of tan, and of it
# first its frames alone (drawSettled, after the shot has dropped the start-up's pages): the peak is the picture
# and the code those frames read, so that code is packed together at the front.
profile draw --toggle-collect='*drawSettled*' "$calx" shot --size 1920x1080 --keys "M tan graph" --out "$work/tan.png"
profile 0 "$calx" shot --size 1920x1080 --keys "M tan graph" --out "$work/tan.png"
profile 1 "$calx" shot --size 1920x1080 --out "$work/plain.png"
profile 2 "$calx" shot --size 1920x1080 --touch "$work/visit.txt" --state "$work/state" --out "$work/visit.png"
profile 3 "$calx" shot --size 1920x1080 --state "$work/state" --out "$work/reread.png"
# So short a soak fails its RSS criterion (it is meant for 40,000 frames and more): only the run matters here.
lab="$(scripts/build/release.sh --log .build/symbol-order-build.log calx-lab)/calx-lab"
profile 4 "$lab" soak --frames 3000 --seed 1 || true

# Every function callgrind saw run (fn= lines, first appearance first) that the binary defines.
python3 - "$calx" "$work"/cg.draw "$work"/cg.0 "$work"/cg.1 "$work"/cg.2 "$work"/cg.3 "$work"/cg.4 > "$list" <<'PY'
import re, subprocess, sys
defined = {l.split()[2] for l in subprocess.run(['nm', '--defined-only', sys.argv[1]], capture_output=True,
           text=True, check=True).stdout.splitlines() if len(l.split()) == 3}
seen = set()
for path in sys.argv[2:]:
    names = {}
    for line in open(path, errors='replace'):
        m = re.match(r'^(c?fn)=\((\d+)\)(?: (.*))?$', line.rstrip('\n'))
        if not m: continue
        kind, number, name = m.groups()
        if name: names[number] = name
        name = names.get(number)
        if kind == 'fn' and name in defined and name not in seen:
            seen.add(name); print(name)
PY
# SwiftPM does not know the link reads the list: drop the binary so that the next build links it again.
rm -f "$calx"
echo "symbol-order: $(wc -l < "$list") functions in $list"
