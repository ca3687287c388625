#!/usr/bin/env bash
# The Pi image's test (scripts/build/image.sh's .build/image/calx-pi-arm64.img), without mounting anything.
#   scripts/test/image.sh           the file checks, then the image booted under QEMU (-M virt, virtio-gpu,
#                                   usb-tablet) from its own kernel, initrd, cmdline.txt and partitions: the first
#                                   frame against `calx shot`, taps, the state partition grown, then power cuts
#   scripts/test/image.sh --files   the file checks only: partition table, the boot ROM's firmware files,
#                                   config.txt, cmdline.txt, kernel, DTBs, calx.conf, the unit enabled, the root
#                                   read-only in fstab, journald volatile, getty off tty1 (seconds; no QEMU)
# Env: CALX_IMAGE_DIR (default .build/image), CALX_POWER_CUTS (default 10).
# Prints "image-test: pass|fail: CHECK: detail" and "image-test: figure: ..." lines; exit 1 when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"
dir="${CALX_IMAGE_DIR:-$repo/.build/image}"; image="$dir/calx-pi-arm64.img"
mode=all; [ "${1:-}" = --files ] && mode=files
failures=0
pass() { echo "image-test: pass: $1: $2"; }
fail() { echo "image-test: fail: $1: $2"; failures=$((failures+1)); }
check() { local name="$1" detail="$2"; shift 2; if "$@"; then pass "$name" "$detail"; else fail "$name" "$detail"; fi; }
scripts/install-deps.sh --image >&2
[ -s "$image" ] || { echo "image-test: no $image: building it (scripts/build/image.sh)" >&2; scripts/build/image.sh >&2 || exit 1; }
work="$dir/test"; rm -rf "$work"; mkdir -p "$work"

# The partitions, cut out of the image by the table's own offsets (no loop device).
table="$(sfdisk -J "$image")"
part() { python3 -c 'import json,sys; p=json.loads(sys.argv[1])["partitiontable"]; print(p["partitions"][int(sys.argv[2])-1][sys.argv[3]] if sys.argv[2] != "0" else p[sys.argv[3]])' "$table" "$@"; }
extract() { dd if="$1" of="$3" bs=512 skip="$(part "$2" start)" count="$(part "$2" size)" status=none; }
layout="$(part 0 label) $(python3 -c 'import json,sys; print(" ".join(f"{q["type"]}{"*" if q.get("bootable") else ""}" for q in json.loads(sys.argv[1])["partitiontable"]["partitions"]))' "$table")"
check partition-table "$layout (start of 1: sector $(part 1 start))" [ "$layout" = "dos c* 83 83" -a "$(part 1 start)" = 8192 ]
extract "$image" 1 "$work/boot.fat"; extract "$image" 2 "$work/root.ext4"; extract "$image" 3 "$work/state.ext4"
export MTOOLS_SKIP_CHECK=1
listing="$(mdir -i "$work/boot.fat" -b ::/ | sed 's#^::/##' | sort | tr '\n' ' ')"
missing=""
# What the boot ROM and the firmware look for: bootcode.bin (Pi 3), start*.elf and fixup*.dat (start4/fixup4 on
# the Pi 4 and 400), then config.txt's kernel, initramfs, cmdline.txt and the board's DTB.
for f in bootcode.bin start.elf fixup.dat start4.elf fixup4.dat config.txt cmdline.txt vmlinuz initrd.img \
         bcm2837-rpi-3-b.dtb bcm2837-rpi-3-b-plus.dtb bcm2711-rpi-4-b.dtb bcm2711-rpi-400.dtb calx.conf README.txt; do
    grep -qw -- "$f" <<< "$listing" || missing+="$f "
done
check boot-files "$(wc -w <<< "$listing") files on CALXBOOT (FAT label $(mlabel -i "$work/boot.fat" -s :: | sed 's/.*is //')); missing: ${missing:-none}; Pi 5 DTB: $(grep -qw bcm2712-rpi-5-b.dtb <<< "$listing" && echo yes || echo no)" [ -z "$missing" ]
mtype -i "$work/boot.fat" ::/config.txt > "$work/config.txt"; mtype -i "$work/boot.fat" ::/cmdline.txt > "$work/cmdline.txt"
config_ok=yes; for line in arm_64bit=1 kernel=vmlinuz "initramfs initrd.img followkernel" upstream_kernel=1 enable_uart=1; do grep -qx "$line" "$work/config.txt" || config_ok=no; done
check config.txt "$(grep -v '^#' "$work/config.txt" | grep . | tr '\n' ';')" [ $config_ok = yes ]
root_uuid="$(dumpe2fs -h "$work/root.ext4" 2>/dev/null | sed -n 's/^Filesystem UUID: *//p')"
state_uuid="$(dumpe2fs -h "$work/state.ext4" 2>/dev/null | sed -n 's/^Filesystem UUID: *//p')"
check cmdline.txt "$(cat "$work/cmdline.txt")" grep -q "root=UUID=$root_uuid .*\bro\b" "$work/cmdline.txt"
mkdir -p "$work/kernel"
mcopy -i "$work/boot.fat" -n ::/vmlinuz ::/initrd.img "$work/kernel/"
check kernel "vmlinuz $(du -m "$work/kernel/vmlinuz" | cut -f1) MiB ($(file -b "$work/kernel/vmlinuz" | cut -c1-60)), initrd.img $(du -m "$work/kernel/initrd.img" | cut -f1) MiB" \
    [ -s "$work/kernel/vmlinuz" -a -s "$work/kernel/initrd.img" ]
# The root's files, read with debugfs.
rootcat() { debugfs -R "cat $1" "$work/root.ext4" 2>/dev/null; }
rootstat() { debugfs -R "stat $1" "$work/root.ext4" 2>/dev/null; }
fstab="$(rootcat /etc/fstab | grep -v '^#')"
check root-read-only "fstab: $(awk '$2 == "/" { print $1, $4 }' <<< "$fstab"); label $(dumpe2fs -h "$work/root.ext4" 2>/dev/null | sed -n 's/^Filesystem volume name: *//p')" \
    [ "$(awk '$2 == "/" { print $4 }' <<< "$fstab" | cut -d, -f1)" = ro -a "$(awk '$2 == "/" { print $1 }' <<< "$fstab")" = "UUID=$root_uuid" ]
check state-partition "fstab: $(awk '$2 == "/var/lib/calx" { print $1, $3, $4 }' <<< "$fstab")" \
    [ "$(awk '$2 == "/var/lib/calx" { print $1 }' <<< "$fstab")" = "UUID=$state_uuid" ] && grep -q 'data=journal' <<< "$(awk '$2 == "/var/lib/calx"' <<< "$fstab")"
check unit-enabled "$(rootstat /etc/systemd/system/multi-user.target.wants/calx.service | grep -o 'Fast link dest: .*')" \
    rootstat /etc/systemd/system/multi-user.target.wants/calx.service
check calx-package "$(rootcat /var/lib/dpkg/status | awk '/^Package: calx$/ { f=1 } f && /^(Status|Version):/ { printf "%s ", $0 } /^$/ { f=0 }')" \
    grep -q 'install ok installed' <<< "$(rootcat /var/lib/dpkg/status | awk '/^Package: calx$/ { f=1 } f && /^Status:/ { print; exit }')"
check journald-volatile "$(rootcat /etc/systemd/journald.conf.d/calx-image.conf | grep Storage)" grep -q '^Storage=volatile' <<< "$(rootcat /etc/systemd/journald.conf.d/calx-image.conf)"
check getty-off-tty1 "getty@tty1.service -> $(rootstat /etc/systemd/system/getty@tty1.service | sed -n 's/.*Fast link dest: "\(.*\)"/\1/p')" \
    [ "$(rootstat /etc/systemd/system/getty@tty1.service | sed -n 's/.*Fast link dest: "\(.*\)"/\1/p')" = /dev/null ]
check no-swap "no swap in fstab" [ -z "$(awk '$3 == "swap"' <<< "$fstab")" ]
check config-path "the unit's drop-in: $(rootcat /etc/systemd/system/calx.service.d/image.conf | grep CALX_CONFIG)" \
    grep -q 'CALX_CONFIG=/boot/firmware/calx.conf' <<< "$(rootcat /etc/systemd/system/calx.service.d/image.conf)"
echo "image-test: figure: image $(du -m --apparent-size "$image" | cut -f1) MiB: boot $(( $(part 1 size) / 2048 )) MiB, root $(( $(part 2 size) / 2048 )) MiB ($(dumpe2fs -h "$work/root.ext4" 2>/dev/null | awk -F: '/^Block count/ { b=$2 } /^Free blocks/ { f=$2 } END { printf "%d", (b - f) * 4 / 1024 }') MiB used), state $(( $(part 3 size) / 2048 )) MiB"
if [ $mode = files ]; then
    [ $failures -eq 0 ] && echo "image-test: file checks passed" || echo "image-test: $failures file checks failed"
    [ $failures -eq 0 ]; exit
fi

# The boot. The image's own kernel, initrd and cmdline.txt (its console changed to the virt machine's UART, and
# systemd's log sent to the kernel's, so that its "Started calx.service" carries the guest's clock), the image's
# own partitions on one virtio disk, the copy 64 MiB larger than the image, as a card is larger than its image.
eval "$(scripts/build/arm64.sh --env)"
[ -x "$BIN/calx" ] || scripts/build/arm64.sh >&2
calx_user() { qemu-aarch64-static -L "$SYSROOT" "$BIN/calx" "$@"; }
disk="$work/card.img"; cp --sparse=always "$image" "$disk"; truncate -s +64M "$disk"
root_sha="$(sha256sum < "$work/root.ext4" | cut -d' ' -f1)"
append="$(sed 's/console=[^ ]*//g; s/quiet//; s/loglevel=[0-9]*//' "$work/cmdline.txt" | tr -s ' ') console=ttyAMA0 loglevel=6 printk.devkmsg=on systemd.log_target=kmsg systemd.show_status=0 panic=-1"
if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ] || [ "$(uname -m)" != aarch64 ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
boot() { # NAME [image_run.py options]
    local name="$1"; shift; mkdir -p "$work/$name"
    python3 "$vm/image_run.py" --qmp "$work/$name/qmp.sock" --log "$work/$name/serial.log" --results "$work/$name/results.json" \
        --shots "$work/$name" --timeout "${CALX_IMAGE_TIMEOUT:-600}" "$@" -- \
        qemu-system-aarch64 "${accel[@]}" -M virt -cpu cortex-a72 -m 1024 -smp 2 -nographic -no-reboot -nic none \
        -drive "if=none,id=card,file=$disk,format=raw,cache=writeback" -device virtio-blk-pci,drive=card \
        -device virtio-gpu-pci,xres=800,yres=480 -device qemu-xhci -device usb-tablet \
        -kernel "$work/kernel/vmlinuz" -initrd "$work/kernel/initrd.img" -append "$append"
}
result() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))' "$work/$1/results.json" "$2" 2>/dev/null; }
# The taps: 7 + 8 = at the kiosk's own key positions (`calx layout`), each 0.7 s apart (the save debounce is 0.5 s).
calx_user layout --size 800x480 > "$work/layout" 2>/dev/null
key() { awk -v k="$1" '$1 == k && NF == 3 { print "tap", $2, $3 }' "$work/layout"; }
{ for k in 7 + 8 =; do key "$k"; echo "wait 700"; done; } > "$work/taps.touch"
check layout "$(wc -l < "$work/taps.touch") lines of taps from calx layout" [ "$(grep -c '^tap' "$work/taps.touch")" = 4 ]

boot first --taps "$work/taps.touch"
state_dump() { # PREFIX: the state partition of the card after a cut, its journal replayed on a copy (as the next mount would)
    local copy="$work/$1.state.ext4"
    dd if="$disk" of="$copy" bs=512 skip="$(sfdisk -J "$disk" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitiontable"]["partitions"][2]["start"])')" \
        count="$(sfdisk -J "$disk" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitiontable"]["partitions"][2]["size"])')" status=none
    e2fsck -fy "$copy" > "$work/$1.fsck" 2>&1
    debugfs -R 'cat /state' "$copy" 2>/dev/null > "$work/$1.state"
    debugfs -R 'ls -l /' "$copy" 2>/dev/null | awk 'NF >= 9 { print $NF }' | sort | tr '\n' ' ' > "$work/$1.listing"
    rm -f "$copy"
}
shot() { calx_user shot --size 800x480 "$@" 2>/dev/null; }
if [ -s "$work/first/start.ppm" ]; then
    shot --out "$work/first/expected-start.png" >/dev/null
    message="$(python3 "$vm/pictures.py" compare "$work/first/start.ppm" "$work/first/expected-start.png")"; status=$?
    check first-frame "QEMU start to first frame $(result first qemu-to-frame) s, kernel start to first frame $(result first kernel-to-frame) s (guest clock); $message" [ $status -eq 0 ]
else
    fail first-frame "no Started calx.service within the timeout ($(result first calx-failed); log: $work/first/serial.log)"
fi
if [ -s "$work/first/taps.ppm" ]; then
    sed 's/^wait 700/wait 700/' "$work/taps.touch" > "$work/taps-shot.touch"
    shot --touch "$work/taps-shot.touch" --out "$work/first/expected-taps.png" >/dev/null
    message="$(python3 "$vm/pictures.py" compare "$work/first/taps.ppm" "$work/first/expected-taps.png")"; status=$?
    check taps "7 + 8 = tapped on the usb-tablet: scanout against calx shot of the same taps: $message" [ $status -eq 0 ]
else
    fail taps "no screendump after the taps"
fi
check grown "$(result first grown); card $(( $(stat -c %s "$disk") / 1048576 )) MiB, state partition now $(( $(sfdisk -J "$disk" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitiontable"]["partitions"][2]["size"])') / 2048 )) MiB" \
    [ -n "$(result first grown)" ]
ro="$(python3 -c 'import json,sys; print(len([l for l in json.load(open(sys.argv[1])).get("ro-mounts", [])]))' "$work/first/results.json" 2>/dev/null)"
check root-mounted-ro "kernel: $(python3 -c 'import json,sys; print(" | ".join(json.load(open(sys.argv[1])).get("ro-mounts", [])))' "$work/first/results.json" 2>/dev/null | cut -c1-200)" [ "${ro:-0}" -ge 1 ]
state_dump first
check saved "state after the taps: $(wc -c < "$work/first.state") bytes; state partition: $(cat "$work/first.listing")" [ -s "$work/first.state" ]

# The power cuts: each boot taps 7 + 8 = again (each tap saved) and is killed 0.3 to 3.3 s after its first tap,
# before, during or after a save. After each, the state is the one before the round (old) or a whole new one.
cuts="${CALX_POWER_CUTS:-10}"; old=0; new=0; lost=0; detail=""; previous="$(sha256sum < "$work/first.state" | cut -c1-16)"; up=""
for i in $(seq 1 "$cuts"); do
    delay="$(awk -v i="$i" 'BEGIN { printf "%.1f", 0.3 + (i * 7 % 31) / 10 }')"
    boot "cut$i" --taps "$work/taps.touch" --cut-after "$delay"
    state_dump "cut$i"
    sha="$(sha256sum < "$work/cut$i.state" | cut -c1-16)"
    if [ ! -s "$work/cut$i.state" ] || grep -q 'state\.corrupt' "$work/cut$i.listing"; then verdict=lost; lost=$((lost+1))
    elif [ "$sha" = "$previous" ]; then verdict=old; old=$((old+1))
    else verdict=new; new=$((new+1)); fi
    [ -n "$(result "cut$i" kernel-to-frame)" ] || { verdict="$verdict(no kiosk)"; lost=$((lost+1)); }
    detail+="$i@${delay}s:$verdict "; up+="$(result "cut$i" qemu-to-frame) "
    previous="$sha"
done
check power-cuts "$cuts cuts with cache=writeback: $detail($new new, $old old, $lost lost or without a kiosk); QEMU start to frame per round: $up" \
    [ $lost -eq 0 -a $((new + old)) -eq "$cuts" ]
after="$(extract "$disk" 2 /dev/stdout | sha256sum | cut -d' ' -f1)"
check root-unchanged "root partition sha256 before ${root_sha:0:16}, after $((cuts + 1)) boots and $cuts cuts ${after:0:16}" [ "$after" = "$root_sha" ]
echo "image-test: figure: boot to first frame: $(result first qemu-to-frame) s from QEMU's start, $(result first kernel-to-frame) s from the kernel's (guest clock), first boot under $( [ "${accel[0]}" = -accel ] && echo TCG || echo KVM)"
[ $failures -eq 0 ] && echo "image-test: all checks passed" || echo "image-test: $failures checks failed"
[ $failures -eq 0 ]
