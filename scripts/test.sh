#!/usr/bin/env bash
# Sets up and runs every Calx test on Debian 12 / Raspberry Pi OS: packages, unit and golden tests,
# the CLI tests, and (where QEMU can run) the VM end-to-end test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
swift build --build-tests
swift test --skip-build --parallel 2>&1 | tee .build/test-output.txt
