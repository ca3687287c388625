#!/usr/bin/env bash
# Sets up and runs Calx on Debian 12 / Raspberry Pi OS: packages, a release build, then the kiosk
# on the first connected DRM display. Without a DRM display it boots the same kiosk in a QEMU VM.
# Extra arguments go to `calx run` (for example --rotate 90 or --connector DSI-1).
set -euo pipefail
cd "$(dirname "$0")/.."
if compgen -G "/dev/dri/card*" >/dev/null || [ -e /dev/fb0 ]; then
    scripts/install-deps.sh
    swift build -c release --product calx
    exec .build/release/calx run "$@"
fi
echo "run.sh: no DRM display here; booting the kiosk in a VM (deploy/vm/try.sh)" >&2
scripts/install-deps.sh --vm
exec deploy/vm/try.sh
