#!/usr/bin/env bash
# Cross-builds Calx for aarch64 (the Raspberry Pi's arm64) with Debian 13's Swift 6.0.3 and the static Swift
# runtime, in a trixie chroot against an arm64 sysroot. No arm64 code runs for the build.
#   scripts/build/arm64.sh            calx and calx-touchplay, release: .build/arm64/release/{calx,calx-touchplay}
#   scripts/build/arm64.sh --tests    also the test bundle and its calx (optimised, -enable-testing, the shared
#                                     Swift runtime; scripts/test/arm64.sh runs them)
#   scripts/build/arm64.sh --env      prints the cache's paths (CHROOT=..., SYSROOT=..., BIN=...) and builds nothing
# Cached under .build/arm64 (CALX_ARM64_CACHE): chroot/ (trixie amd64 with swiftlang), sysroot/ (trixie arm64
# headers and libraries, unpacked, never run), the SwiftPM scratch folders. Each tree is made once; a changed
# package list below remakes it.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
cache="${CALX_ARM64_CACHE:-$repo/.build/arm64}"
mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
chroot_dir="$cache/chroot"
sysroot="$cache/sysroot"
triple=aarch64-unknown-linux-gnu

# The compiler side: amd64 trixie. SwiftPM compiles Package.swift for the host, hence the host C headers here.
chroot_packages=(swiftlang file libc6-dev libgcc-14-dev libstdc++-14-dev pkg-config)
# The target side: arm64 trixie, unpacked only (mmdebstrap's extract variant runs no maintainer script).
# swiftlang carries the static runtime (usr/libexec/swift/lib/swift_static) and the arm64 Swift modules;
# busybox-static and the fonts are for the arm64 VM test and the tests under qemu-user; valgrind is arm64's own,
# tried for instruction counts under qemu-user (docs/arm64.md: calx dies under it before main; scripts/bench/arm64.sh
# counts with a QEMU plugin instead). Dropping it from this list would remake the sysroot.
sysroot_packages=(libc6-dev libgcc-14-dev libstdc++-14-dev libswiftlang swiftlang
                  libdrm-dev libevdev-dev libudev-dev libsystemd-dev libfreetype-dev libpng-dev libfontconfig-dev libflint-dev
                  fonts-dejavu-core fontconfig-config busybox-static valgrind)

if [ "${1:-}" = --env ]; then
    echo "CHROOT=$chroot_dir"; echo "SYSROOT=$sysroot"; echo "BIN=$cache/release"; echo "TEST_BIN=$cache/swiftpm-tests/$triple/release"
    exit 0
fi
tests=no; [ "${1:-}" = --tests ] && tests=yes

# What it needs (mmdebstrap, the keyring, arm64's binutils), installed as the other scripts install theirs.
scripts/install-deps.sh --arm64 >&2
command -v mmdebstrap >/dev/null || { echo "build-arm64: no mmdebstrap (scripts/install-deps.sh --arm64)" >&2; exit 2; }
# The mirror the machine's own apt uses, with the suite trixie.
mirror="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
[ -n "$mirror" ] || mirror="$(sed -n 's/^deb \(\[[^]]*\] \)\?\(http[^ ]*debian\) .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -1)"
mirror="${mirror:-http://deb.debian.org/debian}"
source_line="deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main"

# register_packages ROOT: writes the dpkg database of an extracted root (the extract variant unpacks without
# dpkg): status, each package's file list and its symbols and shlibs files. dpkg-shlibdeps reads them to compute
# the arm64 package's Depends (scripts/build/package.sh --shlibdeps-sysroot). The .debs are removed afterwards.
register_packages() {
    local root="$1" admin="$1/var/lib/dpkg" deb name control file
    mkdir -p "$admin/info"; : > "$admin/status"
    echo 1 > "$admin/info/format"    # the multiarch layout: PACKAGE:ARCH.list for a Multi-Arch: same package
    for deb in "$root"/var/cache/apt/archives/*.deb; do
        name="$(dpkg-deb -f "$deb" Package)"
        [ "$(dpkg-deb -f "$deb" Multi-Arch)" = same ] && name="$name:$(dpkg-deb -f "$deb" Architecture)"
        { dpkg-deb -f "$deb" | sed '/^Package:/a Status: install ok installed'; echo; } >> "$admin/status"
        dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's#^\.##; s#/$##; s#^$#/.#' > "$admin/info/$name.list"
        control="$(mktemp -d)"; dpkg-deb -e "$deb" "$control"
        for file in symbols shlibs triggers; do [ -f "$control/$file" ] && cp "$control/$file" "$admin/info/$name.$file"; done
        rm -rf "$control"
    done
    rm -f "$root"/var/cache/apt/archives/*.deb
}

# tree DIR STAMP MMDEBSTRAP-ARGS...: makes DIR once; STAMP (the package list) in DIR/.calx-tree says it is whole.
# $after, when set, is run on the new tree before it counts as whole.
tree() {
    local dir="$1" stamp="$2"; shift 2
    [ "$(cat "$dir/.calx-tree" 2>/dev/null)" = "$stamp" ] && return 0
    echo "build-arm64: making $dir (trixie, about 1 min and 2.5 GB)" >&2
    rm -rf "$dir" "$dir.part"
    mmdebstrap --quiet "$@" trixie "$dir.part" "$source_line" >&2
    ${after:-true} "$dir.part"
    mv "$dir.part" "$dir"
    echo "$stamp" > "$dir/.calx-tree"
}
t0=$SECONDS
tree "$chroot_dir" "apt ${chroot_packages[*]}" --variant=apt --include="$(IFS=,; echo "${chroot_packages[*]}")"
# The extract variant makes no merged-usr links; the compiler and the loader look in /lib and /lib64.
after=register_packages tree "$sysroot" "extract+dpkg ${sysroot_packages[*]}" --variant=extract --arch=arm64 \
    --skip=cleanup/apt/cache --include="$(IFS=,; echo "${sysroot_packages[*]}")"
for link in bin sbin lib; do [ -e "$sysroot/$link" ] || ln -s "usr/$link" "$sysroot/$link"; done
[ $((SECONDS - t0)) -gt 1 ] && echo "build-arm64: chroot and sysroot ready in $((SECONDS - t0)) s" >&2

# in_chroot COMMAND...: runs in the chroot, in a mount namespace of its own (the mounts end with it). The
# repository and the sysroot appear at their own paths, so the paths compiled in (#filePath of the tests'
# References) are the host's, and qemu-user finds them when the tests run on the host.
in_chroot() {
    unshare --mount --propagation private -- /bin/sh -c '
        chroot_dir="$1" repo="$2" sysroot="$3"; shift 3
        mkdir -p "$chroot_dir$repo" "$chroot_dir$sysroot"
        mount --bind "$repo" "$chroot_dir$repo"
        mount --bind "$sysroot" "$chroot_dir$sysroot"
        mount -t proc proc "$chroot_dir/proc"
        mount --rbind /dev "$chroot_dir/dev"
        mount -t tmpfs tmpfs "$chroot_dir/tmp"
        exec chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"
    ' in_chroot "$chroot_dir" "$repo" "$sysroot" "$@"
}

# SwiftPM reads the .pc files itself: PKG_CONFIG_PATH (LIBDIR alone is not read) and the sysroot prefix.
# --sdk alone passes only -Xcc --sysroot: the frontend also needs -sdk, or the host's Glibc module is used.
# --static-swift-stdlib takes the runtime from the sysroot's swift_static; the tests use its shared one.
# `-Xlinker --trace` makes lld name every file it links: the leak check reads them.
swiftpm() { # SCRATCH CONFIGURATION RESOURCE-DIR SWIFTPM-ARGS...
    local scratch="$1" configuration="$2" resources="$3"; shift 3
    # Trixie's Arb is inside FLINT 3 (Package.swift cannot see the sysroot's headers to choose).
    in_chroot CALX_ARB_LIBRARIES="flint gmp" PKG_CONFIG_PATH="$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$sysroot/usr/share/pkgconfig" \
        PKG_CONFIG_SYSROOT_DIR="$sysroot" PKG_CONFIG_LIBDIR="$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig" \
        swift build --package-path "$repo" --scratch-path "$scratch" -c "$configuration" \
        --triple "$triple" --sdk "$sysroot" -Xswiftc -sdk -Xswiftc "$sysroot" \
        -Xswiftc -resource-dir -Xswiftc "$sysroot/usr/libexec/swift/lib/$resources" -Xswiftc -use-ld=lld \
        -Xlinker --trace "$@"
}

# keep_link_trace LOG: lld's file list of the last build that linked (a warm build links nothing), for the leak check
keep_link_trace() {
    grep -E '^/\S+\.(o|a|so[.0-9]*)(\(.*\))?$' "$cache/logs/$1.log" > "$cache/logs/$1.trace.part" || true
    if [ -s "$cache/logs/$1.trace.part" ]; then mv "$cache/logs/$1.trace.part" "$cache/logs/$1.trace"; else rm "$cache/logs/$1.trace.part"; fi
}

t0=$SECONDS
mkdir -p "$cache/release" "$cache/logs"
for product in calx calx-touchplay; do
    swiftpm "$cache/swiftpm" release swift_static --static-swift-stdlib --product "$product" > "$cache/logs/release-$product.log" 2>&1 \
        || { tail -40 "$cache/logs/release-$product.log" >&2; echo "build-arm64: $product failed (log: $cache/logs/release-$product.log)" >&2; exit 1; }
    install -m 0755 "$cache/swiftpm/$triple/release/$product" "$cache/release/$product"
    keep_link_trace "release-$product"
done
echo "build-arm64: calx and calx-touchplay (release, static Swift runtime) in $((SECONDS - t0)) s: $cache/release" >&2
if [ $tests = yes ]; then
    t0=$SECONDS
    # Optimised (with -enable-testing for @testable): under qemu-user a debug build runs the suite too slowly.
    swiftpm "$cache/swiftpm-tests" release swift --build-tests -Xswiftc -enable-testing > "$cache/logs/tests.log" 2>&1 \
        || { tail -40 "$cache/logs/tests.log" >&2; echo "build-arm64: the tests failed to build (log: $cache/logs/tests.log)" >&2; exit 1; }
    keep_link_trace tests
    echo "build-arm64: the test bundle and its calx in $((SECONDS - t0)) s: $cache/swiftpm-tests/$triple/release" >&2
fi

# No host header or library in the target: the build's own records of what it read and linked (see the script).
in_chroot /bin/sh -c 'find "$@" -name "*.pcm" -exec /usr/libexec/swift/bin/clang -module-file-info {} \;' - \
    "$cache/swiftpm/$triple" $([ $tests = no ] || echo "$cache/swiftpm-tests/$triple") > "$cache/logs/module-inputs.log" 2>&1
python3 "$repo/scripts/build/check-arm64-leaks.py" --chroot "$chroot_dir" "$cache/swiftpm/$triple" "$cache/logs" "$sysroot" "$repo" >&2
[ $tests = no ] || python3 "$repo/scripts/build/check-arm64-leaks.py" --chroot "$chroot_dir" "$cache/swiftpm-tests/$triple" "$cache/logs" "$sysroot" "$repo" >&2
file "$cache/release/calx" "$cache/release/calx-touchplay" | grep -v "ARM aarch64" >&2 && { echo "build-arm64: not aarch64" >&2; exit 1; }
exit 0
