#!/usr/bin/env bash
# Rotation on a real kernel: boots the kiosk turned 0/90/180/270 on virtio-gpu DRM, turned on fbdev
# (DRM's fbdev emulation, 32 bpp, also over-allocated to two pages on bochs) and on 16-bpp vesafb; taps 7 + 2 = √ at the panel pixels where the
# turned picture shows those keys, and compares the QMP screendump with `calx shot` of the same taps,
# turned. Reuses the e2e harness beside it (kernel.sh, initramfs.sh, qemu_run.py, pictures.py) with its own
# /init (rotation-guest-init.sh). Not part of CI.
#   Tests/System/rotation.sh            prints "vm-rotation: pass|fail: NAME: detail", exits 1 on a failure
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"
cache="${CALX_VM_CACHE:-$repo/.build/vm}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
work="$cache/rotation"; rm -rf "$work"; mkdir -p "$work/touch"
kdir="$("$vm/kernel.sh" "$cache")" || { echo "vm-rotation: no kernel"; exit 1; }
bin="$(scripts/build/release.sh --log "$work/build.log" calx calx-touchplay)" || exit 1
for panel in 800x480 800x600; do python3 "$vm/rotation.py" touch "$bin/calx" "$work/touch" "$panel"; done
"$vm/initramfs.sh" "$kdir" "$bin" "$work/touch" "$work/base.cpio.gz" || exit 1
mkdir -p "$work/init"; install -m 0755 "$vm/rotation-guest-init.sh" "$work/init/init"
(cd "$work/init" && echo init | cpio -o -H newc --quiet | gzip -1) > "$work/init.cpio.gz"
cat "$work/base.cpio.gz" "$work/init.cpio.gz" > "$work/initramfs.cpio.gz"   # the later /init wins
if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
failures=0

# run NAME OUT ROTATE PANEL: one boot and its checks
run() {
    local name="$1" out="$2" rotate="$3" panel="$4" dir="$work/$1"
    local display=(-vga none -device "virtio-gpu-pci,xres=${panel%x*},yres=${panel#*x}") kernel="$kdir/vmlinux" extra=""
    # vesafb needs the real-mode setup (bzImage, not PVH) to set VESA mode 0x314: 800x600, 16 bpp
    [ "$out" = vesa ] && { display=(-vga std); kernel="$kdir/vmlinuz"; extra="vga=0x314"; }
    [ "$out" = fbdev2 ] && display=(-vga none -device "VGA,edid=on,xres=${panel%x*},yres=${panel#*x}")
    mkdir -p "$dir"
    python3 "$vm/qemu_run.py" --shots "$dir/shots" --files "$dir/files" --qmp "$dir/qmp.sock" --log "$dir/serial.log" \
        --results "$dir/results.json" --timeout 200 -- \
        qemu-system-x86_64 "${accel[@]}" -m 512 -smp 1 -nographic -no-reboot -nic none "${display[@]}" \
        -kernel "$kernel" -initrd "$work/initramfs.cpio.gz" \
        -append "console=ttyS0 panic=-1 quiet $extra calx.out=$out calx.rotate=$rotate calx.size=$panel" > /dev/null 2>&1
    local w="${panel%x*}" h="${panel#*x}" upright="$panel" detail="" depth=()
    [ "$out" = vesa ] && depth=(--rgb565)
    [ $((rotate % 180)) = 0 ] || upright="${h}x${w}"
    "$bin/calx" shot --size "$upright" --touch "$work/touch/upright-$rotate-$panel.touch" --out "$dir/upright.png"
    local screen; screen="$(grep -a 'calx: calx: /dev' "$dir/serial.log" | tr -d '\r' | sed 's/^calx: calx: //')"
    if [ -s "$dir/shots/keys.ppm" ] && detail="$(python3 "$vm/rotation.py" compare "$dir/upright.png" "$rotate" "$dir/shots/keys.ppm" "$dir/expected.png" "${depth[@]}")"; then
        echo "vm-rotation: pass: $name: $screen; $detail"
    else
        echo "vm-rotation: fail: $name: $screen; ${detail:-no screendump}"; failures=$((failures+1))
    fi
}
for r in 0 90 180 270; do run "drm-$r" drm "$r" 800x480; done
run fbdev-90 fbdev 90 800x480
run fbdev-180 fbdev 180 800x480
run fbdev-two-pages-90 fbdev2 90 800x480     # bochs ignores the pan: Calx must stay on one page
run vesafb16-270 vesa 270 800x600
exit $((failures > 0))
