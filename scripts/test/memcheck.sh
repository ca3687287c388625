#!/usr/bin/env bash
# valgrind memcheck over the headless commands: `calx shot` at three sizes with a touch session (keys,
# graph, pinch, pan, long press) saving its state to a file, `calx keys` (also with a touch script),
# `calx doctor` and a short `calx-lab soak` (the run path with file saves). DRM, evdev and udev with real
# devices are checked in the VM (Tests/System/e2e.sh's memcheck boot, CALX_VM_BOOTS=memcheck).
# Pass: no invalid access or uninitialised use, and no definitely or indirectly lost bytes. Possibly lost
# bytes are reported, not failed: valgrind counts the Swift runtime's metadata caches as possibly lost,
# since they hold only interior pointers to their blocks for the life of the process.
# calx's own exit status is not a criterion here (doctor finds no display on a build machine, and under
# valgrind the soak's RSS is valgrind's). scripts/test/memcheck.supp holds the suppressions, each with its reason
# (one: valgrind misreads libevdev's EVIOCGRAB, met in the VM where there are input devices).
# Prints "memcheck: pass|fail: NAME: ..." per run; exits 1 when one fails. Logs in .build/memcheck/.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "memcheck: skipped: no valgrind (scripts/install-deps.sh --test)"; exit 0; }
out=.build/memcheck; rm -rf "$out"; mkdir -p "$out"
started=$SECONDS
bin="$(scripts/build/release.sh --log "$out/build.log" calx calx-lab)" || { echo "memcheck: fail: build"; exit 1; }
sizes=(800x480 480x800 1920x1080)
# The VM test's touch sessions (keys found through `calx layout`), and a long press on the graph after them.
python3 Tests/System/touch_scripts.py "$out/touch" "$bin/calx" "${sizes[@]}" > /dev/null
for size in "${sizes[@]}"; do
    { cat "$out/touch/upto-pan-$size.touch"; awk '$1 == "pinch" { print "hold", $2, $3, 800; exit }' "$out/touch/upto-pan-$size.touch"; } \
        > "$out/session-$size.touch"
done

suppressions=(); [ -f scripts/test/memcheck.supp ] && suppressions=(--suppressions=scripts/test/memcheck.supp)
failures=0
# check NAME [--lab] ARGS...: calx (or calx-lab) ARGS under memcheck
check() {
    local name="$1"; shift
    local program="$bin/calx"; [ "$1" = --lab ] && { program="$bin/calx-lab"; shift; }
    local log="$out/$name.log"
    valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect --track-origins=yes --error-exitcode=99 "${suppressions[@]}" \
        --log-file="$log" "$program" "$@" > "$out/$name.out" 2>&1
    local status=$?
    local definite indirect possible errors
    definite="$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log")"
    indirect="$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log")"
    possible="$(sed -n 's/.*possibly lost: \([0-9,]*\) bytes.*/\1/p' "$log")"
    errors="$(sed -n 's/.*ERROR SUMMARY: \([0-9,]*\) errors.*/\1/p' "$log")"
    # No leak summary at all means nothing was allocated and left: the same as zero.
    local detail="definitely lost ${definite:-0} B, indirectly lost ${indirect:-0} B, possibly lost ${possible:-0} B, errors ${errors:-?}, exit $status"
    if [ "${errors:-1}" = 0 ] && [ "${definite:-0}" = 0 ] && [ "${indirect:-0}" = 0 ] && [ $status -ne 99 ]; then
        echo "memcheck: pass: $name: $detail"
    else
        echo "memcheck: fail: $name: $detail (see $log)"; failures=$((failures+1))
    fi
}
for size in "${sizes[@]}"; do
    check "shot-$size" shot --size "$size" --touch "$out/session-$size.touch" --state "$out/state-$size" --out "$out/shot-$size.png"
done
check keys keys "9 + 3 = sin M →M 7 ÷ 0 = C"
check keys-touch keys "" --touch "$out/session-800x480.touch"
check doctor doctor
check soak --lab soak --frames 1200 --state-dir "$out"
echo "memcheck: $([ $failures -eq 0 ] && echo passed || echo "FAILED ($failures)") in $((SECONDS - started)) s; logs in $out"
[ $failures -eq 0 ]
