#!/usr/bin/env bash
# Builds the Debian package: calx_VERSION_ARCH.deb in .build/deb/ (the path is the last line printed).
#   scripts/build/package.sh                       amd64 (or this machine's arch): a release build with the static
#                                            Swift runtime, then the package
#   scripts/build/package.sh --arch arm64 --binary PATH [--shlibdeps-sysroot DIR]
#                                            packages a binary built elsewhere (the aarch64 cross build)
# Options:
#   --arch ARCH            Debian architecture of the binary (default: dpkg --print-architecture)
#   --binary PATH          a built calx (static Swift runtime) instead of building here; stripped on a copy
#   --shlibdeps-sysroot DIR  a Debian root of ARCH with its dpkg database (var/lib/dpkg/status, info/*.symbols):
#                          dpkg-shlibdeps reads the libraries, their packages and symbols files there. Without
#                          it the host's own dpkg database is used, which fits only a native build.
#                          mmdebstrap's extract variant writes no database; this makes a fitting one in 35 s
#                          without running ARCH code (the suite decides the Depends: bookworm for Raspberry Pi
#                          OS 12 and Debian 12; a trixie root gives libc6 >= 2.38 and libpng16-16t64). Run it
#                          inside a throwaway chroot or container, never on the build host itself: chrootless
#                          mode runs the packages' maintainer scripts there, and fontconfig-config's writes
#                          links into the running system's /etc/fonts/conf.d:
#                            mmdebstrap --mode=chrootless --variant=custom --arch=arm64 \
#                              --include=libc6,libdrm2,libevdev2,libfreetype6,libpng16-16,libudev1,libsystemd0,libfontconfig1,libstdc++6,libgcc-s1 \
#                              bookworm DIR
#   --version V            package version (default: 0.1.0~gitYYYYMMDD.SHA of HEAD, +dirty with local changes)
#   --out DIR              where the .deb goes (default .build/deb)
#   --no-lintian           skip lintian (it runs when installed and prints its tags)
# Cross builds need ARCH's binutils on PATH (for arm64: aarch64-linux-gnu-strip and -objdump, Debian package
# binutils-aarch64-linux-gnu, which scripts/install-deps.sh --package installs, as this script runs it first);
# dpkg-shlibdeps picks the objdump by DEB_HOST_ARCH, which this script sets.
# Contents: /usr/bin/calx (and calx(1)), /lib/systemd/system/calx.service (and getty@tty1.service.d/calx.conf), /lib/udev/rules.d/70-calx-touchscreen.rules,
# /usr/lib/sysusers.d/calx.conf, /usr/share/doc/calx/ (README, deploy notes, copyright, changelog) and the
# maintainer scripts in deploy/debian/. Depends: dpkg-shlibdeps' list, plus libsystemd0 and libfontconfig1 (calx opens them with dlopen
# under a notify unit and for a font not at its fixed paths, so dpkg-shlibdeps cannot see them), the font and systemd.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
arch="$(dpkg --print-architecture)"; binary=""; sysroot=""; version=""; out="$repo/.build/deb"; lint=yes
while [ $# -gt 0 ]; do
    case "$1" in
    --arch) arch="$2"; shift ;;
    --binary) binary="$(realpath "$2")"; shift ;;
    --shlibdeps-sysroot) sysroot="$(realpath "$2")"; shift ;;
    --version) version="$2"; shift ;;
    --out) out="$2"; shift ;;
    --no-lintian) lint=no ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "package.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
# What it needs, installed as the other scripts install theirs (arm64's strip and objdump among them).
scripts/install-deps.sh --package
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "package.sh: no $tool (scripts/install-deps.sh --package)" >&2; exit 1; }
done
if [ -z "$version" ]; then
    version="0.1.0~git$(git log -1 --format=%cd --date=format:%Y%m%d).$(git rev-parse --short=7 HEAD)"
    git diff --quiet HEAD -- Sources Package.swift Modules deploy 2>/dev/null || version+="+dirty"
fi
triplet="$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)"
tool_prefix=""; [ "$arch" = "$(dpkg --print-architecture)" ] || tool_prefix="$triplet-"
strip="${tool_prefix}strip"
command -v "$strip" >/dev/null || { echo "package.sh: no $strip (for $arch: apt-get install binutils-${triplet//_/-})" >&2; exit 1; }

if [ -z "$binary" ]; then
    [ "$arch" = "$(dpkg --print-architecture)" ] || { echo "package.sh: --arch $arch needs --binary (a cross build)" >&2; exit 2; }
    echo "package.sh: release build, static Swift runtime" >&2
    binary="$(scripts/build/release.sh --log "$out/release-build.log")/calx"
fi
[ -x "$binary" ] || { echo "package.sh: no executable $binary" >&2; exit 1; }

mkdir -p "$out"; out="$(cd "$out" && pwd)"
stage="$(mktemp -d)"; trap 'rm -rf "$stage"' EXIT
root="$stage/calx"
install -D -m 0755 "$binary" "$root/usr/bin/calx"
"$strip" --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/calx"
install -D -m 0644 deploy/calx.service "$root/lib/systemd/system/calx.service"
install -D -m 0644 deploy/debian/getty-tty1.conf "$root/lib/systemd/system/getty@tty1.service.d/calx.conf"
install -D -m 0644 deploy/debian/calx.1 "$root/usr/share/man/man1/calx.1"; gzip -9n "$root/usr/share/man/man1/calx.1"
install -D -m 0755 deploy/debian/calx-wait "$root/usr/libexec/calx/calx-wait"
install -D -m 0644 deploy/70-calx-touchscreen.rules "$root/lib/udev/rules.d/70-calx-touchscreen.rules"
install -D -m 0644 deploy/debian/calx.sysusers "$root/usr/lib/sysusers.d/calx.conf"
doc="$root/usr/share/doc/calx"
install -D -m 0644 README.md "$doc/README.md"
install -D -m 0644 deploy/README.md "$doc/deploy.md"
install -D -m 0644 deploy/PI.md "$doc/PI.md"
install -D -m 0644 deploy/debian/copyright "$doc/copyright"
date_r="$(git log -1 --format=%aD 2>/dev/null || date -R)"
printf 'calx (%s) unstable; urgency=medium\n\n  * Built from commit %s.\n\n -- Calx developers <calx-developers@example.org>  %s\n' \
    "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$date_r" | gzip -9n > "$doc/changelog.gz"

# Depends from dpkg-shlibdeps: it needs a debian/control beside the tree it reads, and the tree's DEBIAN/.
mkdir -p "$stage/debian" "$root/DEBIAN"
printf 'Source: calx\n\nPackage: calx\nArchitecture: %s\n' "$arch" > "$stage/debian/control"
shlibdeps=(dpkg-shlibdeps -O -e"$root/usr/bin/calx")
if [ -n "$sysroot" ]; then
    # The sysroot's dpkg database answers which package holds a library, and its symbols files give the
    # versions. dpkg-shlibdeps asks `dpkg-query --search` with the sysroot's paths: a shim strips the
    # sysroot from the question and adds it back to the answer.
    [ -s "$sysroot/var/lib/dpkg/status" ] || { echo "package.sh: $sysroot has no dpkg database (var/lib/dpkg/status); see --help for a root that has one" >&2; exit 1; }
    mkdir -p "$stage/shim"
    cat > "$stage/shim/dpkg-query" <<SHIM
#!/bin/sh
# dpkg-query --search on the sysroot's database, for paths inside the sysroot. With merged /usr the
# database may list /lib/X where the library was found as /usr/lib/X (or the other way round).
[ "\$1" = --search ] || exec /usr/bin/dpkg-query "\$@"
shift; [ "\$1" = -- ] && shift
for f in "\$@"; do
    p="\${f#$sysroot}"
    for q in "\$p" "\${p#/usr}" "/usr\$p"; do
        owner="\$(/usr/bin/dpkg-query --admindir="$sysroot/var/lib/dpkg" --search -- "\$q" 2>/dev/null | sed -n 's/^\([^:]*\(:[a-z0-9]*\)*\): .*/\1/p' | head -1)"
        [ -n "\$owner" ] && { echo "\$owner: \$f"; break; }
    done
done
SHIM
    chmod +x "$stage/shim/dpkg-query"
    shlibdeps=(env PATH="$stage/shim:$PATH" DEB_HOST_ARCH="$arch" "${shlibdeps[0]}" --admindir="$sysroot/var/lib/dpkg"
               -l"$sysroot/lib/$triplet" -l"$sysroot/usr/lib/$triplet" "${shlibdeps[@]:1}")
elif [ -n "$tool_prefix" ]; then
    shlibdeps=(env DEB_HOST_ARCH="$arch" "${shlibdeps[@]}")
fi
depends="$(cd "$stage" && "${shlibdeps[@]}" | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

for script in postinst prerm postrm; do install -m 0755 "deploy/debian/$script" "$root/DEBIAN/$script"; done
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat > "$root/DEBIAN/control" <<CONTROL
Package: calx
Version: $version
Architecture: $arch
Maintainer: Calx developers <calx-developers@example.org>
Installed-Size: $size
Depends: $depends, libsystemd0, libfontconfig1, fonts-dejavu-core, systemd
Section: math
Priority: optional
Homepage: https://localhost/calx
Description: touchscreen graphing calculator kiosk for DRM/KMS boards
 Calx is a graphing calculator that a Linux board with a touchscreen (a
 Raspberry Pi, or any board with DRM/KMS) boots straight into, without X or
 Wayland. It draws through DRM dumb buffers, reads multitouch through evdev
 and renders text with FreeType.
 .
 The package runs it as the unprivileged calx user on tty1 (calx.service, in
 place of tty1's getty) and keeps its state in /var/lib/calx.
CONTROL
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
deb="$out/calx_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
if [ $lint = yes ] && command -v lintian >/dev/null; then
    echo "package.sh: lintian $(basename "$deb")" >&2
    lintian --info --tag-display-limit 0 "$deb" >&2 || { echo "package.sh: lintian reports errors" >&2; exit 1; }
fi
echo "$deb"
