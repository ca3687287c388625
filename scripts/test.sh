#!/usr/bin/env bash
# Sets up and runs every Calx test on Debian 12 / Raspberry Pi OS: packages, the VM end-to-end test (where
# QEMU and a Debian amd64 kernel package can be had; else it prints "vm-e2e: skipped: REASON"), the system
# test (the .deb in a real Debian 12 system in the VM; "system-vm: skipped: REASON" without mmdebstrap or
# QEMU), the soak, memcheck and a short fuzz (scripts/soak.sh, scripts/memcheck.sh, scripts/fuzz.sh), then
# the unit, golden and CLI tests.
# The VM test runs first so that `swift test`'s own closing lines stay the last lines of the output (CI
# reads them); a VM failure still fails the run, and then one line after them says so.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
# Without QEMU or busybox the VM test skips itself; that must not stop the other tests.
scripts/install-deps.sh --vm --package || echo "scripts/test.sh: could not install the VM tests' packages (see above)"
mkdir -p .build

# The system test's Debian root (mmdebstrap: network and dpkg, about 2 min cold) is built in the background
# while the e2e test builds calx and runs; the system test's own call waits for it (a lock), then finds it cached.
if command -v mmdebstrap >/dev/null; then
    deploy/vm/system-root.sh .build/vm > .build/system-root-output.txt 2>&1 &
fi
vm_status=0
deploy/vm/e2e.sh 2>&1 | tee .build/vm-e2e-output.txt || vm_status=$?
system_status=0
deploy/vm/system-test.sh 2>&1 | tee .build/system-vm-output.txt || system_status=$?

# The soak (40,000 frames of random visitors through the run path) and valgrind memcheck over the
# headless commands, on the VM test's release build.
soak_status=0
scripts/soak.sh 2>&1 | tee .build/soak-output.txt || soak_status=$?
memcheck_status=0
scripts/memcheck.sh 2>&1 | tee .build/memcheck-output.txt || memcheck_status=$?
# A small seeded run of every fuzz target (the note of issue 10 reports 1,000,000 cases each).
fuzz_status=0
scripts/fuzz.sh all --seed "$(date +%Y%m%d)" --count 10000 2>&1 | tee .build/fuzz-output.txt || fuzz_status=$?

swift build --build-tests
test_status=0
swift test --skip-build --parallel 2>&1 | tee .build/test-output.txt || test_status=$?

if [ $system_status -ne 0 ]; then
    echo "scripts/test.sh: the system test FAILED (its system-vm: fail lines are above, all of it in .build/system-vm-output.txt)"
fi
if [ $vm_status -ne 0 ]; then
    echo "scripts/test.sh: the VM end-to-end test FAILED (its vm-e2e: fail lines are above, all of it in .build/vm-e2e-output.txt)"
    exit 1
fi
if [ $soak_status -ne 0 ] || [ $memcheck_status -ne 0 ]; then
    echo "scripts/test.sh: the soak or memcheck FAILED (.build/soak-output.txt, .build/memcheck-output.txt)"
    exit 1
fi
if [ $fuzz_status -ne 0 ]; then
    echo "scripts/test.sh: a fuzz target FAILED (its lines are above, all of it in .build/fuzz-output.txt)"
    exit 1
fi
[ $system_status -eq 0 ] || exit 1
exit $test_status
