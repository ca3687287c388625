#!/usr/bin/env bash
# Instructions per kiosk frame on arm64: the cross-built calx (scripts/build/arm64.sh) under qemu-user with a
# plugin that counts every guest instruction executed (scripts/bench/arm64-insn-count.c). valgrind cannot give these
# (docs/arm64.md): its arm64 build under qemu-user spends minutes reading debug information, then dies in the
# Swift runtime before main.
# The plugin cannot count one function as callgrind's --toggle-collect does, so each figure is counted the way
# scripts/bench/frames.sh counts key-up: a whole `calx bench --frame KIND` run of 11 frames minus one of 1
# frame, over 10 (the frame's event handling included), with its ratio to a full frame counted the same way.
# User-space instructions only (qemu-user runs no guest kernel); deterministic (fixed hashing seed).
#   scripts/bench/arm64.sh [SIZE...]     (default 800x480 1920x1080)
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh --arm64
scripts/build/arm64.sh
eval "$(scripts/build/arm64.sh --env)"
plugin="$(dirname "$BIN")/arm64-insn-count.so"
cc -O2 -shared -fPIC -o "$plugin" scripts/bench/arm64-insn-count.c
export SWIFT_DETERMINISTIC_HASHING=1

# count KIND SIZE FRAMES: the instructions of one whole run.
count() {
    qemu-aarch64 -L "$SYSROOT" -plugin "$plugin" -d plugin "$BIN/calx" bench --frame "$1" --size "$2" --frames "$3" 2>&1 >/dev/null \
        | awk '/^instructions / { print $2 }'
}
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(800x480 1920x1080)
printf '%-10s %-10s %14s %10s\n' frame size instr/frame "vs full"
for size in "${sizes[@]}"; do
    full=""
    for kind in full key-down key-up pan pinch; do
        one=$(count "$kind" "$size" 1); eleven=$(count "$kind" "$size" 11)
        [ -n "$one" ] && [ -n "$eleven" ] || { echo "bench-arm64: no count for $kind $size" >&2; exit 1; }
        per=$(( (eleven - one) / 10 ))
        [ -z "$full" ] && full=$per
        printf '%-10s %-10s %14d %10s\n' "$kind" "$size" "$per" "$(ratio "$per" "$full")"
    done
done
