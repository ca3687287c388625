#!/usr/bin/env bash
# Fetches and unpacks the Debian kernel package (nothing goes into the host's /boot), and extracts the
# uncompressed vmlinux for a PVH boot. Prints the kernel directory: DIR/vmlinux, DIR/vmlinuz, DIR/root/lib/modules/KVER.
#   deploy/vm/kernel.sh CACHE_DIR
# Exit 3 when no kernel package can be had (the caller skips).
set -euo pipefail
cache="$1"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
package="$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -1)"
if [ -z "$package" ]; then
    package="$(ls "$cache"/linux-image-*-amd64_*.deb 2>/dev/null | sed 's#.*/\(linux-image-[^_]*\)_.*#\1#' | tail -1)"
fi
[ -n "$package" ] || { echo "kernel.sh: apt-cache knows no linux-image-amd64" >&2; exit 3; }
kver="${package#linux-image-}"
dir="$cache/kernel-$kver"
if [ ! -s "$dir/vmlinux" ]; then
    deb="$(ls "$cache/${package}"_*.deb 2>/dev/null | tail -1 || true)"
    if [ -z "$deb" ]; then
        (cd "$cache" && apt-get download "$package" >"$cache/apt-download.log" 2>&1) \
            || { echo "kernel.sh: apt-get download $package failed: $(tail -1 "$cache/apt-download.log")" >&2; exit 3; }
        deb="$(ls "$cache/${package}"_*.deb | tail -1)"
    fi
    rm -rf "$dir"; mkdir -p "$dir/root"
    dpkg-deb -x "$deb" "$dir/root"
    depmod -b "$dir/root" "$kver"
    cp "$dir/root/boot/vmlinuz-$kver" "$dir/vmlinuz"
    python3 "$here/vmtool.py" extract-vmlinux "$dir/vmlinuz" "$dir/vmlinux.part"
    mv "$dir/vmlinux.part" "$dir/vmlinux"
    echo "$kver" > "$dir/version"
fi
echo "$dir"
