#!/usr/bin/env bash
# The soak on a real kernel, opt-in (about 15 minutes; not part of scripts/test.sh): Tests/System/e2e.sh's
# soak boot (MINUTES, default 10, of uinput touch, each followed by a VT switch away and back and a display
# unplugged and plugged back; the kiosk's RSS and fds from /proc after every minute) and its memcheck boot
# (valgrind memcheck over `calx doctor` and `calx run` in the guest).
#   scripts/test/vm-soak.sh [MINUTES]
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh --vm
CALX_VM_BOOTS="soak memcheck" CALX_VM_SOAK_MINUTES="${1:-10}" Tests/System/e2e.sh
