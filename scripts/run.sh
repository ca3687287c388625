#!/usr/bin/env bash
# Sets up and runs Calx on Debian 12 / Raspberry Pi OS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release
exec .build/release/calx keys "4 × π ="
