#!/usr/bin/env bash
# A Debian root (system-root.sh's, copied and filled by the caller) made bootable under QEMU: the kernel
# modules the VM needs (with their dependencies) put into it and depmod run, a busybox initramfs that loads
# virtio_blk and ext4, mounts /dev/vda and switches to the root's init (or the kernel's init= word), and the
# root written into an ext4 image with mke2fs -d (no loop device, no mount). Used by system-test.sh, panels.sh
# and e2e.sh's replay boot.
#   Tests/System/root-image.sh KERNEL_DIR ROOT_DIR OUT_DIR SIZE MODULE...
# Writes OUT_DIR/initrd.cpio.gz and OUT_DIR/disk.img (SIZE as mke2fs takes it, e.g. 1200M).
set -euo pipefail
kdir="$1" root="$2" out="$3" size="$4"; shift 4
kver="$(cat "$kdir/version")"
mkdir -p "$out"
modules() { for name in "$@"; do modprobe -d "$kdir/root" -S "$kver" --show-depends "$name" | awk '$1 == "insmod" { print $2 }'; done | awk '!seen[$0]++'; }
for path in $(modules virtio_pci virtio_blk ext4 "$@"); do
    mkdir -p "$root$(dirname "${path#"$kdir/root"}")"; cp "$path" "$root${path#"$kdir/root"}"
done
cp "$kdir/root/lib/modules/$kver"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$kver/"
depmod -b "$root" "$kver"
# The initramfs mounts the root: virtio_blk and ext4 are modules in Debian's kernel.
initrd="$out/initrd"; rm -rf "$initrd"; mkdir -p "$initrd"/{bin,dev,proc,sys,newroot}
cp /bin/busybox "$initrd/bin/busybox"; for a in sh cat mount insmod switch_root sleep; do ln -s busybox "$initrd/bin/$a"; done
: > "$initrd/modules"
for path in $(modules virtio_pci virtio_blk ext4); do cp "$path" "$initrd/"; echo "/$(basename "$path")" >> "$initrd/modules"; done
cat > "$initrd/init" <<'INIT'
#!/bin/sh
mount -t devtmpfs devtmpfs /dev; mount -t proc proc /proc; mount -t sysfs sysfs /sys
init=/sbin/init; for arg in $(cat /proc/cmdline); do case "$arg" in init=*) init="${arg#init=}" ;; esac; done
while read -r m; do insmod "$m"; done < /modules
i=0; while [ ! -e /dev/vda ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
mount -t ext4 -o rw /dev/vda /newroot || { echo "initrd: cannot mount /dev/vda"; sleep 5; exit 1; }
umount /proc /sys; mount --move /dev /newroot/dev
exec switch_root /newroot "$init"
INIT
chmod +x "$initrd/init"
(cd "$initrd" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initrd.cpio.gz"
rm -rf "$initrd"
mke2fs -q -t ext4 -d "$root" -L calxroot "$out/disk.img" "$size" > /dev/null
