#!/usr/bin/env bash
# The Debian 12 roots of the VM tests: a minbase with systemd, udev and the libraries calx's package depends on,
# built by mmdebstrap from the machine's own apt sources and cached.
#   Tests/System/system-root.sh CACHE_DIR           the system test's root (Tests/System/system-test.sh)
#   Tests/System/system-root.sh CACHE_DIR --input   the same with libinput's tools for the panel recordings
#                                                   (panels.sh) and the e2e replay boot: `libinput record`
#                                                   and `libinput replay` (python3, python3-libevdev,
#                                                   python3-pyudev, python3-yaml), without libinput-tools'
#                                                   GTK debug GUI: only its three programs are unpacked.
# Prints the path of the cached root directory (CACHE_DIR/root-KEY or CACHE_DIR/input-root-KEY). KEY hashes
# this script, so a change to the package lists builds new roots. Exit 3: mmdebstrap is missing or cannot fetch
# (the caller skips).
set -euo pipefail
cache="$1"; flavour="${2:-}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
# systemd-sysv/udev: the real init; kmod: udev loads the DRM and input modules; the libraries: what
# dpkg-shlibdeps puts in calx's Depends (the image must carry them: the install is offline);
# fonts-dejavu-core: the kiosk's font.
packages=systemd-sysv,udev,kmod,libflint-arb2,libdrm2,libevdev2,libudev1,libsystemd0,libfreetype6,libpng16-16,libfontconfig1,fontconfig-config,fonts-dejavu-core
prefix=root
case "$flavour" in
"") ;;
--input) packages+=,libinput10,python3,python3-libevdev,python3-pyudev,python3-yaml; prefix=input-root ;;
*) echo "system-root.sh: CACHE_DIR [--input]" >&2; exit 2 ;;
esac
key="$(sha256sum < "$0" | cut -c1-12)"
root="$cache/$prefix-$key"
# One build at a time: scripts/test.sh starts this in the background before the VM e2e test, and the
# system test's own call then waits here for it instead of starting over.
exec 9> "$cache/$prefix.lock"
flock 9
if [ ! -x "$root/sbin/init" ]; then
    command -v mmdebstrap >/dev/null || { echo "system-root.sh: no mmdebstrap (scripts/install-deps.sh --vm)" >&2; exit 3; }
    rm -rf "$cache/$prefix"-*
    mmdebstrap --variant=minbase --include="$packages" \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
        --format=directory bookworm "$root.part" > "$cache/mmdebstrap-$prefix.log" 2>&1 \
        || { tail -5 "$cache/mmdebstrap-$prefix.log" >&2; echo "system-root.sh: mmdebstrap failed (log: $cache/mmdebstrap-$prefix.log)" >&2; rm -rf "$root.part"; exit 3; }
    if [ "$flavour" = --input ]; then
        # libinput-tools' `libinput` and its record and replay programs, from the package itself.
        tools="$cache/libinput-tools"; rm -rf "$tools"; mkdir -p "$tools"
        (cd "$tools" && apt-get download libinput-tools > download.log 2>&1) \
            || { echo "system-root.sh: apt-get download libinput-tools failed" >&2; rm -rf "$root.part"; exit 3; }
        dpkg-deb -x "$tools"/libinput-tools_*.deb "$tools/x"
        install -m 0755 "$tools/x/usr/bin/libinput" "$root.part/usr/bin/libinput"
        mkdir -p "$root.part/usr/libexec/libinput"
        install -m 0755 "$tools/x/usr/libexec/libinput/libinput-record" "$tools/x/usr/libexec/libinput/libinput-replay" \
            "$root.part/usr/libexec/libinput/"
    fi
    mv "$root.part" "$root"
fi
echo "$root"
