#!/usr/bin/env bash
# Fuzzes what a kiosk visitor or a bad file can reach: scripts/test/fuzz.sh TARGET|all [--seed N] [--count N]
# Targets: the ones `calx-lab fuzz` names (keys, state, touch, config, evdev, record, messages). Each case is bounded in time (a hang is
# killed by an alarm and named) and in output. A trap names its case; replay it with
#   calx-lab fuzz TARGET --seed N --case K
# Runs the static release build, as a board does (the same build the VM test makes).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${1:-}"
[ -n "$target" ] || { echo "usage: scripts/test/fuzz.sh TARGET|all [--seed N] [--count N]" >&2; exit 2; }
shift
lab="$(scripts/build/release.sh --log .build/fuzz-build.log calx-lab)/calx-lab"
if [ "$target" = all ]; then
    targets=$("$lab" fuzz --list)
else
    targets="$target"
fi
status=0
for t in $targets; do
    "$lab" fuzz "$t" "$@" || { code=$?; echo "fuzz $t: FAILED (exit $code)"; status=1; }
done
exit $status
