#!/usr/bin/env bash
# Instructions per kiosk frame on arm64 beside x86-64, the turned present against the upright one on both, and a
# Pi 4 frame rate on paper. The cross-built calx (scripts/build/arm64.sh) runs under qemu-aarch64 as a Cortex-A72
# (the Pi 4's core, so glibc picks that core's routines: no SVE, no LSE atomics), the host's static release build
# under qemu-x86_64, both with one plugin that counts every guest instruction executed
# (scripts/bench/arm64-insn-count.c): the two columns are counted the same way. valgrind cannot count on arm64
# (docs/arm64.md): its arm64 build under qemu-user spends minutes reading debug information, then dies in the
# Swift runtime before main.
# The plugin cannot count one function as callgrind's --toggle-collect does, so each figure is counted the way
# scripts/bench/frames.sh counts key-up: a whole `calx bench --frame KIND` run of 11 frames minus one of 1
# frame, over 10 (the frame's event handling included); the present likewise with `calx bench --copy`.
# User-space instructions only (qemu-user runs no guest kernel); deterministic (fixed hashing seed).
#
# The Pi 4 on paper: a frame costs its instructions plus the present's (the frame's damaged pixels, read from
# `calx bench`, times the present's instructions a pixel), at PI_CLOCK_GHZ (1.5: the Pi 4 B's BCM2711 as first
# sold; 1.8 on boards since 2021) and PI_IPC instructions a cycle (1.0: the Cortex-A72 is 3-wide, but this is
# branchy scalar and float code with dependent loads), plus the damaged bytes stored into write-combined scanout
# memory at PI_WC_GBPS (2.0 GB/s: an assumption, under the 5.5 GB/s of STREAM's cached copy on a Pi 4; vc4's dumb
# buffers are mapped write-combined, and the present only stores there, never reads). Stores and instructions are
# added, not overlapped. Nothing of this is measured on a Pi: it is a model, and it says which term decides.
#   scripts/bench/arm64.sh [SIZE...]     (default 800x480 1920x1080)
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh --arm64
scripts/build/arm64.sh
eval "$(scripts/build/arm64.sh --env)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# release.sh's folder is shared with the shared-runtime build (frames.sh): keep this run's static binary apart.
cp "$(scripts/build/release.sh --log .build/bench-arm64-build.log)/calx" "$work/calx-x86_64"
plugin="$(dirname "$BIN")/arm64-insn-count.so"
cc -O2 -shared -fPIC -o "$plugin" scripts/bench/arm64-insn-count.c
export SWIFT_DETERMINISTIC_HASHING=1
clock="${PI_CLOCK_GHZ:-1.5}"; ipc="${PI_IPC:-1.0}"; wc="${PI_WC_GBPS:-2.0}"

# run ARCH ARGUMENT...: one whole `calx` run under qemu-user; prints its instructions and its damaged pixels.
run() {
    local arch="$1"; shift
    case "$arch" in
    aarch64) qemu-aarch64 -cpu cortex-a72 -L "$SYSROOT" -plugin "$plugin" -d plugin -D "$work/log" "$BIN/calx" "$@" ;;
    x86_64)  qemu-x86_64 -cpu max -plugin "$plugin" -d plugin -D "$work/log" "$work/calx-x86_64" "$@" ;;
    esac > "$work/out"
    echo "$(awk '/^instructions / { print $2 }' "$work/log") $(sed -n 's/.* damage_pixels=\([0-9]*\).*/\1/p' "$work/out")"
}
# per ARCH ARGUMENT...: 11 frames minus 1 frame, over 10: "INSTRUCTIONS DAMAGED_PIXELS" a frame.
per() {
    local one eleven
    read -r -a one <<< "$(run "$@" --frames 1)"; read -r -a eleven <<< "$(run "$@" --frames 11)"
    [ -n "${one[0]:-}" ] && [ -n "${eleven[0]:-}" ] || { echo "bench-arm64: no count for $*" >&2; exit 1; }
    echo "$(( (eleven[0] - one[0]) / 10 )) $(( (${eleven[1]:-0} - ${one[1]:-0}) / 10 ))"
}
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

echo "present of a whole 1920x1080 frame into the scanout (instructions per frame, 11 frames minus 1):"
declare -A present=()
for arch in aarch64 x86_64; do
    for turn in 0 90; do read -r present[$arch-$turn] _ <<< "$(per $arch bench --copy $turn --size 1920x1080)"; done
    printf '  %-8s upright %12d  --rotate 90 %12d  turned / upright %s\n' "$arch" \
        "${present[$arch-0]}" "${present[$arch-90]}" "$(ratio "${present[$arch-90]}" "${present[$arch-0]}")"
done
echo

sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(800x480 1920x1080)
echo "instructions per kiosk frame (11 frames minus 1), aarch64 beside x86-64; damage: pixels presented a frame"
printf '%-9s %-10s %12s %8s %12s %8s %10s %10s\n' frame size aarch64 "vs full" x86-64 "vs full" "a64/x86" damage
for size in "${sizes[@]}"; do
    declare -A full=()
    for kind in full key-down key-up pan pinch; do
        read -r arm damage <<< "$(per aarch64 bench --frame "$kind" --size "$size")"
        read -r x86 _ <<< "$(per x86_64 bench --frame "$kind" --size "$size")"
        [ "$kind" = full ] && full=([arm]=$arm [x86]=$x86)
        printf '%-9s %-10s %12d %8s %12d %8s %10s %10d\n' "$kind" "$size" "$arm" "$(ratio "$arm" "${full[arm]}")" \
            "$x86" "$(ratio "$x86" "${full[x86]}")" "$(ratio "$arm" "$x86")" "$damage"
        echo "$kind $size $arm $damage" >> "$work/frames"
    done
done
echo

echo "Pi 4 on paper: ${clock} GHz, IPC ${ipc}, write-combined stores ${wc} GB/s (the model: this script's head)"
printf '%-9s %-10s %10s %10s %10s %12s %12s\n' frame size "draw ms" "present ms" "stores ms" "fps upright" "fps turned"
python3 - "$work/frames" "$clock" "$ipc" "$wc" "${present[aarch64-0]}" "${present[aarch64-90]}" <<'PY'
import sys
path, clock, ipc, wc, upright, turned = sys.argv[1], *map(float, sys.argv[2:])
per_pixel = {0: upright / (1920 * 1080), 90: turned / (1920 * 1080)}
for line in open(path):
    kind, size, instructions, damage = line.split()
    cycles_per_ms = clock * 1e6 * ipc
    draw = int(instructions) / cycles_per_ms
    stores = int(damage) * 4 / (wc * 1e6)
    fps = {t: 1000 / (draw + int(damage) * per_pixel[t] / cycles_per_ms + stores) for t in (0, 90)}
    print(f"{kind:9} {size:10} {draw:10.2f} {int(damage) * per_pixel[0] / cycles_per_ms:10.2f} {stores:10.2f}"
          f" {fps[0]:12.0f} {fps[90]:12.0f}")
PY
