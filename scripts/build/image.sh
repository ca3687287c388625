#!/usr/bin/env bash
# The SD card image for the Raspberry Pi: Debian 13 (trixie) arm64 that boots straight into Calx, with a
# read-only root. Built on amd64 from Debian's own packages (mmdebstrap for arm64, the maintainer scripts run
# by qemu-user), with no loop device and no mount: mke2fs -d, mkfs.fat and mtools write the file systems,
# sfdisk the table. docs/pi-image.md says what it holds and what was verified.
#   scripts/build/image.sh           builds .build/image/calx-pi-arm64.img; the last line is its path and size
#   scripts/build/image.sh --check   the packages the image took (name, version, architecture), read from its
#                                    own root partition, then their count and the image's sha256
# Layout (MBR, which the Pi's boot ROM reads; modelled on Debian's raspi image-specs):
#   1 CALXBOOT  FAT32  /boot/firmware, read-only: firmware, config.txt, cmdline.txt, kernel, initrd, DTBs,
#                      calx.conf and README.txt (editable from any computer)
#   2 calxroot  ext4   /, read-only, never written (tmpfs on /tmp, /var/tmp, /var/cache; the journal in /run)
#   3 calxstate ext4   /var/lib/calx, data=journal: the one place written while Calx runs; grown to the card once
# Reproducible: SOURCE_DATE_EPOCH is HEAD's commit time, the UUIDs, the disk id and the FAT serial are derived
# from HEAD, and every file's time is clamped to it: the same commit, package versions and checkout path give
# the same bytes.
# Env: CALX_IMAGE_DIR (default .build/image; the downloaded packages are kept in its apt-cache/).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
. scripts/build/card.sh
out="${CALX_IMAGE_DIR:-$repo/.build/image}"
image="$out/calx-pi-arm64.img"
config="$repo/deploy/image"
# The boards the card is for, by their upstream device trees (the firmware picks the board's own).
board_dtbs=(bcm2837-rpi-3-b bcm2837-rpi-3-b-plus bcm2711-rpi-4-b bcm2711-rpi-400)
# Not the Pi 5: Debian 13's kernel has its device tree (bcm2712-rpi-5-b.dtb), but not the driver of its SD card's
# host (CONFIG_MMC_SDHCI_BRCMSTB), so it could not mount the root; scripts/test/image.sh reads that from the image.
# The firmware's variants the image's config.txt never asks for: start_x (camera), start_db (debug) and theirs.
unused_firmware=(start_x.elf fixup_x.dat start_db.elf fixup_db.dat start4x.elf fixup4x.dat start4db.elf fixup4db.dat)

# list_packages: the image's own record of what it holds, its root partition's dpkg status read with debugfs
list_packages() {
    [ -s "$image" ] || { echo "image.sh: no $image (run scripts/build/image.sh)" >&2; exit 1; }
    local tmp; tmp="$(mktemp -d)"
    card_extract "$image" 2 "$tmp/root.ext4"
    mkdir -p "$tmp/dpkg/info" "$tmp/dpkg/updates"
    debugfs -R 'dump /var/lib/dpkg/status '"$tmp/dpkg/status" "$tmp/root.ext4" 2>/dev/null
    dpkg-query --admindir="$tmp/dpkg" -W -f '${Package} ${Version} ${Architecture}\n'
    echo "image.sh: $(grep -c '^Package:' "$tmp/dpkg/status") packages; sha256 $(sha256sum "$image" | cut -d' ' -f1) $image"
    rm -rf "$tmp"
}

# register_binfmt: the maintainer scripts are arm64 programs, which the kernel hands to qemu-user-static through
# binfmt_misc. Where nothing registered it (a container without systemd-binfmt), the package's own entry is
# registered here; its F flag opens the interpreter now, so it works inside the chroot too.
register_binfmt() {
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] && return 0
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    grep -v '^#' /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
}

# set_identifiers: the clock and the identifiers, all from the commit
set_identifiers() {
    commit="$(git rev-parse HEAD)"
    export SOURCE_DATE_EPOCH; SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)"
    export E2FSPROGS_FAKE_TIME="$SOURCE_DATE_EPOCH"
    disk_id="0x$(printf '%s disk' "$commit" | sha256sum | cut -c1-8)"
    fat_serial="$(printf '%s fat' "$commit" | sha256sum | cut -c1-8)"
    root_uuid="$(uuid_of root)"; state_uuid="$(uuid_of state)"
}
uuid_of() { # NAME: a version-4-shaped UUID derived from the commit and NAME
    local h; h="$(printf '%s %s' "$commit" "$1" | sha256sum)"
    echo "${h:0:8}-${h:8:4}-4${h:13:3}-a${h:17:3}-${h:20:12}"
}

# build_deb: calx for arm64 and its package, as PI.md makes them (the cross build is cached under .build/arm64)
build_deb() {
    scripts/build/arm64.sh >&2
    eval "$(scripts/build/arm64.sh --env)"
    deb="$(scripts/build/package.sh --arch arm64 --binary "$BIN/calx" --shlibdeps-sysroot "$SYSROOT" --out "$work/deb" --no-lintian | tail -1)"
}

# make_root: the root tree, from Debian's packages. minbase without recommends; dpkg leaves out the documentation
# (the copyright files stay: the licences travel with the binaries), the man pages and every locale but en, de,
# fr and es. The calx package is installed by apt, with what it depends on (libflint among them), as a user's
# apt would. The downloaded packages are kept between builds in apt-cache/.
#   systemd-sysv, udev, kmod: the init and the devices. linux-image-arm64, initramfs-tools: Debian's kernel and the
#   initrd that finds the root (MODULES=most: the Pi's SD host controllers, and virtio for the test).
#   raspi-firmware: the boot partition's files. e2fsprogs, fdisk: the state's fsck and its one growth.
#   zstd: the initrd compressed as initramfs-tools means it to be (without it, gzip).
# The device trees of every other arm64 board are left out (the Pi's are copied to the boot partition).
make_root() {
    local packages=(systemd-sysv udev kmod linux-image-arm64 initramfs-tools raspi-firmware e2fsprogs fdisk zstd)
    local dpkg_opts=(--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
                     --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
                     --dpkgopt='path-exclude=/usr/share/lintian/*' --dpkgopt='path-exclude=/usr/share/bug/*'
                     --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
                     --dpkgopt='path-exclude=/usr/lib/linux-image-*/*' --dpkgopt='path-include=/usr/lib/linux-image-*/broadcom/bcm2*-rpi-*.dtb')
    local l; for l in en de fr es; do
        dpkg_opts+=(--dpkgopt="path-include=/usr/share/locale/$l/*" --dpkgopt="path-include=/usr/share/locale/${l}_*/*")
    done
    local mirror
    mirror="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
    mkdir -p "$out/apt-cache"
    # apt hands dpkg the calx package by its path, which dpkg opens inside the chroot: the package's folder is
    # mounted there at the same path while apt runs.
    local debs; debs="$(dirname "$deb")"
    # What systemd-tmpfiles would make at each boot and cannot on a read-only root (/var/log's README and private/,
    # for instance), made now, in the chroot while mmdebstrap has /proc mounted there.
    local tmpfiles='chroot "$1" systemd-tmpfiles --create' p
    for p in /dev /proc /sys /run /tmp /var/tmp /var/cache /var/lib/calx; do tmpfiles+=" --exclude-prefix=$p"; done
    tmpfiles+=' || echo "image.sh: systemd-tmpfiles --create exited $?" >&2'
    # The essential hook runs before the kernel is installed: /boot/firmware for raspi-firmware's hooks, and no
    # resume device for the initrd to look for (the image has no swap).
    mmdebstrap --arch=arm64 --variant=minbase --components=main,non-free-firmware \
        --aptopt='APT::Install-Recommends "false"' "${dpkg_opts[@]}" \
        --include="$(IFS=,; echo "${packages[*]}")" --include="$deb" \
        --skip=essential/unlink \
        --setup-hook='mkdir -p "$1/var/cache/apt/archives"' --setup-hook="sync-in $out/apt-cache /var/cache/apt/archives" \
        --setup-hook="mkdir -p \"\$1$debs\" && mount -o bind,ro $debs \"\$1$debs\"" \
        --essential-hook='mkdir -p "$1/boot/firmware" "$1/etc/initramfs-tools/conf.d" "$1/etc/initramfs-tools/hooks"; echo RESUME=none > "$1/etc/initramfs-tools/conf.d/resume"' \
        --essential-hook="copy-in $config/initramfs-local-boot /etc/initramfs-tools/hooks" \
        --customize-hook="sync-out /var/cache/apt/archives $out/apt-cache" \
        --customize-hook="umount \"\$1$debs\" && { rmdir -p \"\$1$debs\" 2>/dev/null || true; }" \
        --customize-hook='rm -f "$1/etc/resolv.conf"' \
        --customize-hook="$tmpfiles" \
        trixie "$root" "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror:-http://deb.debian.org/debian} trixie main non-free-firmware" >&2
    rm -f "$out"/apt-cache/calx_*.deb
    kver="$(basename "$(ls -d "$root"/usr/lib/modules/*)")"
}

# configure_root: the image's own files (deploy/image/), the units that must not run, and nothing left that a
# build wrote for itself
configure_root() {
    install -m 0644 "$config/fstab" "$root/etc/fstab"
    sed -i "s/@ROOT_UUID@/$root_uuid/; s/@STATE_UUID@/$state_uuid/" "$root/etc/fstab"
    install -D -m 0644 "$config/calx-image.conf" "$root/etc/systemd/system/calx.service.d/image.conf"
    install -D -m 0644 "$config/journald.conf" "$root/etc/systemd/journald.conf.d/calx-image.conf"
    install -D -m 0755 "$config/calx-grow-state" "$root/usr/libexec/calx/calx-grow-state"
    install -D -m 0644 "$config/calx-grow-state.service" "$root/etc/systemd/system/calx-grow-state.service"
    mkdir -p "$root/etc/systemd/system/local-fs.target.wants"
    ln -sf /etc/systemd/system/calx-grow-state.service "$root/etc/systemd/system/local-fs.target.wants/"
    # The package's postinst enabled calx.service; the image test reads the link back from the image.
    [ -L "$root/etc/systemd/system/multi-user.target.wants/calx.service" ] || { echo "image.sh: calx.service not enabled" >&2; exit 1; }
    # No login anywhere: tty1 is the kiosk's, the serial console shows the boot. Masked too: the units that would
    # write to the read-only root, and those with nothing to do on a kiosk.
    local unit
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
    rm -rf "$root"/var/lib/calx "$root"/var/cache/* "$root"/var/tmp/* "$root"/tmp/* "$root"/boot/firmware/*
    rm -f "$root/var/cache/ldconfig/aux-cache" "$root"/var/lib/dpkg/*-old "$root"/etc/*-
    mkdir -p "$root/var/lib/calx"    # the state partition's mount point
}

# make_boot_tree: the boot partition's files. The firmware from raspi-firmware, Debian's kernel and initrd, the
# boards' device trees, then the image's config.txt, cmdline.txt (the root by UUID), calx.conf and README.txt.
make_boot_tree() {
    mkdir -p "$boot"
    cp -r "$root/usr/lib/raspi-firmware/." "$boot/"
    (cd "$boot" && rm -f "${unused_firmware[@]}")
    # The kernel and the initrd are the boot partition's: the firmware loads them from there, never from the root.
    mv "$root/boot/vmlinuz-$kver" "$boot/vmlinuz"
    mv "$root/boot/initrd.img-$kver" "$boot/initrd.img"
    local dtbs="$root/usr/lib/linux-image-$kver/broadcom" dtb
    for dtb in "${board_dtbs[@]}"; do
        [ -f "$dtbs/$dtb.dtb" ] || { echo "image.sh: no $dtb.dtb in Debian's $kver" >&2; exit 1; }
        cp "$dtbs/$dtb.dtb" "$boot/"
    done
    sed "s/@ROOT_UUID@/$root_uuid/" "$config/cmdline.txt" > "$boot/cmdline.txt"
    cp "$config/config.txt" "$config/calx.conf" "$config/README.txt" "$boot/"
}

# clamp_times: every file's time at most the commit's, so that mke2fs -d and mcopy write the same bytes each build
clamp_times() {
    find "$@" -newermt "@$SOURCE_DATE_EPOCH" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

mib() { echo $(( ($1 + 1048575) / 1048576 )); }

# make_filesystems: the three file systems. The root's is made roomy first, to learn how many blocks its content
# takes with the file system's own tables and journal, then again at that size and 3 % more (it is never written;
# resize2fs -M leaves a quarter free). 4 KiB blocks, as many inodes as files and 1,024 more. The state partition
# starts small: the first boot grows it to the card.
make_filesystems() {
    boot_mib=$(( $(mib "$(du -sb "$boot" | cut -f1)") * 9 / 8 + 4 )); [ $boot_mib -ge 48 ] || boot_mib=48
    state_mib=16
    # --invariant: no clock in the FAT's own fields; the serial is given.
    mkfs.fat -F 32 -n CALXBOOT --invariant -i "$fat_serial" -C "$work/boot.fat" $((boot_mib * 1024)) >/dev/null
    # mtools writes the FAT without a mount: -s the folders too, -m the files' times kept; sorted, one entry at a time.
    local f
    (cd "$boot" && LC_ALL=C find . -mindepth 1 -maxdepth 1 -printf '%P\n' | LC_ALL=C sort | while read -r f; do
        MTOOLS_SKIP_CHECK=1 mcopy -i "$work/boot.fat" -s -m -Q "$f" ::/; done)
    root_mib=$(( $(mib "$(du -sb "$root" | cut -f1)") * 3 / 2 + 64 ))
    make_root_fs
    local used; used=$(( $(fs_blocks 'Block count') - $(fs_blocks 'Free blocks') ))
    root_mib=$(( used * 4096 * 103 / 100 / 1048576 + 1 ))
    until make_root_fs 2>/dev/null; do root_mib=$((root_mib + 8)); done
    mkdir -p "$work/state"
    mke2fs -q -t ext4 -b 4096 -L calxstate -U "$state_uuid" -E "hash_seed=$state_uuid,$fixed" -m 0 -d "$work/state" "$work/state.ext4" "${state_mib}M"
}

# The UUID and the directory hash seed fixed, every table written now (no lazy init), root's owner from the tree.
fixed="lazy_itable_init=0,lazy_journal_init=0,root_owner=0:0"
# make_root_fs: the root's ext4 at root_mib MiB, its tree written in; fails when the tree does not fit
make_root_fs() {
    rm -f "$work/root.ext4"
    mke2fs -q -t ext4 -b 4096 -N $(( $(find "$root" | wc -l) + 1024 )) -L calxroot -U "$root_uuid" \
        -E "hash_seed=$root_uuid,$fixed" -m 0 -d "$root" "$work/root.ext4" "${root_mib}M"
}
fs_blocks() { dumpe2fs -h "$work/root.ext4" 2>/dev/null | sed -n "s/^$1: *//p"; }

# assemble_card: the MBR (partition 1 FAT, as the boot ROM wants; it starts at 4 MiB as Debian's raspi images do),
# then the file systems at their offsets
assemble_card() {
    local start1=$((4 * 2048)); local start2=$((start1 + boot_mib * 2048)); local start3=$((start2 + root_mib * 2048))
    local total=$((start3 + state_mib * 2048))
    rm -f "$image.part"; truncate -s $((total * 512)) "$image.part"
    sfdisk --quiet "$image.part" <<TABLE
label: dos
label-id: $disk_id
unit: sectors

start=$start1, size=$((boot_mib * 2048)), type=c, bootable
start=$start2, size=$((root_mib * 2048)), type=83
start=$start3, size=$((state_mib * 2048)), type=83
TABLE
    dd if="$work/boot.fat" of="$image.part" bs=512 seek=$start1 conv=notrunc,sparse status=none
    dd if="$work/root.ext4" of="$image.part" bs=512 seek=$start2 conv=notrunc,sparse status=none
    dd if="$work/state.ext4" of="$image.part" bs=512 seek=$start3 conv=notrunc,sparse status=none
    mv "$image.part" "$image"
}

# record: what the build took, beside the image (--check reads the same from the image itself)
record() {
    chroot "$root" dpkg-query -W -f '${Package} ${Version} ${Architecture}\n' > "$out/calx-pi-arm64.packages"
    sha256sum "$image" | cut -d' ' -f1 > "$out/calx-pi-arm64.sha256"
}

# unmount_under DIR: what a build stopped half-way left mounted under DIR (the package's folder in the root), so
# that removing DIR cannot reach through a mount
unmount_under() {
    findmnt -rn -o TARGET | awk -v d="$1/" 'index($0, d) == 1' | sort -r | while read -r m; do umount "$m"; done
}

# timed STEP FUNCTION: runs one step and says how long it took
timed() { local t0=$SECONDS; "$2"; echo "image.sh: $1 in $((SECONDS - t0)) s" >&2; }

case "${1:-}" in
--check) list_packages; exit 0 ;;
"") ;;
*) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2 ;;
esac
scripts/install-deps.sh --image >&2
started=$SECONDS
mkdir -p "$out"; out="$(cd "$out" && pwd)"; image="$out/calx-pi-arm64.img"
work="$out/work"; unmount_under "$work"; rm -rf "$work"; mkdir -p "$work"
root="$work/root"; boot="$work/boot"
register_binfmt
set_identifiers
timed "calx for arm64 and its package" build_deb
timed "root (mmdebstrap, arm64)" make_root
configure_root
make_boot_tree
clamp_times "$root" "$boot"
timed "file systems" make_filesystems
assemble_card
record
rm -rf "$work"
echo "image.sh: kernel $kver; boot ${boot_mib} MiB, root ${root_mib} MiB, state ${state_mib} MiB; $(wc -l < "$out/calx-pi-arm64.packages") packages; $((SECONDS - started)) s; sha256 $(cat "$out/calx-pi-arm64.sha256")" >&2
echo "$image $(du -m --apparent-size "$image" | cut -f1) MiB"
