#!/usr/bin/env bash
# Installs the Debian packages Calx needs to build, run and test.
#   scripts/install-deps.sh          build + run
#   scripts/install-deps.sh --test   also the test and benchmark peers (cairo, muparser, valgrind)
#   scripts/install-deps.sh --vm     also QEMU and friends for the VM tests (e2e.sh, and mmdebstrap for system-test.sh)
#   scripts/install-deps.sh --package   also what scripts/build/package.sh needs (dpkg-dev, lintian, and arm64's
#                                    binutils for packaging the cross build: its strip and objdump)
#   scripts/install-deps.sh --arm64  also the arm64 cross build, its tests under qemu-user, its VM test and its
#                                    instruction counts (qemu-user: the dynamic build, which loads plugins)
#                                    (mmdebstrap makes the trixie chroot and the arm64 sysroot)
#   scripts/install-deps.sh --image  also the Pi image (scripts/build/image.sh) and its test (scripts/test/image.sh):
#                                    the --arm64 and --package sets, the file system tools (no mount: mtools,
#                                    mke2fs -d, sfdisk), arch-test (mmdebstrap asks it whether arm64 runs) and QEMU's arm64 machines
set -euo pipefail
pkgs=(pkg-config libdrm-dev libevdev-dev libudev-dev libsystemd-dev libfreetype-dev libpng-dev
      libfontconfig-dev fontconfig fonts-dejavu-core)
# Arb, for the proved digits: its own package on Debian 12, inside FLINT 3 from Debian 13 (Raspberry Pi OS trixie).
if grep -q '^VERSION_ID="12"' /etc/os-release 2>/dev/null; then pkgs+=(libflint-arb-dev); else pkgs+=(libflint-dev); fi
for arg in "$@"; do
    case "$arg" in
    # valgrind only recommends libc6-dbg, but cannot start without ld.so's symbols (its strlen redirection)
    # time: GNU time, the peak RSS of one process (CalxCLITests' TouchScriptMemoryTests)
    --test) pkgs+=(build-essential libcairo2-dev libpixman-1-dev libmuparser-dev valgrind libc6-dbg python3 time) ;;
    --vm) pkgs+=(qemu-system-x86 busybox-static kmod cpio xz-utils gzip socat mmdebstrap e2fsprogs) ;;
    --package) pkgs+=(dpkg-dev binutils binutils-aarch64-linux-gnu lintian) ;;
    --arm64) pkgs+=(mmdebstrap debian-archive-keyring qemu-user-static qemu-user qemu-system-arm binutils-aarch64-linux-gnu gcc
                    kmod cpio xz-utils gzip python3) ;;
    --image) pkgs+=(mmdebstrap arch-test debian-archive-keyring qemu-user-static qemu-system-arm binutils-aarch64-linux-gnu
                    dpkg-dev binutils kmod cpio xz-utils gzip python3 e2fsprogs dosfstools mtools fdisk socat) ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
    esac
done
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
