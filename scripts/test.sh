#!/usr/bin/env bash
# Sets up and runs every Calx test on Debian 12 / Raspberry Pi OS: packages, the VM end-to-end test (where
# QEMU and a Debian amd64 kernel package can be had; else it prints "vm-e2e: skipped: REASON"), the system
# test (the .deb in a real Debian 12 system in the VM; "system-vm: skipped: REASON" without mmdebstrap or
# QEMU), then the unit, golden and CLI tests.
# The VM test runs first so that `swift test`'s own closing lines stay the last lines of the output (CI
# reads them); a VM failure still fails the run, and then one line after them says so.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
# Without QEMU or busybox the VM test skips itself; that must not stop the other tests.
scripts/install-deps.sh --vm --package || echo "scripts/test.sh: could not install the VM tests' packages (see above)"
mkdir -p .build

vm_status=0
deploy/vm/e2e.sh 2>&1 | tee .build/vm-e2e-output.txt || vm_status=$?
system_status=0
deploy/vm/system-test.sh 2>&1 | tee .build/system-vm-output.txt || system_status=$?

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
[ $system_status -eq 0 ] || exit 1
exit $test_status
