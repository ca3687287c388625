#!/usr/bin/env bash
# Instructions per kiosk frame (valgrind's callgrind, counting only FrameBench.measuredDraw), for every
# kind of frame at 800x480 and 1920x1080, with each frame's ratio to the full frame. Deterministic, so
# the figures can be compared across commits; scripts/bench-peers.sh puts cairo's graph scene beside them.
#   scripts/bench-frames.sh [FRAMES]     (default 20 frames of each kind)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-20}"
swift build -c release --product calx >/dev/null
calx="$(swift build -c release --show-bin-path)/calx"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
printf '%-10s %-10s %14s %10s\n' frame size instr/frame "vs full"
for size in 800x480 1920x1080; do
    full=""
    for kind in full key-down key-up pan pinch; do
        valgrind --tool=callgrind --callgrind-out-file="$out/$kind-$size" --toggle-collect='*measuredDraw*' \
            "$calx" bench --frame "$kind" --size "$size" --frames "$frames" >/dev/null 2>"$out/log"
        total=$(callgrind_annotate "$out/$kind-$size" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
        per=$((total / frames))
        [ -z "$full" ] && full=$per
        printf '%-10s %-10s %14d %10s\n' "$kind" "$size" "$per" "$(python3 -c "print(f'{$per / $full:.3f}')")"
    done
done
