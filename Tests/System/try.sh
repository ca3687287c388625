#!/usr/bin/env bash
# Try Calx without a board: boots the real kiosk in the test VM (Debian kernel, virtio-gpu DRM), with
# QEMU's usb-tablet as the touch (the mouse; absolute, one finger).
#   Tests/System/try.sh [--size WxH] [--vnc] [-- CALX RUN ARGUMENTS...]     e.g. -- --rotate 90 --theme dark
# With a desktop (DISPLAY or WAYLAND_DISPLAY) it opens a window; headless, or with --vnc, it serves
# VNC on 127.0.0.1:5900 only (connect: vncviewer 127.0.0.1:5900). The kiosk's log is on this terminal;
# quit with Ctrl-C (or close the window). The kiosk's state is kept on a small ext4 disk image,
# .build/vm/try-state.img, so it survives to the next run (delete the file to start afresh).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"
size=800x480; vnc=no; calx_args=()
while [ $# -gt 0 ]; do
    case "$1" in
    --size) size="$2"; shift ;;
    --vnc) vnc=yes ;;
    --) shift; calx_args+=("$@"); break ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "try.sh: unknown option $1 (arguments for calx go after --)" >&2; exit 2 ;;
    esac
    shift
done
command -v qemu-system-x86_64 >/dev/null || { echo "try.sh: needs QEMU: scripts/install-deps.sh --vm" >&2; exit 1; }
cache="${CALX_VM_CACHE:-$repo/.build/vm}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
kdir="$("$vm/kernel.sh" "$cache")" || { echo "try.sh: no Debian kernel package to boot" >&2; exit 1; }
echo "try.sh: building calx (release, static Swift runtime)"
bin="$(scripts/build/release.sh calx calx-touchplay)"
echo "try.sh: calx is $bin/calx (for the headless tools: export PATH=\"$bin:\$PATH\")"
mkdir -p "$cache/try-touch"
"$vm/initramfs.sh" "$kdir" "$bin" "$cache/try-touch" "$cache/try-initramfs.cpio.gz"

if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
backends="$(qemu-system-x86_64 -display help 2>/dev/null)"
window=
if [ $vnc = no ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    if grep -qx gtk <<< "$backends"; then window=gtk,zoom-to-fit=off
    elif grep -qx sdl <<< "$backends"; then window=sdl
    else echo "try.sh: this QEMU has no window backend (Debian: apt-get install qemu-system-gui); using VNC"
    fi
fi
if [ -n "$window" ]; then
    display=(-display "$window")
    echo "try.sh: opening a window; the mouse is the touch"
else
    display=(-display vnc=127.0.0.1:0)
    echo "try.sh: VNC on 127.0.0.1:5900 (e.g. vncviewer 127.0.0.1:5900); the mouse is the touch"
fi
width="${size%x*}"; height="${size#*x}"
# The state disk: like a board's, it keeps what the kiosk saved (fsync'd) when QEMU is stopped.
state_disk="$cache/try-state.img"
[ -s "$state_disk" ] || mke2fs -q -t ext4 -L calxstate "$state_disk" 16M > /dev/null
# calx's arguments travel on the kernel command line, one per line, in base64 (spaces and quotes intact).
args=""
[ ${#calx_args[@]} -eq 0 ] || args=" calx.args=$(printf '%s\n' "${calx_args[@]}" | base64 -w0)"
echo "try.sh: calx run ${calx_args[*]:-(no arguments)}; state on $state_disk"
echo "try.sh: quit with Ctrl-C (or close the window)"
# The serial console on this terminal, with Ctrl-C quitting QEMU (signal=on), and the harness's @@calx
# marker lines left out. This script outlives the Ctrl-C to say where the state is.
trap : INT
qemu-system-x86_64 "${accel[@]}" -m 512 -smp 2 -no-reboot -nic none "${display[@]}" \
    -vga none -device "virtio-gpu-pci,xres=$width,yres=$height" \
    -device qemu-xhci -device usb-tablet \
    -drive "file=$state_disk,format=raw,if=virtio,cache=writeback" \
    -chardev stdio,id=console,signal=on -serial chardev:console \
    -kernel "$kdir/vmlinux" -initrd "$cache/try-initramfs.cpio.gz" \
    -append "console=ttyS0 panic=-1 quiet calx.mode=try calx.size=$size$args" | sed -u '/@@calx-/d'
status=${PIPESTATUS[0]}
echo
echo "try.sh: QEMU stopped (status $status); the kiosk's state is kept in $state_disk"
