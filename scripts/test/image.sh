#!/usr/bin/env bash
# The Pi image's test (.build/image/calx-pi-arm64.img, made by scripts/build/image.sh). Nothing is mounted.
#   scripts/test/image.sh           the file checks (scripts/test/image-files.sh), then the image's own kernel,
#                                   initrd, cmdline.txt and partitions booted on qemu-system-aarch64 -M virt
#                                   (virtio-gpu, usb-tablet): the first frame and taps against `calx shot`, the state
#                                   partition grown, calx.conf on the boot partition read, 10 power cuts during
#                                   saves, the root's bytes unchanged; then -M raspi3b to the unit. About 15 min
#                                   under TCG; not in scripts/test.sh (docs/pi-image.md)
#   scripts/test/image.sh --files   the file checks only (seconds). Without an image: "image-test: skipped: ..."
#                                   and exit 0 (scripts/test.sh runs this)
# Env: CALX_IMAGE_DIR (default .build/image), CALX_POWER_CUTS (default 10), CALX_IMAGE_TIMEOUT (one -M virt boot,
#      600 s), CALX_RASPI3B_TIMEOUT (the -M raspi3b boot, 900 s; 0 leaves it out).
# Prints "image-test: pass|fail: NAME: detail", "image-test: figure: ..." and "image-test: note: ..." lines,
# then "image-test: N passed, N failed"; exit 1 when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"
. scripts/build/card.sh
. scripts/test/image-files.sh
dir="${CALX_IMAGE_DIR:-$repo/.build/image}"; image="$dir/calx-pi-arm64.img"
mode=all; [ "${1:-}" = --files ] && mode=files
passed=0; failed=0
pass() { echo "image-test: pass: $1: $2"; passed=$((passed + 1)); }
fail() { echo "image-test: fail: $1: $2"; failed=$((failed + 1)); }
check() { local name="$1" detail="$2"; shift 2; if "$@"; then pass "$name" "$detail"; else fail "$name" "$detail"; fi; }
result() { [ -s "$work/$1/results.json" ] && python3 "$vm/results.py" "$work/$1/results.json" "$2"; }
finish() { echo "image-test: $passed passed, $failed failed"; [ $failed -eq 0 ]; exit; }

# The image's own calx, under qemu-user, with the image's own root as its libraries, fonts and all.
calx_image() { qemu-aarch64-static -L "$work/rootfs" "$work/rootfs/usr/bin/calx" "$@"; }

# card NAME: a copy of the pristine image, 64 MiB larger, as a card is larger than its image
card() { cp --sparse=always "$image" "$work/$1.img"; truncate -s +64M "$work/$1.img"; }

# boot NAME CARD [image_run.py options]: the image's kernel, initrd and cmdline.txt on -M virt; the console moved
# to the virt machine's UART, and systemd's log to the kernel's, so each of its lines carries the guest's clock.
boot() {
    local name="$1" disk="$2"; shift 2; mkdir -p "$work/$name"
    python3 "$vm/image_run.py" --qmp "$work/$name/qmp.sock" --log "$work/$name/serial.log" --results "$work/$name/results.json" \
        --shots "$work/$name" --timeout "${CALX_IMAGE_TIMEOUT:-600}" "$@" -- \
        qemu-system-aarch64 "${accel[@]}" -M virt -cpu cortex-a72 -m 1024 -smp 2 -nographic -no-reboot -nic none \
        -drive "if=none,id=card,file=$disk,format=raw,cache=writeback" -device virtio-blk-pci,drive=card \
        -device virtio-gpu-pci,xres=800,yres=480 -device qemu-xhci -device usb-tablet \
        -kernel "$work/kernel/vmlinuz" -initrd "$work/kernel/initrd.img" -append "$append"
}

# check_picture NAME DETAIL ACTUAL.ppm EXPECTED.png: the scanout against calx shot, by the golden rule (pictures.py)
check_picture() {
    local message status
    message="$(python3 "$vm/pictures.py" compare "$3" "$4")"; status=$?
    check "$1" "$2: $message" [ $status -eq 0 ]
}

# state_of CARD NAME: the state partition after a cut, its journal replayed on a copy as the next mount would;
# the state file (NAME.state, empty when there is none) and the partition's listing
state_of() {
    card_extract "$1" 3 "$work/$2.state.ext4"
    e2fsck -fy "$work/$2.state.ext4" > "$work/$2.fsck" 2>&1
    debugfs -R "dump /state $work/$2.state" "$work/$2.state.ext4" 2>/dev/null || : > "$work/$2.state"
    debugfs -R 'ls' "$work/$2.state.ext4" 2>/dev/null | tr -s ' ' '\n' | grep -vE '^\(?[0-9]+\)?$|^\.\.?$|^$' | sort | tr '\n' ' ' > "$work/$2.listing"
    rm -f "$work/$2.state.ext4"
}

# loads NAME: whether the image's calx takes NAME.state as a whole state (a broken one it sets aside as .corrupt-*)
loads() {
    local copy="$work/load-$1"; rm -rf "$copy"; mkdir -p "$copy"; cp "$work/$1.state" "$copy/state"
    calx_image shot --size 800x480 --state "$copy/state" --out "$copy/shot.png" > /dev/null 2>&1 && [ -z "$(ls "$copy" | grep corrupt)" ]
}

# first_boot: the kiosk from a fresh card, its taps, the state partition grown, the root mounted read-only
first_boot() {
    card first; root_sha="$(card_sha256 "$work/first.img" 2)"; boot_sha="$(card_sha256 "$work/first.img" 1)"
    boot first "$work/first.img" --taps "$work/taps.touch"
    if [ -s "$work/first/start.ppm" ]; then
        calx_image shot --size 800x480 --out "$work/first/expected-start.png" > /dev/null 2>&1
        check_picture first-frame "the scanout against calx shot" "$work/first/start.ppm" "$work/first/expected-start.png"
    else
        fail first-frame "no 'Started calx.service' within the timeout ($(result first calx-exited); log: $work/first/serial.log)"
    fi
    calx_image shot --size 800x480 --touch "$work/taps.touch" --out "$work/first/expected-taps.png" > /dev/null 2>&1
    if [ -s "$work/first/taps.ppm" ]; then
        check_picture taps "7 + 8 = on the usb-tablet, the scanout against calx shot of the same taps" "$work/first/taps.ppm" "$work/first/expected-taps.png"
    else
        fail taps "no screendump after the taps"
    fi
    check state-grown "$(result first grown); the card $(( $(stat -c %s "$work/first.img") / 1048576 )) MiB, its state partition now $(( $(card_field "$work/first.img" 3 size) / 2048 )) MiB" \
        [ -n "$(result first grown)" -a "$(card_field "$work/first.img" 3 size)" -gt "$(card_field "$image" 3 size)" ]
    check root-mounted-ro "$(result first ro-mounts | tr -d "[]'" | cut -c1-160)" grep -q "vda2" <<< "$(result first ro-mounts)"
    state_of "$work/first.img" first
    check saved "after the taps: state $(wc -c < "$work/first.state") bytes, loads whole: $(loads first && echo yes || echo no); the state partition: $(cat "$work/first.listing")" \
        loads first
}

# config_boot: calx.conf on the boot partition, edited as on any computer (mtools here), read by the unit
config_boot() {
    card config
    local fat="$work/config.fat"; card_extract "$work/config.img" 1 "$fat"
    MTOOLS_SKIP_CHECK=1 mtype -i "$fat" ::/calx.conf > "$work/calx.conf"; printf 'theme=dark\nlocale=de\n' >> "$work/calx.conf"
    MTOOLS_SKIP_CHECK=1 mcopy -o -i "$fat" "$work/calx.conf" ::/calx.conf
    dd if="$fat" of="$work/config.img" bs=512 seek="$(card_field "$work/config.img" 1 start)" conv=notrunc status=none
    boot config "$work/config.img"
    calx_image shot --size 800x480 --theme dark --locale de --out "$work/config/expected-start.png" > /dev/null 2>&1
    if [ -s "$work/config/start.ppm" ]; then
        check_picture calx.conf "theme=dark and locale=de added to CALXBOOT's calx.conf: the scanout against calx shot --theme dark --locale de" \
            "$work/config/start.ppm" "$work/config/expected-start.png"
    else
        fail calx.conf "no kiosk with the edited calx.conf ($(result config calx-exited); log: $work/config/serial.log)"
    fi
}

# power_cuts: on the first boot's card, each boot taps 7 + 8 = again (each tap saved 0.5 s later) and is killed
# 0.3 to 3.3 s after its first tap: before, during or after a save. After each cut the state is the one from
# before the round (old) or a whole new one the image's calx loads (new), never missing or broken.
power_cuts() {
    local cuts="${CALX_POWER_CUTS:-10}" old=0 new=0 lost=0 detail="" up="" i delay sha verdict
    local previous; previous="$(sha256sum < "$work/first.state" | cut -c1-16)"
    for i in $(seq 1 "$cuts"); do
        delay="$(awk -v i="$i" 'BEGIN { printf "%.1f", 0.3 + (i * 7 % 31) / 10 }')"
        boot "cut$i" "$work/first.img" --taps "$work/taps.touch" --cut-after "$delay"
        state_of "$work/first.img" "cut$i"
        sha="$(sha256sum < "$work/cut$i.state" | cut -c1-16)"
        if [ ! -s "$work/cut$i.state" ] || ! loads "cut$i" || grep -q 'corrupt' "$work/cut$i.listing"; then verdict=lost; lost=$((lost + 1))
        elif [ "$sha" = "$previous" ]; then verdict=old; old=$((old + 1))
        else verdict=new; new=$((new + 1)); fi
        [ -n "$(result "cut$i" killed-after)" ] || { verdict+="(no kiosk: $(result "cut$i" calx-exited))"; lost=$((lost + 1)); }
        detail+="$i@${delay}s:$verdict "; up+="$(result "cut$i" kernel-to-frame)/$(result "cut$i" qemu-to-frame) "
        previous="$sha"
    done
    check power-cuts "$cuts cuts (cache=writeback) 0.3-3.3 s after the first tap: $detail($new new, $old old, $lost lost or without a kiosk); kernel/QEMU start to frame (s) per round: $up" \
        [ $lost -eq 0 -a $((new + old)) -eq "$cuts" -a $new -ge 1 ]
    local root_after boot_after; root_after="$(card_sha256 "$work/first.img" 2)"; boot_after="$(card_sha256 "$work/first.img" 1)"
    check root-unchanged "the root partition's sha256 ${root_sha:0:16} before, ${root_after:0:16} after $((cuts + 1)) boots and $cuts cuts" \
        [ "$root_after" = "$root_sha" ]
    check boot-unchanged "the boot partition's sha256 ${boot_sha:0:16} before, ${boot_after:0:16} after" [ "$boot_after" = "$boot_sha" ]
}

# raspi3b: QEMU's Pi 3 machine with the image's kernel, the Pi 3B's device tree and the card on its SD slot (QEMU
# wants a power of two: 1 GiB), the console on the mini UART as cmdline.txt says (ttyS1, QEMU's second serial).
# QEMU runs no GPU firmware and has no vc4, so the check is that systemd starts the unit; what calx then does
# (no display) is reported.
raspi3b() {
    cp --sparse=always "$image" "$work/raspi.img"; truncate -s 1G "$work/raspi.img"
    local dtb="$work/kernel/bcm2837-rpi-3-b.dtb"; MTOOLS_SKIP_CHECK=1 mcopy -o -i "$work/boot.fat" ::/bcm2837-rpi-3-b.dtb "$dtb"
    local raspi_append; raspi_append="$(sed 's/quiet//; s/loglevel=[0-9]*//' "$work/cmdline.txt" | tr -s ' ') loglevel=7 printk.devkmsg=on systemd.log_target=kmsg systemd.show_status=0 panic=-1"
    # 300 s: long enough for the state partition, and calx.service, which waits for a DRM card that never comes
    # there (vc4 is not emulated), starts once the wait ends.
    raspi_append+=" systemd.default_device_timeout_sec=300"
    mkdir -p "$work/raspi3b"
    python3 "$vm/image_run.py" --unit-only --log "$work/raspi3b/serial.log" --results "$work/raspi3b/results.json" \
        --timeout "${CALX_RASPI3B_TIMEOUT:-900}" -- \
        qemu-system-aarch64 -M raspi3b -m 1G -nographic -no-reboot -serial null -serial stdio -monitor none \
        -kernel "$work/kernel/vmlinuz" -initrd "$work/kernel/initrd.img" -dtb "$dtb" -append "$raspi_append" \
        -drive "file=$work/raspi.img,if=sd,format=raw"
    if [ -n "$(result raspi3b unit-starting)" ]; then
        pass raspi3b "systemd started calx.service at $(result raspi3b unit-starting) s (guest clock), $(result raspi3b seconds) s after QEMU's start; then: $(result raspi3b calx-exited)"
    else
        echo "image-test: note: raspi3b: calx.service not started within ${CALX_RASPI3B_TIMEOUT:-900} s; the console's last lines: $(grep -a . "$work/raspi3b/serial.log" | tail -3 | tr -d '\r' | tr '\n' '|' | cut -c1-400)"
    fi
}

if [ ! -s "$image" ]; then
    echo "image-test: skipped: no $image (scripts/build/image.sh builds it in about 11 minutes on 2 cores; then scripts/test/image.sh)"
    exit 0
fi
scripts/install-deps.sh --image >&2
work="$dir/test"; rm -rf "$work"; mkdir -p "$work"
echo "image-test: $image, built $(date -u -r "$image" '+%F %T') UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
check_files "$image"
[ $mode = files ] && finish

started=$SECONDS
mkdir -p "$work/rootfs"; debugfs -R "rdump / $work/rootfs" "$work/root.ext4" 2>/dev/null
if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ] || [ "$(uname -m)" != aarch64 ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
# Under TCG a boot is several times a Pi's: systemd's 90 s wait for a device (the state partition's, the DRM card's)
# can time out before udev has run (seen on -M raspi3b at 188 s), so the test's command lines give it longer.
slow="systemd.default_device_timeout_sec=600"
append="$(sed 's/console=[^ ]*//g; s/quiet//; s/loglevel=[0-9]*//' "$work/cmdline.txt" | tr -s ' ') console=ttyAMA0 loglevel=7 printk.devkmsg=on systemd.log_target=kmsg systemd.show_status=0 panic=-1 $slow"
# The taps: 7 + 8 = at the kiosk's own key centres (`calx layout`), 0.7 s apart (the save debounce is 0.5 s).
calx_image layout --size 800x480 > "$work/layout" 2>/dev/null
for k in 7 + 8 =; do awk -v k="$k" '$1 == k && NF == 3 { print "tap", $2, $3; print "wait 700" }' "$work/layout"; done > "$work/taps.touch"
[ "$(grep -c '^tap' "$work/taps.touch")" = 4 ] || { fail layout "calx layout gave no key centres for 7 + 8 ="; finish; }
t0=$SECONDS; first_boot; first_seconds=$((SECONDS - t0))
t0=$SECONDS; config_boot; config_seconds=$((SECONDS - t0))
t0=$SECONDS; power_cuts; cut_seconds=$((SECONDS - t0))
t0=$SECONDS; [ "${CALX_RASPI3B_TIMEOUT:-900}" = 0 ] || raspi3b; raspi_seconds=$((SECONDS - t0))
echo "image-test: figure: boot to the first frame (systemd's 'Started calx.service', READY=1 after the first frame): $(result first kernel-to-frame) s from the kernel's start (guest clock), $(result first qemu-to-frame) s from QEMU's start, first boot (growing the state) under ${accel[*]}; with calx.conf edited: $(result config kernel-to-frame) s / $(result config qemu-to-frame) s"
echo "image-test: figure: time: first boot $first_seconds s, calx.conf boot $config_seconds s, ${CALX_POWER_CUTS:-10} power cuts $cut_seconds s, raspi3b $raspi_seconds s; all $((SECONDS - started)) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
finish
