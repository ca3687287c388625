#!/usr/bin/env bash
# Makes the panel recordings under Tests/Recordings/ (not part of CI: run it when a panel description or the
# session changes, then look at what changed and commit it). In the VM, on the input root (system-root.sh
# --input), a uinput clone of each panel description in Tests/Recordings/Panels/ is touched by calx-touchplay
# as that panel's driver reports touches (its frame interval, a resting finger sampled again, jitter in raw
# units, pressure and contact size where it has those axes), and the real `libinput record` records it.
#   Tests/System/panels.sh [NAME...]     all the panels below, or only those named
# Env: CALX_VM_CACHE=DIR (default .build/vm).
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"; out="$repo/Tests/Recordings"
cache="${CALX_VM_CACHE:-$repo/.build/vm}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
work="$cache/panels"; rm -rf "$work"; mkdir -p "$work"

# NAME                       DESCRIPTION      PICTURE   ROTATE FRAME-MS SAMPLE-MS JITTER SESSION   UDEV-RULE
# SESSION: multi and single are panel-WxH-SESSION.touch; calibrate is calibrate-WxH.touch (the first start's
# calibration, bad tap included, then 7 + 8 =). UDEV-RULE no: the board has no rule for the panel's
# LIBINPUT_CALIBRATION_MATRIX (the clone is misaligned as the description's matrix says, uncorrected).
panels="\
pi7-800x480                  raspberrypi-ts   800x480   0      17       17        1      multi     yes
goodix-720x1280              goodix-gt911     720x1280  0      10       10        1      multi     yes
goodix-1280x720-rotate90     goodix-gt911     1280x720  90     10       10        1      multi     yes
ilitek-800x480               ilitek-7-inch    800x480   0      8        8         3      multi     yes
ilitek-1280x720              ilitek-10-inch   1280x720  0      8        8         3      multi     yes
ads7846-480x320              ads7846          480x320   0      10       10        10     single    yes
ft5x06-swapped-800x480       ft5x06-swapped   800x480   0      12       12        1      multi     yes
ads7846-calibrate-480x320    ads7846          480x320   0      10       10        10     calibrate no
ads7846-calibrate-800x480    ads7846          800x480   0      10       10        10     calibrate no"
[ $# -gt 0 ] && panels="$(grep -wE "^($(IFS='|'; echo "$*"))" <<< "$panels")"

kdir="$("$vm/kernel.sh" "$cache")" || { echo "panels: no kernel"; exit 1; }
root_base="$("$vm/system-root.sh" "$cache" --input)" || { echo "panels: no input root"; exit 1; }
bin="$(scripts/build/release.sh --log "$work/build.log" calx calx-touchplay)" || { echo "panels: build failed"; exit 1; }

root="$work/root"; cp -a "$root_base" "$root"
mkdir -p "$root/etc/calx-panels" "$root/etc/udev/rules.d"
install -m 0755 "$bin/calx-touchplay" "$root/usr/local/bin/calx-touchplay"
install -m 0755 "$vm/panels-guest.sh" "$root/usr/local/sbin/calx-panels"
echo "$panels" > "$root/etc/calx-panels/list"
cp "$out"/Panels/*.yml "$root/etc/calx-panels/"
# The boards' udev rules: each description's LIBINPUT_CALIBRATION_MATRIX, set on the device of that name.
"$vm/calibration-rules.sh" "$out"/Panels/*.yml > "$root/etc/udev/rules.d/70-calx-panels.rules"
# The sessions, kept beside the recordings: the tests compare each recording's effect with its script's.
while read -r name description size rotate frame sample jitter kind rule; do
    if [ "$kind" = calibrate ]; then python3 "$vm/touch_scripts.py" --calibrate "$out/Sessions" "$bin/calx" "$size" || exit 1
    else python3 "$vm/touch_scripts.py" --panel "$out/Sessions" "$bin/calx" "$size" "$kind" || exit 1; fi
done <<< "$panels"
cp "$out"/Sessions/*.touch "$root/etc/calx-panels/"
"$vm/root-image.sh" "$kdir" "$root" "$work" 1200M evdev uinput || { echo "panels: image failed"; exit 1; }
rm -rf "$root"

if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
python3 "$vm/qemu_run.py" --shots "$work/shots" --files "$work/files" --qmp "$work/qmp.sock" --log "$work/serial.log" \
    --results "$work/results.json" --timeout "${CALX_VM_TIMEOUT:-600}" -- \
    qemu-system-x86_64 "${accel[@]}" -m 768 -smp 1 -nographic -no-reboot -nic none -vga none \
    -drive "file=$work/disk.img,format=raw,if=virtio,cache=writeback" -kernel "$kdir/vmlinux" -initrd "$work/initrd.cpio.gz" \
    -append "root=/dev/vda rw console=ttyS0 quiet panic=-1 no_timer_check cryptomgr.notests init=/usr/local/sbin/calx-panels"
echo "panels: $(python3 "$vm/results.py" "$work/results.json" libinput)"
failures=0
while read -r name rest; do
    echo "panels: $name: played $(python3 "$vm/results.py" "$work/results.json" "played-$name"); recorded $(python3 "$vm/results.py" "$work/results.json" "recorded-$name")"
    if [ -s "$work/files/$name.yml" ]; then cp "$work/files/$name.yml" "$out/$name.yml"; else echo "panels: $name: no recording"; failures=$((failures+1)); fi
done <<< "$panels"
echo "panels: $([ $failures = 0 ] && echo "recordings in $out" || echo "FAILED ($failures)"); serial log $work/serial.log"
[ $failures = 0 ]
