#!/usr/bin/env bash
# Fetches and unpacks the Debian kernel package (nothing goes into the host's /boot). Prints the kernel
# directory: DIR/root/lib/modules/KVER, DIR/version, and the image QEMU boots as DIR/boot-image:
#   amd64: the uncompressed vmlinux for a PVH boot (the machine's own Debian 12 kernel);
#   arm64: Debian 13's gzip-compressed Image (QEMU's -kernel unpacks it), fetched with apt-get against a
#          trixie arm64 sources list kept in CACHE_DIR (the host's own apt state is not touched).
#   Tests/System/kernel.sh CACHE_DIR [amd64|arm64]
# Exit 3 when no kernel package can be had (the caller skips).
set -euo pipefail
cache="$1"; arch="${2:-amd64}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"

apt=(apt-get)
apt_cache=(apt-cache)
if [ "$arch" = arm64 ]; then
    # A private apt for trixie arm64: its lists, cache and (empty) status live under CACHE_DIR/apt.
    mirror="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
    mkdir -p "$cache/apt/lists/partial" "$cache/apt/cache/archives/partial"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror:-http://deb.debian.org/debian} trixie main" \
        > "$cache/apt/sources.list"
    : > "$cache/apt/status"
    options=(-o Dir::Etc::SourceList="$cache/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
             -o Dir::State::Lists="$cache/apt/lists" -o Dir::Cache="$cache/apt/cache" -o Dir::State::status="$cache/apt/status"
             -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1)
    apt=(apt-get "${options[@]}")
    apt_cache=(apt-cache "${options[@]}")
    # The lists are fetched once a day at most: the kernel's version changes with them.
    if [ -z "$(find "$cache/apt/lists" -name '*Packages*' -mtime -1 2>/dev/null | head -1)" ]; then
        "${apt[@]}" update -q >"$cache/apt-update.log" 2>&1 || echo "kernel.sh: apt-get update (trixie arm64) failed" >&2
    fi
fi

package="$("${apt_cache[@]}" depends "linux-image-$arch" 2>/dev/null | sed -n "s/^ *Depends: \(linux-image-[0-9].*-$arch\)\$/\1/p" | head -1)"
if [ -z "$package" ]; then
    package="$(ls "$cache"/linux-image-*-"$arch"_*.deb 2>/dev/null | sed 's#.*/\(linux-image-[^_]*\)_.*#\1#' | tail -1)"
fi
[ -n "$package" ] || { echo "kernel.sh: apt-cache knows no linux-image-$arch" >&2; exit 3; }
kver="${package#linux-image-}"
dir="$cache/kernel-$kver"
if [ ! -s "$dir/boot-image" ]; then
    deb="$(ls "$cache/${package}"_*.deb 2>/dev/null | tail -1 || true)"
    if [ -z "$deb" ]; then
        (cd "$cache" && "${apt[@]}" download "$package" >"$cache/apt-download.log" 2>&1) \
            || { echo "kernel.sh: apt-get download $package failed: $(tail -1 "$cache/apt-download.log")" >&2; exit 3; }
        deb="$(ls "$cache/${package}"_*.deb | tail -1)"
    fi
    rm -rf "$dir"; mkdir -p "$dir/root"
    dpkg-deb -x "$deb" "$dir/root"
    # Debian 13 installs the modules under /usr/lib; depmod and modprobe -d look under /lib.
    [ -e "$dir/root/lib" ] || ln -s usr/lib "$dir/root/lib"
    depmod -b "$dir/root" "$kver"
    cp "$dir/root/boot/vmlinuz-$kver" "$dir/vmlinuz"
    if [ "$arch" = amd64 ]; then
        python3 "$here/vmlinux.py" "$dir/vmlinuz" "$dir/vmlinux.part"
        mv "$dir/vmlinux.part" "$dir/vmlinux"
        ln -sf vmlinux "$dir/boot-image"
    else
        ln -sf vmlinuz "$dir/boot-image"
    fi
    echo "$kver" > "$dir/version"
fi
echo "$dir"
