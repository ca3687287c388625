#!/usr/bin/env bash
# The unit, property, golden and CLI tests on arm64: cross-built by scripts/build/arm64.sh --tests (Swift 6.0.3,
# optimised with -enable-testing, the shared Swift runtime of the arm64 sysroot) and run under qemu-aarch64-static, the XCTest cases and
# then the Swift Testing ones. The CLI tests run the arm64 calx too (CALX_BINARY: a wrapper through qemu-user).
# The goldens are the same References/ with the same tolerance as on amd64.
#   scripts/test/arm64.sh      output in .build/arm64/test-output.txt; exit 1 when a test fails
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh --arm64
scripts/build/arm64.sh --tests
eval "$(scripts/build/arm64.sh --env)"
# The CLI tests run CALX_BINARY, calx-touchplay beside it, and the lab's soak and fuzz CALX_LAB_BINARY: all
# through qemu-user.
wrappers="$(dirname "$BIN")/under-qemu"; mkdir -p "$wrappers"
for product in calx calx-touchplay calx-lab; do
    printf '#!/bin/sh\nexec qemu-aarch64-static -L "%s" "%s" "$@"\n' "$SYSROOT" "$TEST_BIN/$product" > "$wrappers/$product"
    chmod +x "$wrappers/$product"
done
wrapper="$wrappers/calx"
output="$(dirname "$BIN")/test-output.txt"
# qemu-user's -L puts the sysroot before "/" for absolute paths only. A walk that opens "/" and goes on
# relative to it (libudev's chase() of /sys/devices/...) stays in the sysroot and finds no /sys there: so the
# run gets a mount namespace of its own in which the host's /sys and /proc are bound into the sysroot too.
mkdir -p "$SYSROOT/sys" "$SYSROOT/proc"
bundle=(unshare --mount --propagation private -- /bin/sh -c 'mount --rbind /sys "$0/sys" && mount --rbind /proc "$0/proc" && exec "$@"'
        "$SYSROOT" qemu-aarch64-static -L "$SYSROOT" "$TEST_BIN/CalxPackageTests.xctest")
started=$SECONDS
status=0
{ CALX_BINARY="$wrapper" CALX_LAB_BINARY="$wrappers/calx-lab" "${bundle[@]}" || status=$?
  CALX_BINARY="$wrapper" CALX_LAB_BINARY="$wrappers/calx-lab" "${bundle[@]}" --testing-library swift-testing || status=$?
  echo "test-arm64: $([ $status = 0 ] && echo passed || echo FAILED) under qemu-aarch64-static in $((SECONDS - started)) s"
  exit $status; } 2>&1 | tee "$output"
