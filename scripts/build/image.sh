#!/usr/bin/env bash
# The SD card image for the Raspberry Pi: Debian 13 (trixie) arm64 that boots straight into Calx, with a
# read-only root. Built on amd64 from Debian's own packages (mmdebstrap for arm64, maintainer scripts under
# qemu-user), no loop device and no mount: mke2fs -d, mkfs.fat and mtools write the partitions, sfdisk the table.
#   scripts/build/image.sh           builds .build/image/calx-pi-arm64.img; prints its path and size (last line: the path)
#   scripts/build/image.sh --check   the packages the last image took (name, version, arch), read from the image's
#                                    own root partition, and its sha256
# Layout (MBR, as the Pi's boot ROM wants, modelled on Debian's raspi image-specs):
#   1 CALXBOOT  FAT32  /boot/firmware, mounted read-only: firmware, config.txt, cmdline.txt, kernel, initrd,
#                      DTBs, calx.conf and README.txt (editable from any computer)
#   2 calxroot  ext4   /, mounted read-only, never written (tmpfs on /tmp, /var/tmp, /var/cache; journal in /run)
#   3 calxstate ext4   /var/lib/calx, data=journal: the one place written while Calx runs; grown to the card once
# Reproducible: SOURCE_DATE_EPOCH is HEAD's commit time, the UUIDs and the FAT serial are derived from HEAD, and
# every file time is clamped to it. The same commit and the same package versions give the same bytes.
# Env: CALX_IMAGE_DIR (default .build/image).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
out="${CALX_IMAGE_DIR:-$repo/.build/image}"
image="$out/calx-pi-arm64.img"

if [ "${1:-}" = --check ]; then
    [ -s "$image" ] || { echo "image.sh: no $image (run scripts/build/image.sh)" >&2; exit 1; }
    # The root partition's dpkg status, read with debugfs from the image: what it holds, not what a build meant.
    start="$(sfdisk -J "$image" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitiontable"]["partitions"][1]["start"])')"
    tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
    size="$(sfdisk -J "$image" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitiontable"]["partitions"][1]["size"])')"
    dd if="$image" of="$tmp/root.ext4" bs=512 skip="$start" count="$size" status=none
    debugfs -R 'cat /var/lib/dpkg/status' "$tmp/root.ext4" 2>/dev/null > "$tmp/status"
    dpkg-query --admindir="$tmp" -W -f '${Package} ${Version} ${Architecture}\n' 2>/dev/null || {
        mkdir -p "$tmp/db"; cp "$tmp/status" "$tmp/db/status"; mkdir -p "$tmp/db/info" "$tmp/db/updates"
        dpkg-query --admindir="$tmp/db" -W -f '${Package} ${Version} ${Architecture}\n'; }
    echo "image.sh: $(grep -c '^Package:' "$tmp/status") packages; sha256 $(sha256sum "$image" | cut -d' ' -f1) $image"
    exit 0
fi
[ $# -eq 0 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2; }

scripts/install-deps.sh --image >&2
started=$SECONDS
mkdir -p "$out"; out="$(cd "$out" && pwd)"; image="$out/calx-pi-arm64.img"
work="$out/work"; rm -rf "$work"; mkdir -p "$work"

# The maintainer scripts are arm64 programs: the kernel runs them through qemu-user-static's binfmt entry.
# Registered here if the machine has none (a container without systemd-binfmt); F: the interpreter is opened now.
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    grep -v '^#' /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi

# Reproducibility: one clock and one set of identifiers, from the commit.
commit="$(git rev-parse HEAD)"
export SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)"
export E2FSPROGS_FAKE_TIME="$SOURCE_DATE_EPOCH"
uuid_of() { # NAME: a UUID derived from the commit and NAME
    local h; h="$(printf '%s %s' "$commit" "$1" | sha256sum)"
    echo "${h:0:8}-${h:8:4}-4${h:13:3}-a${h:17:3}-${h:20:12}"
}
disk_id="0x$(printf '%s disk' "$commit" | sha256sum | cut -c1-8)"
fat_serial="$(printf '%s fat' "$commit" | sha256sum | cut -c1-8)"
root_uuid="$(uuid_of root)"; state_uuid="$(uuid_of state)"

# Calx for arm64 and its package, as the other scripts make them (cached under .build/arm64).
t0=$SECONDS
scripts/build/arm64.sh >&2
eval "$(scripts/build/arm64.sh --env)"
deb="$(scripts/build/package.sh --arch arm64 --binary "$BIN/calx" --shlibdeps-sysroot "$SYSROOT" --out "$work/deb" --no-lintian | tail -1)"
echo "image.sh: $(basename "$deb") in $((SECONDS - t0)) s" >&2

mirror="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
mirror="${mirror:-http://deb.debian.org/debian}"
source_line="deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main non-free-firmware"

# The root. minbase and no recommends; dpkg leaves out documentation, man pages and every locale but
# en, de, fr and es (the copyright files stay: the licences travel with the binaries).
# systemd-sysv, udev: the init and the devices. linux-image-arm64, initramfs-tools: Debian's kernel and the
# initrd that finds the root on the SD card (MODULES=most has mmc and virtio). raspi-firmware: the boot
# partition's files. e2fsprogs, fdisk: the one first-boot step (the state partition grown) and the state's fsck.
packages=(systemd-sysv udev kmod linux-image-arm64 initramfs-tools raspi-firmware e2fsprogs fdisk)
dpkg_opts=(--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
           --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
           --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
           --dpkgopt='path-exclude=/usr/share/lintian/*' --dpkgopt='path-exclude=/usr/share/bug/*')
for l in en de fr es; do dpkg_opts+=(--dpkgopt="path-include=/usr/share/locale/$l/*" --dpkgopt="path-include=/usr/share/locale/${l}_*/*"); done
root="$work/root"
t0=$SECONDS
# /boot/firmware exists before the kernel is installed: raspi-firmware's hooks copy into it (this script
# then writes config.txt and cmdline.txt itself). The calx package is installed by apt, as a user would.
mmdebstrap --quiet --arch=arm64 --variant=minbase --components=main,non-free-firmware \
    --aptopt='APT::Install-Recommends "false"' "${dpkg_opts[@]}" \
    --include="$(IFS=,; echo "${packages[*]}")" \
    --essential-hook='mkdir -p "$1/boot/firmware"' \
    --customize-hook="copy-in $deb /tmp" \
    --customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/$(basename "$deb")" \
    --customize-hook='rm -f "$1"/tmp/*.deb' \
    trixie "$root" "$source_line" >&2
echo "image.sh: root (mmdebstrap, arm64) in $((SECONDS - t0)) s" >&2

t0=$SECONDS
kver="$(basename "$(ls -d "$root"/usr/lib/modules/*)")"
# The image's own configuration (deploy/image/: fstab, the unit's drop-in, journald, the first-boot grow).
img="$repo/deploy/image"
install -m 0644 "$img/fstab" "$root/etc/fstab"
sed -i "s/@ROOT_UUID@/$root_uuid/; s/@STATE_UUID@/$state_uuid/" "$root/etc/fstab"
install -D -m 0644 "$img/calx-image.conf" "$root/etc/systemd/system/calx.service.d/image.conf"
install -D -m 0644 "$img/journald.conf" "$root/etc/systemd/journald.conf.d/calx-image.conf"
install -D -m 0755 "$img/calx-grow-state" "$root/usr/libexec/calx/calx-grow-state"
install -D -m 0644 "$img/calx-grow-state.service" "$root/etc/systemd/system/calx-grow-state.service"
mkdir -p "$root/etc/systemd/system/local-fs.target.wants"
ln -sf /etc/systemd/system/calx-grow-state.service "$root/etc/systemd/system/local-fs.target.wants/"
# calx enabled by its postinst; make sure (the check below reads it back from the image).
[ -L "$root/etc/systemd/system/multi-user.target.wants/calx.service" ] || { echo "image.sh: calx.service not enabled" >&2; exit 1; }
# No login anywhere: tty1 is the kiosk's, and the serial console only shows the boot. The units that would
# write to the read-only root, or have nothing to do on a kiosk, are masked.
for unit in getty@tty1.service serial-getty@.service getty-static.service autovt@.service \
            systemd-random-seed.service systemd-update-utmp.service systemd-update-utmp-runlevel.service \
            systemd-machine-id-commit.service systemd-firstboot.service systemd-journal-flush.service \
            apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer e2scrub_reap.service \
            fstrim.timer systemd-tmpfiles-clean.timer ldconfig.service systemd-hwdb-update.service \
            systemd-journal-catalog-update.service systemd-update-done.service swap.target; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
# An empty machine-id: systemd makes a transient one in /run at each boot (the root is read-only).
: > "$root/etc/machine-id"; rm -f "$root/var/lib/dbus/machine-id"
echo calx > "$root/etc/hostname"
rm -rf "$root"/var/lib/calx/* "$root"/var/log/* "$root"/var/cache/* "$root"/var/tmp/* "$root"/tmp/*
mkdir -p "$root/var/lib/calx"
# Caches that record build times or build-host facts, made again where read (none is needed read-only).
rm -f "$root/var/cache/ldconfig/aux-cache" "$root/etc/ld.so.cache~" "$root/var/lib/dpkg/"*-old "$root/etc/"*-

# The boot partition's tree: firmware, kernel, initrd, DTBs, config.txt, cmdline.txt, calx.conf.
boot="$work/boot"; mkdir -p "$boot"
cp -r "$root/usr/lib/raspi-firmware/." "$boot/"
cp "$root/boot/vmlinuz-$kver" "$boot/vmlinuz"
cp "$root/boot/initrd.img-$kver" "$boot/initrd.img"
dtbs="$root/usr/lib/linux-image-$kver/broadcom"
for dtb in bcm2837-rpi-3-b bcm2837-rpi-3-b-plus bcm2711-rpi-4-b bcm2711-rpi-400 bcm2712-rpi-5-b; do
    [ -f "$dtbs/$dtb.dtb" ] && cp "$dtbs/$dtb.dtb" "$boot/"
done
for dtb in bcm2837-rpi-3-b bcm2837-rpi-3-b-plus bcm2711-rpi-4-b bcm2711-rpi-400; do
    [ -f "$boot/$dtb.dtb" ] || { echo "image.sh: no $dtb.dtb in $kver" >&2; exit 1; }
done
[ -d "$dtbs/overlays" ] && cp -r "$dtbs/overlays" "$boot/"
sed "s/@ROOT_UUID@/$root_uuid/" "$img/cmdline.txt" > "$boot/cmdline.txt"
cp "$img/config.txt" "$boot/config.txt"
cp "$img/calx.conf" "$boot/calx.conf"
cp "$img/README.txt" "$boot/README.txt"
# The firmware's own copies in /boot/firmware of the root are left out: the FAT partition is mounted there.
rm -rf "$root/boot/firmware"/*
echo "image.sh: boot tree in $((SECONDS - t0)) s (kernel $kver)" >&2

# Every file time clamped to the commit's, so that mke2fs -d and mcopy write the same bytes each time.
find "$root" "$boot" -newermt "@$SOURCE_DATE_EPOCH" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# Sizes: each file system holds its tree with a margin; the state partition starts small and is grown to
# the card at first boot. 1 MiB alignment; the FAT partition starts at 4 MiB as Debian's raspi images do.
mib() { echo $(( ($1 + 1048575) / 1048576 )); }
boot_mib=$(( $(mib "$(du -sb "$boot" | cut -f1)") * 5 / 4 + 8 )); [ $boot_mib -lt 64 ] && boot_mib=64
root_mib=$(( $(mib "$(du -sb "$root" | cut -f1)") * 23 / 20 + 32 ))
state_mib=16
t0=$SECONDS
mkfs.fat -F 32 -n CALXBOOT -i "$fat_serial" -C "$work/boot.fat" $((boot_mib * 1024)) >/dev/null
# mtools: no mount. -s recursive, -m the files' times, -p their (absent) attributes kept plain.
export MTOOLS_SKIP_CHECK=1
(cd "$boot" && LC_ALL=C find . -mindepth 1 -maxdepth 1 -printf '%P\n' | sort | while read -r f; do
    mcopy -i "$work/boot.fat" -s -m -Q "$f" ::/; done)
# hash_seed and the UUID fixed, no lazy init (everything written now), root's owner kept from the tree.
mke2fs -q -t ext4 -L calxroot -U "$root_uuid" -E hash_seed="$root_uuid",lazy_itable_init=0,lazy_journal_init=0,root_owner=0:0 \
    -O ^metadata_csum_seed -m 0 -d "$root" "$work/root.ext4" "${root_mib}M"
mkdir -p "$work/state"; chmod 0700 "$work/state"
mke2fs -q -t ext4 -L calxstate -U "$state_uuid" -E hash_seed="$state_uuid",lazy_itable_init=0,lazy_journal_init=0,root_owner=0:0 \
    -m 0 -d "$work/state" "$work/state.ext4" "${state_mib}M"

# The card: an MBR (the Pi's boot ROM reads MBR, partition 1 FAT), then the three file systems.
start1=$((4 * 2048)); start2=$((start1 + boot_mib * 2048)); start3=$((start2 + root_mib * 2048))
total=$((start3 + state_mib * 2048))
rm -f "$image.part"; truncate -s $((total * 512)) "$image.part"
sfdisk --quiet "$image.part" <<TABLE
label: dos
label-id: $disk_id
unit: sectors

start=$start1, size=$((boot_mib * 2048)), type=c, bootable
start=$start2, size=$((root_mib * 2048)), type=83
start=$start3, size=$((state_mib * 2048)), type=83
TABLE
dd if="$work/boot.fat" of="$image.part" bs=1M seek=4 conv=notrunc status=none
dd if="$work/root.ext4" of="$image.part" bs=512 seek=$start2 conv=notrunc status=none
dd if="$work/state.ext4" of="$image.part" bs=512 seek=$start3 conv=notrunc status=none
mv "$image.part" "$image"
echo "image.sh: partitions in $((SECONDS - t0)) s: boot ${boot_mib} MiB, root ${root_mib} MiB, state ${state_mib} MiB" >&2
# What the build took, beside the image (--check reads the same from the image itself).
chroot "$root" dpkg-query -W -f '${Package} ${Version} ${Architecture}\n' > "$out/calx-pi-arm64.packages"
sha256sum "$image" | cut -d' ' -f1 > "$out/calx-pi-arm64.sha256"
echo "$kver" > "$out/kernel-version"
rm -rf "$root"
echo "image.sh: $(wc -l < "$out/calx-pi-arm64.packages") packages, $((SECONDS - started)) s, sha256 $(cat "$out/calx-pi-arm64.sha256")" >&2
echo "image.sh: $image $(du -m --apparent-size "$image" | cut -f1) MiB"
echo "$image"
