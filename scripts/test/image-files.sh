# The Pi image's file checks, read from the image itself with mtools and debugfs (no mount, no QEMU; seconds).
# Sourced by scripts/test/image.sh, which defines check, pass, fail and $work, and has sourced
# scripts/build/card.sh. check_files IMAGE runs them all; each prints "image-test: pass|fail: NAME: detail".

# The files the Pi's boot ROM and firmware look for on the first FAT partition: bootcode.bin (the Pi 3's ROM),
# start.elf and fixup.dat (the Pi 3's firmware), start4.elf and fixup4.dat (the Pi 4's and 400's, whose ROM is
# in their EEPROM), config.txt and cmdline.txt, then what config.txt names and each board's device tree.
boot_rom_files=(bootcode.bin start.elf fixup.dat start4.elf fixup4.dat config.txt cmdline.txt)
board_dtbs=(bcm2837-rpi-3-b.dtb bcm2837-rpi-3-b-plus.dtb bcm2711-rpi-4-b.dtb bcm2711-rpi-400.dtb)

fat() { MTOOLS_SKIP_CHECK=1 "$@"; }
rootcat() { debugfs -R "cat $1" "$work/root.ext4" 2>/dev/null; }
rootlink() { debugfs -R "stat $1" "$work/root.ext4" 2>/dev/null | sed -n 's/^Fast link dest: "\(.*\)"$/\1/p'; }
fs_field() { dumpe2fs -h "$1" 2>/dev/null | sed -n "s/^$2: *//p"; }

check_partition_table() {
    local layout="" n
    for n in 1 2 3; do layout+="$(card_field "$image" $n type)$(sfdisk --dump "$image" | grep -q "img$n : .*bootable" && echo '*') "; done
    check partition-table "MBR $(sfdisk --dump "$image" | sed -n 's/^label-id: //p'): ${layout}(partition 1 from sector $(card_field "$image" 1 start))" \
        [ "$(sfdisk --dump "$image" | sed -n 's/^label: //p')" = dos -a "$layout" = "c* 83 83 " -a "$(card_field "$image" 1 start)" = 8192 ]
}

check_boot_files() {
    local listing missing="" f
    listing=" $(fat mdir -i "$work/boot.fat" -b ::/ | sed 's#^::/##' | tr '\n' ' ') "
    for f in "${boot_rom_files[@]}" vmlinuz initrd.img "${board_dtbs[@]}" calx.conf README.txt; do
        [[ "$listing" == *" $f "* ]] || missing+="$f "
    done
    check boot-files "$(wc -w <<< "$listing") entries on $(fat mlabel -i "$work/boot.fat" -s :: | sed 's/.*is //; s/ *$//'); missing: ${missing:-none}" [ -z "$missing" ]
}

check_config_txt() {
    fat mtype -i "$work/boot.fat" ::/config.txt > "$work/config.txt"
    local line missing=""
    for line in arm_64bit=1 upstream_kernel=1 kernel=vmlinuz "initramfs initrd.img followkernel" enable_uart=1 disable_fw_kms_setup=1; do
        grep -qx "$line" "$work/config.txt" || missing+="'$line' "
    done
    check config.txt "$(grep -v '^#' "$work/config.txt" | grep . | tr '\n' ';'); missing: ${missing:-none}" [ -z "$missing" ]
}

check_cmdline() {
    fat mtype -i "$work/boot.fat" ::/cmdline.txt > "$work/cmdline.txt"
    local root_uuid; root_uuid="$(fs_field "$work/root.ext4" 'Filesystem UUID')"
    check cmdline.txt "$(cat "$work/cmdline.txt")" \
        grep -qE "(^| )root=UUID=$root_uuid .*(^| )ro( |$)" "$work/cmdline.txt"
}

# The kernel is an arm64 Image (its magic "ARMd" at byte 56) whose version is the root's modules' and the initrd's.
check_kernel() {
    mkdir -p "$work/kernel"
    fat mcopy -o -i "$work/boot.fat" ::/vmlinuz ::/initrd.img "$work/kernel/"
    kver="$(grep -aom1 'Linux version [^ ]*' "$work/kernel/vmlinuz" | cut -d' ' -f3)"
    local magic; magic="$(dd if="$work/kernel/vmlinuz" bs=1 skip=56 count=4 status=none)"
    local modules; modules="$(debugfs -R 'ls -p /usr/lib/modules' "$work/root.ext4" 2>/dev/null | awk -F/ '$6 != "." && $6 != ".." && $6 != "" { print $6 }')"
    check kernel "vmlinuz: arm64 Image ($magic) $kver, $(( $(stat -c %s "$work/kernel/vmlinuz") / 1048576 )) MiB; initrd.img $(( $(stat -c %s "$work/kernel/initrd.img") / 1048576 )) MiB; the root's modules: $modules" \
        [ "$magic" = ARMd -a -n "$kver" -a "$modules" = "$kver" -a -s "$work/kernel/initrd.img" ]
}

# The Pi 5: what Debian's kernel would need to mount the root from its card, read from the image's kernel config.
report_pi5() {
    local sd; sd="$(rootcat "/boot/config-$kver" | sed -n 's/^# \(CONFIG_MMC_SDHCI_BRCMSTB\) is not set/\1 off/p; s/^\(CONFIG_MMC_SDHCI_BRCMSTB=.*\)/\1/p')"
    echo "image-test: note: Pi 5: its SD card's host driver in $kver: ${sd:-CONFIG_MMC_SDHCI_BRCMSTB absent}$([ "${sd% off}" != "$sd" ] && echo ': it could not mount the root from the card, so the Pi 5 is not targeted')"
}

check_root_read_only() {
    fstab="$(rootcat /etc/fstab | grep -v '^#')"
    local root_uuid; root_uuid="$(fs_field "$work/root.ext4" 'Filesystem UUID')"
    check root-read-only "fstab: $(awk '$2 == "/" { print $1, $3, $4 }' <<< "$fstab"); no swap: $([ -z "$(awk '$3 == "swap"' <<< "$fstab")" ] && echo yes || echo no); label $(fs_field "$work/root.ext4" 'Filesystem volume name')" \
        [ "$(awk '$2 == "/" { print $1 " " $4 }' <<< "$fstab" | cut -d, -f1)" = "UUID=$root_uuid ro" -a -z "$(awk '$3 == "swap"' <<< "$fstab")" ]
}

check_state_partition() {
    local state_uuid line; state_uuid="$(fs_field "$work/state.ext4" 'Filesystem UUID')"
    line="$(awk '$2 == "/var/lib/calx"' <<< "$fstab")"
    check state-partition "fstab: $(awk '{ print $1, $3, $4 }' <<< "$line")" \
        [ "$(awk '{ print $1 }' <<< "$line")" = "UUID=$state_uuid" -a -n "$(grep -o 'data=journal' <<< "$line")" ]
}

check_unit() {
    local link; link="$(rootlink /etc/systemd/system/multi-user.target.wants/calx.service)"
    local dropin; dropin="$(rootcat /etc/systemd/system/calx.service.d/image.conf | grep '^Environment=')"
    check unit-enabled "multi-user.target.wants/calx.service -> $link; drop-in: $dropin" \
        [ -n "$link" -a "$dropin" = "Environment=CALX_CONFIG=/boot/firmware/calx.conf" ]
}

check_packages() {
    local status; status="$(rootcat /var/lib/dpkg/status)"
    local calx flint
    calx="$(awk '/^Package: calx$/ { f = 1 } f && /^Status:/ { print $2, $3, $4 } f && /^Version:/ { print $2 } /^$/ { f = 0 }' <<< "$status" | tr '\n' ' ')"
    flint="$(awk '/^Package: libflint/ { p = $2 } p && /^Version:/ { print p, $2; p = "" }' <<< "$status")"
    check packages "$(grep -c '^Package:' <<< "$status") packages; calx: $calx; ${flint:-no libflint}" \
        [ -n "$(grep -o 'install ok installed' <<< "$calx")" -a -n "$flint" ]
}

# No login anywhere and nothing written to the root: getty off tty1 and the serial console, the journal in RAM.
check_no_login_no_writes() {
    local tty1 serial journal
    tty1="$(rootlink /etc/systemd/system/getty@tty1.service)"; serial="$(rootlink /etc/systemd/system/serial-getty@.service)"
    journal="$(rootcat /etc/systemd/journald.conf.d/calx-image.conf | grep '^Storage=')"
    check no-login "getty@tty1 -> ${tty1:-?}, serial-getty@ -> ${serial:-?}; journald $journal" \
        [ "$tty1" = /dev/null -a "$serial" = /dev/null -a "$journal" = Storage=volatile ]
}

report_sizes() {
    local used; used=$(( ($(fs_field "$work/root.ext4" 'Block count') - $(fs_field "$work/root.ext4" 'Free blocks')) * $(fs_field "$work/root.ext4" 'Block size') / 1048576 ))
    echo "image-test: figure: image $(( $(stat -c %s "$image") / 1048576 )) MiB: boot $(( $(card_field "$image" 1 size) / 2048 )) MiB (kernel $(( $(stat -c %s "$work/kernel/vmlinuz") / 1048576 )) MiB, initrd $(( $(stat -c %s "$work/kernel/initrd.img") / 1048576 )) MiB), root $(( $(card_field "$image" 2 size) / 2048 )) MiB ($used MiB used), state $(( $(card_field "$image" 3 size) / 2048 )) MiB"
}

check_files() {
    image="$1"
    card_extract "$image" 1 "$work/boot.fat"; card_extract "$image" 2 "$work/root.ext4"; card_extract "$image" 3 "$work/state.ext4"
    check_partition_table
    check_boot_files
    check_config_txt
    check_cmdline
    check_kernel
    report_pi5
    check_root_read_only
    check_state_partition
    check_unit
    check_packages
    check_no_login_no_writes
    report_sizes
}
