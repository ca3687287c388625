#!/usr/bin/env bash
# Sets up and runs Calx on Debian 12 / Raspberry Pi OS: packages, a release build, then the kiosk
# on the first connected DRM display. Without a DRM display it boots the same kiosk in a QEMU VM
# (deploy/vm/try.sh: a window on a desktop, VNC on 127.0.0.1:5900 when headless).
#   scripts/run.sh [--size WxH] [--vnc] [CALX RUN ARGUMENTS...]
# The arguments go to `calx run` on either path (for example --rotate 90, --theme dark, --connector DSI-1).
# --size (the VM's screen, default 800x480) and --vnc (VNC even on a desktop) are for the VM only.
# Quit with Ctrl-C. In the VM the state is kept on .build/vm/try-state.img, so it survives the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
vm_args=(); calx_args=()
while [ $# -gt 0 ]; do
    case "$1" in
    --size) [ $# -ge 2 ] || { echo "run.sh: --size needs WxH" >&2; exit 2; }; vm_args+=(--size "$2"); shift ;;
    --vnc) vm_args+=(--vnc) ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) calx_args+=("$1") ;;
    esac
    shift
done
if compgen -G "/dev/dri/card*" >/dev/null || [ -e /dev/fb0 ]; then
    [ ${#vm_args[@]} -eq 0 ] || { echo "run.sh: --size and --vnc are for the VM; this machine has a display" >&2; exit 2; }
    scripts/install-deps.sh
    swift build -c release --product calx
    echo "run.sh: calx is $PWD/.build/release/calx (for the headless tools: export PATH=\"$PWD/.build/release:\$PATH\")"
    echo "run.sh: starting the kiosk; quit with Ctrl-C"
    exec .build/release/calx run "${calx_args[@]}"
fi
echo "run.sh: no DRM display here; booting the kiosk in a VM (deploy/vm/try.sh)"
scripts/install-deps.sh --vm
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
echo "run.sh: calx will be $bin/calx (for the headless tools: export PATH=\"$bin:\$PATH\")"
exec deploy/vm/try.sh "${vm_args[@]}" -- "${calx_args[@]}"
