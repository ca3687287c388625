#!/usr/bin/env bash
# The Debian 12 root of the system test (Tests/System/system-test.sh): a minbase with systemd, udev and the
# libraries calx's package depends on, built by mmdebstrap from the machine's own apt sources and cached.
#   Tests/System/system-root.sh CACHE_DIR     prints the path of the cached root directory (CACHE_DIR/root-KEY)
# KEY hashes this script, so a change to the package list builds a new root. Exit 3: mmdebstrap is missing
# or cannot fetch (the caller skips).
set -euo pipefail
cache="$1"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
# systemd-sysv/udev: the real init; kmod: udev loads the DRM and input modules; the libraries: what
# dpkg-shlibdeps puts in calx's Depends (the image must carry them: the install is offline);
# fonts-dejavu-core: the kiosk's font.
packages=systemd-sysv,udev,kmod,libdrm2,libevdev2,libudev1,libsystemd0,libfreetype6,libpng16-16,libfontconfig1,fontconfig-config,fonts-dejavu-core
key="$(sha256sum < "$0" | cut -c1-12)"
root="$cache/root-$key"
# One build at a time: scripts/test.sh starts this in the background before the VM e2e test, and the
# system test's own call then waits here for it instead of starting over.
exec 9> "$cache/root.lock"
flock 9
if [ ! -x "$root/sbin/init" ]; then
    command -v mmdebstrap >/dev/null || { echo "system-root.sh: no mmdebstrap (scripts/install-deps.sh --vm)" >&2; exit 3; }
    rm -rf "$cache"/root-*
    mmdebstrap --variant=minbase --include="$packages" \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
        --format=directory bookworm "$root.part" > "$cache/mmdebstrap.log" 2>&1 \
        || { tail -5 "$cache/mmdebstrap.log" >&2; echo "system-root.sh: mmdebstrap failed (log: $cache/mmdebstrap.log)" >&2; rm -rf "$root.part"; exit 3; }
    mv "$root.part" "$root"
fi
echo "$root"
