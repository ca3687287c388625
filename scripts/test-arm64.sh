#!/usr/bin/env bash
# The unit, property, golden and CLI tests on arm64: cross-built by scripts/build-arm64.sh --tests (Swift 6.0.3,
# optimised with -enable-testing, the shared Swift runtime of the arm64 sysroot) and run under qemu-aarch64-static, the XCTest cases and
# then the Swift Testing ones. The CLI tests run the arm64 calx too (CALX_BINARY: a wrapper through qemu-user).
# The goldens are the same References/ with the same tolerance as on amd64.
#   scripts/test-arm64.sh      output in .build/arm64/test-output.txt; exit 1 when a test fails
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --arm64
scripts/build-arm64.sh --tests
eval "$(scripts/build-arm64.sh --env)"
wrapper="$(dirname "$BIN")/calx-under-qemu"
printf '#!/bin/sh\nexec qemu-aarch64-static -L "%s" "%s" "$@"\n' "$SYSROOT" "$TEST_BIN/calx" > "$wrapper"
chmod +x "$wrapper"
output="$(dirname "$BIN")/test-output.txt"
bundle=(qemu-aarch64-static -L "$SYSROOT" "$TEST_BIN/CalxPackageTests.xctest")
started=$SECONDS
status=0
{ CALX_BINARY="$wrapper" "${bundle[@]}" || status=$?
  CALX_BINARY="$wrapper" "${bundle[@]}" --testing-library swift-testing || status=$?
  echo "test-arm64: $([ $status = 0 ] && echo passed || echo FAILED) under qemu-aarch64-static in $((SECONDS - started)) s"
  exit $status; } 2>&1 | tee "$output"
