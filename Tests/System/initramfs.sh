#!/usr/bin/env bash
# Builds the test VM's initramfs: busybox, the kernel modules (in load order), calx and calx-touchplay with
# their whole library closure, the DejaVu fonts with fontconfig, the touch scripts, and guest-init.sh as /init.
#   Tests/System/initramfs.sh KERNEL_DIR BIN_DIR TOUCH_DIR OUT.cpio.gz [arm64 SYSROOT]
# TOUCH_DIR holds session-WxH.touch and burst-WxH.touch (touch_scripts.py writes them).
# Native (amd64), everything comes from the host and ldd finds the libraries. For arm64 it all comes from
# the cross build's SYSROOT: busybox-static, the fonts, and the libraries (the NEEDED closure, by readelf).
set -euo pipefail
kdir="$1"; bin="$2"; touch="$3"; out="$4"; arch="${5:-amd64}"; sysroot="${6:-}"
here="$(cd "$(dirname "$0")" && pwd)"
kver="$(cat "$kdir/version")"
kroot="$kdir/root"
root="$(mktemp -d)"; trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,etc,dev,proc,sys,tmp,run,lib64,usr/lib,var/lib/calx,usr/share/fonts}
mknod -m 600 "$root/dev/console" c 5 1
mknod -m 666 "$root/dev/null" c 1 3

# busybox and its applets (not a link named busybox: ELOOP)
cp "$sysroot/bin/busybox" "$root/bin/busybox"
run_target=(); [ "$arch" = arm64 ] && run_target=(qemu-aarch64-static)
for applet in $("${run_target[@]}" "$sysroot/bin/busybox" --list); do
    [ "$applet" = busybox ] || [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# modules, each once, in dependency order (uncompressed: busybox's insmod reads no .ko.xz)
: > "$root/etc/calx-modules"
for name in virtio_pci virtio-gpu bochs evdev uinput xhci-pci usbhid hid-generic virtio_blk ext4; do
    modprobe -d "$kroot" -S "$kver" --show-depends "$name" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r path; do
    relative="${path#"$kroot"}"
    mkdir -p "$root$(dirname "$relative")"
    cp "$path" "$root$relative"
    case "$relative" in *.xz) xz -d "$root$relative"; relative="${relative%.xz}" ;; esac
    echo "$relative" >> "$root/etc/calx-modules"
done
cp "$kroot/lib/modules/$kver"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$kver/" 2>/dev/null || true
depmod -b "$root" "$kver"

# needed FILE...: the NEEDED closure of ELF files, as paths in the sysroot (a cross build's ldd)
needed() {
    local queue=("$@") seen=" " file name library
    while [ ${#queue[@]} -gt 0 ]; do
        file="${queue[0]}"; queue=("${queue[@]:1}")
        for name in $(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            case "$seen" in *" $name "*) continue ;; esac
            seen+="$name "
            library="$(ls "$sysroot"/usr/lib/aarch64-linux-gnu/"$name" "$sysroot"/usr/lib/"$name" 2>/dev/null | head -1 || true)"
            [ -n "$library" ] || { echo "initramfs: $name (needed by $file) is not in $sysroot" >&2; exit 1; }
            echo "$library"; queue+=("$library")
        done
    done
}

# the programs and every shared library they load (with the loader itself)
for program in calx calx-touchplay; do
    install -m 0755 "$bin/$program" "$root/bin/$program"
    if [ "$arch" = arm64 ]; then
        aarch64-linux-gnu-strip "$root/bin/$program"
        needed "$bin/$program" | while read -r library; do
            mkdir -p "$root/lib/aarch64-linux-gnu"
            cp -L "$library" "$root/lib/aarch64-linux-gnu/"
        done
        continue
    fi
    strip "$root/bin/$program" 2>/dev/null || true
    ldd "$bin/$program" | awk '/=>/ { print $3 } /^\t\// { print $1 }' | while read -r library; do
        [ -e "$library" ] || continue
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
done
if [ "$arch" = arm64 ]; then
    cp -L "$sysroot/usr/lib/ld-linux-aarch64.so.1" "$root/lib/"
else
    cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
fi

# fonts: DejaVu, found directly or through fontconfig
cp -r "$sysroot/usr/share/fonts/truetype/dejavu" "$root/usr/share/fonts/" 2>/dev/null || true
if [ -n "$sysroot" ]; then
    # the sysroot's conf.d links are absolute: they point into the initramfs's own /usr/share/fontconfig
    cp -a "$sysroot/etc/fonts" "$root/etc/fonts"
    cp -a "$sysroot/usr/share/fontconfig" "$root/usr/share/"
elif [ -d /etc/fonts ]; then
    # Every file under /etc/fonts, links followed; a dangling link (a fontconfig upgrade can leave one in
    # conf.d) is skipped, as fontconfig skips it.
    (cd /etc/fonts && find -L . -type f) | while read -r file; do install -D -m 0644 "/etc/fonts/$file" "$root/etc/fonts/$file"; done
fi
mkdir -p "$root/var/cache/fontconfig"

mkdir -p "$root/etc/calx-touch"; cp "$touch"/*.touch "$root/etc/calx-touch/" 2>/dev/null || true
install -m 0755 "$here/guest-init.sh" "$root/init"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 > "$out"
