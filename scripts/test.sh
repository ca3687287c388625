#!/usr/bin/env bash
# Sets up and runs every Calx test on Debian 12 / Raspberry Pi OS (the README's second command; .ci/run calls it):
#  1. the packages (scripts/install-deps.sh);
#  2. the VM end-to-end test, Tests/System/e2e.sh (where QEMU and a Debian kernel package can be had; else it
#     prints "vm-e2e: skipped: REASON"), and the system test, Tests/System/system-test.sh (the .deb in a real
#     Debian 12 system in the VM; "system-vm: skipped: REASON" without mmdebstrap or QEMU);
#  3. on their release build: the soak, memcheck and a short fuzz (scripts/test/), and whether the release
#     link's symbol order has gone stale (scripts/build/symbol-order.sh --check); the Pi image's file checks
#     (scripts/test/image.sh --files) where one was built;
#  4. the unit, property, golden and CLI tests (swift test).
# Each step's output is also in .build/STEP-output.txt. The VM tests run first so that `swift test`'s own
# closing lines stay the last lines of the output (CI reads them); a failed step still fails the run, and then
# after them come its fail lines and a line naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
# Without QEMU or busybox the VM tests skip themselves; that must not stop the other tests.
scripts/install-deps.sh --vm --package || echo "scripts/test.sh: could not install the VM tests' packages (see above)"
mkdir -p .build
failed=()
# step NAME COMMAND...: runs one step, its output also in .build/NAME-output.txt; a failure is remembered.
step() { local name="$1"; shift; "$@" 2>&1 | tee ".build/$name-output.txt" || failed+=("$name"); }

# The system test's Debian root (mmdebstrap: network and dpkg, about 2 min cold) is built in the background
# while the e2e test builds calx and runs; the system test's own call waits for it (a lock), then finds it cached.
if command -v mmdebstrap >/dev/null; then
    Tests/System/system-root.sh .build/vm > .build/system-root-output.txt 2>&1 &
fi
step vm-e2e Tests/System/e2e.sh
step system-vm Tests/System/system-test.sh

# The soak (40,000 frames of random visitors through the run path), valgrind memcheck over the headless
# commands and a seeded run of every fuzz target (issue 10's note reports 1,000,000 cases each).
step soak scripts/test/soak.sh
step memcheck scripts/test/memcheck.sh
step fuzz scripts/test/fuzz.sh all --seed "$(date +%Y%m%d)" --count 10000
step symbol-order scripts/build/symbol-order.sh --check
# The Pi image's file checks, where an image was built (scripts/build/image.sh takes about 11 minutes and its boot
# test about 15 more, beyond CI's 30; docs/pi-image.md): seconds, or "image-test: skipped: ..." without one.
step image-files scripts/test/image.sh --files

swift build --build-tests
step test swift test --skip-build --parallel

# CI keeps only the output's tail: each failed step's own fail lines are repeated here, after swift test's.
for name in "${failed[@]}"; do
    grep -E ": fail:|FAILED|[Ee]rror:|✘" ".build/$name-output.txt" | tail -12 | sed "s/^/  $name: /" || true
    echo "scripts/test.sh: $name FAILED (all of its output is in .build/$name-output.txt)"
done
[ ${#failed[@]} -eq 0 ]
