#!/usr/bin/env bash
# Instructions per kiosk frame (valgrind's callgrind, counting only FrameBench.measuredDraw), for every
# kind of frame at 800x480 and 1920x1080, with each frame's ratio to the full frame. Deterministic, so
# the figures can be compared across commits; scripts/bench/peers.sh puts cairo's graph scene beside them.
# Then the figures that need more than one frame's draw:
# - key-up counted the issue's way: a whole `calx bench` run of 11 frames minus one of 1 frame, so the
#   event handling of each frame is in it, against a full frame counted the same way;
# - the present of a whole 1920x1080 frame into the scanout, upright and turned a quarter
#   (`calx bench --copy`, counting only CopyBench.measuredPresent);
# - the attract screen's loop: instructions a second over two passes of its demonstration, and its frames a
#   second (`calx bench --attract`, counting only AttractBench.measuredRun);
# - the peak RSS of `calx shot --size 1920x1080 --keys "M tan graph"` (issue 27's figure: the graph of tan),
#   built as the package builds it (static Swift runtime).
# Lines starting with `figure` are for scripts/bench/peers.sh to read.
#   scripts/bench/frames.sh [FRAMES]     (default 20 frames of each kind)
set -euo pipefail
cd "$(dirname "$0")/../.."
frames="${1:-20}"
calx="$(scripts/build/release.sh --shared-runtime --log .build/bench-build.log)/calx"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# Swift seeds its hashing per process; fixed, two runs of the same work count the same instructions.
export SWIFT_DETERMINISTIC_HASHING=1

# callgrind_total FILE: the run's instruction count.
callgrind_total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

printf '%-10s %-10s %14s %10s\n' frame size instr/frame "vs full"
for size in 800x480 1920x1080; do
    full=""
    for kind in full key-down key-up pan pinch; do
        valgrind --tool=callgrind --callgrind-out-file="$out/$kind-$size" --toggle-collect='*measuredDraw*' \
            "$calx" bench --frame "$kind" --size "$size" --frames "$frames" >/dev/null 2>"$out/log"
        per=$(( $(callgrind_total "$out/$kind-$size") / frames ))
        [ -z "$full" ] && full=$per
        printf '%-10s %-10s %14d %10s\n' "$kind" "$size" "$per" "$(ratio "$per" "$full")"
        echo "figure kiosk-$kind size=$size instr_per_frame=$per" >>"$out/figures"
    done
done
echo
echo "key-up as 11 frames minus 1 frame of a whole run (event handling included), against a full frame so counted:"
for size in 800x480 1920x1080; do
    declare -A whole=()
    for kind in full key-up; do
        for n in 1 11; do
            valgrind --tool=callgrind --callgrind-out-file="$out/whole-$kind-$n" \
                "$calx" bench --frame "$kind" --size "$size" --frames "$n" >/dev/null 2>"$out/log"
            whole[$kind-$n]=$(callgrind_total "$out/whole-$kind-$n")
        done
    done
    full=$(( (whole[full-11] - whole[full-1]) / 10 )); keyup=$(( (whole[key-up-11] - whole[key-up-1]) / 10 ))
    printf '  %-10s key-up %12d  full %12d  key-up / full %s\n' "$size" "$keyup" "$full" "$(ratio "$keyup" "$full")"
    echo "figure key-up-whole size=$size instr_per_frame=$keyup full=$full" >>"$out/figures"
done
echo
echo "present of a whole 1920x1080 frame into the scanout (instructions per frame):"
declare -A present=()
for turn in 0 90; do
    valgrind --tool=callgrind --callgrind-out-file="$out/copy-$turn" --toggle-collect='*measuredPresent*' \
        "$calx" bench --copy "$turn" --size 1920x1080 --frames 5 >/dev/null 2>"$out/log"
    present[$turn]=$(( $(callgrind_total "$out/copy-$turn") / 5 ))
done
printf '  upright %12d  --rotate 90 %12d  turned / upright %s\n' "${present[0]}" "${present[90]}" "$(ratio "${present[90]}" "${present[0]}")"
echo "figure present size=1920x1080 upright=${present[0]} turned=${present[90]}" >>"$out/figures"
echo
echo "the attract screen's loop, two passes (45.4 s): instructions a second (AttractBench.measuredRun) and frames a second:"
for size in 800x480 1920x1080; do
    valgrind --tool=callgrind --callgrind-out-file="$out/attract-$size" --toggle-collect='*measuredRun*' \
        "$calx" bench --attract 45.4 --size "$size" >"$out/attract-$size.txt" 2>"$out/log"
    per=$(python3 -c "print(round($(callgrind_total "$out/attract-$size") / 45.4))")
    fps=$(sed -n 's/.* frames_per_second=\([0-9.]*\).*/\1/p' "$out/attract-$size.txt")
    printf '  %-10s %14d instr/s %8s frames/s\n' "$size" "$per" "$fps"
    echo "figure attract size=$size instr_per_second=$per frames_per_second=$fps" >>"$out/figures"
done
echo
# RSS of the binary a board runs: the package's static build (the shared Swift runtime would add its own pages).
calx="$(scripts/build/release.sh --log .build/bench-build.log)/calx"
rss=$( { /usr/bin/time -v "$calx" shot --size 1920x1080 --keys "M tan graph" --out "$out/shot.png" >/dev/null; } 2>&1 | awk -F': ' '/Maximum resident/ { print $2 }')
echo "peak RSS of calx shot --size 1920x1080 --keys \"M tan graph\": $(python3 -c "print(f'{$rss / 1024:.1f}')") MB"
echo "figure shot-rss size=1920x1080 kb=$rss" >>"$out/figures"
echo
cat "$out/figures"
