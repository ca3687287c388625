#!/usr/bin/env bash
# Sets up and runs Calx on Debian 12 / Raspberry Pi OS: packages, a release build, then the kiosk
# on the first connected DRM display. Without a DRM display it boots the same kiosk in a QEMU VM
# (Tests/System/try.sh: a window on a desktop, VNC on 127.0.0.1:5900 when headless).
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
    echo "run.sh: building calx (release)"
    bin="$(scripts/build/release.sh calx)"
    echo "run.sh: calx is $bin/calx (for the headless tools: export PATH=\"$bin:\$PATH\")"
    echo "run.sh: starting the kiosk; quit with Ctrl-C"
    exec "$bin/calx" run "${calx_args[@]}"
fi
echo "run.sh: no DRM display here; booting the kiosk in a VM (Tests/System/try.sh)"
scripts/install-deps.sh --vm
exec Tests/System/try.sh "${vm_args[@]}" -- "${calx_args[@]}"
