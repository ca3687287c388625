#!/usr/bin/env bash
# Calx VM end-to-end test: the real kiosk on a real kernel, with a real DRM driver and a uinput touchscreen.
#   Tests/System/e2e.sh            the whole test (see the checks below)
#   Tests/System/e2e.sh --probe    the harness alone: boot, uinput touchscreen, /dev/dri, screendump
#   Tests/System/e2e.sh --arch arm64 [--probe]
#                               the same on emulated arm64 (qemu-system-aarch64 -M virt -cpu cortex-a72, Debian 13's
#                               arm64 kernel): calx cross-built by scripts/build/arm64.sh, its screendumps checked
#                               against the same references as amd64's; `calx shot` runs under qemu-aarch64-static.
# Env: CALX_RECORD_GOLDEN=1 (re)writes Tests/System/References/WxH-SHOT.png from this run's screendumps.
#      CALX_VM_BOOTS="landscape relaunch german portrait bochs fbdev kill replay" (the default: all) runs only these boots;
#      relaunch needs landscape. A partial run says so in its last line.
#      On arm64 the default is "landscape portrait" (virtio-gpu only; bochs-drm is a PC device).
#      Two boots run only when named: soak (CALX_VM_SOAK_MINUTES, default 10, minutes of touch, each
#      followed by a VT switch and a display replug; flat RSS and fds from /proc; scripts/test/vm-soak.sh) and
#      memcheck (valgrind memcheck over `calx doctor` and `calx run` in the guest).
#      CALX_VM_CACHE=DIR (default .build/vm, .build/vm-arm64) holds the kernel and the run's files.
# Prints "vm-e2e: pass|fail: CHECK: detail" per check, exits 1 when one fails.
# Skips (exit 0) only when QEMU or the kernel package cannot be had.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
vm="$repo/Tests/System"
started=$SECONDS
probe=no; arch=amd64
while [ $# -gt 0 ]; do
    case "$1" in
    --probe) probe=yes ;;
    --arch) arch="$2"; shift ;;
    *) echo "e2e.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
case "$arch" in
amd64) qemu=qemu-system-x86_64; machine=(); console=ttyS0; suffix=""; default_boots="landscape relaunch german portrait bochs fbdev kill replay" ;;
arm64) qemu=qemu-system-aarch64; machine=(-M virt -cpu cortex-a72); console=ttyAMA0; suffix=-arm64
       default_boots="landscape portrait" ;;
*) echo "e2e.sh: --arch amd64|arm64" >&2; exit 2 ;;
esac
cache="${CALX_VM_CACHE:-$repo/.build/vm$suffix}"
mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
work="$cache/run"
rm -rf "$work"; mkdir -p "$work"
failures=0

skip() { echo "vm-e2e: skipped: $*"; exit 0; }
pass() { echo "vm-e2e: pass: $1: $2"; }
fail() { echo "vm-e2e: fail: $1: $2"; failures=$((failures+1)); }
check() { # NAME DETAIL COMMAND...
    local name="$1" detail="$2"; shift 2
    if "$@"; then pass "$name" "$detail"; else fail "$name" "$detail"; fi
}
boots="${CALX_VM_BOOTS:-$default_boots}"
wanted() { grep -qw "$1" <<< "$boots"; }
result() { python3 "$vm/results.py" "$work/$1/results.json" "$2"; }

if [ "$arch" = amd64 ]; then
    command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64 (scripts/install-deps.sh --vm)"
    for tool in busybox cpio depmod python3; do command -v "$tool" >/dev/null || skip "no $tool (scripts/install-deps.sh --vm)"; done
    [ -x /bin/busybox ] || skip "no /bin/busybox (busybox-static)"
else
    for tool in qemu-system-aarch64 qemu-aarch64-static mmdebstrap aarch64-linux-gnu-strip cpio depmod xz python3; do
        command -v "$tool" >/dev/null || skip "no $tool (scripts/install-deps.sh --arm64)"
    done
fi

echo "vm-e2e: kernel"
t0=$SECONDS
kdir="$("$vm/kernel.sh" "$cache" "$arch")"; status=$?
[ $status -eq 3 ] && skip "no Debian kernel package (apt-get download linux-image-*-$arch)"
[ $status -eq 0 ] || { echo "vm-e2e: fail: kernel: kernel.sh exited $status"; exit 1; }

echo "vm-e2e: kernel $(cat "$kdir/version") ($((SECONDS - t0)) s); build (release, static Swift runtime, $arch)"
t0=$SECONDS
if [ "$arch" = amd64 ]; then
    bin="$(scripts/build/release.sh --log "$work/build.log" calx calx-touchplay)" \
        || { echo "vm-e2e: fail: build: calx, calx-touchplay"; exit 1; }
    calx="$bin/calx"
    initramfs_target=()
else
    scripts/build/arm64.sh > "$work/build-arm64.log" 2>&1 \
        || { tail -30 "$work/build-arm64.log"; echo "vm-e2e: fail: build: scripts/build/arm64.sh"; exit 1; }
    eval "$(scripts/build/arm64.sh --env)"
    bin="$BIN"
    # `calx layout` and `calx shot` on the host: the arm64 calx itself, under qemu-user
    calx="$work/calx-arm64"
    printf '#!/bin/sh\nexec qemu-aarch64-static -L "%s" "%s" "$@"\n' "$SYSROOT" "$bin/calx" > "$calx"; chmod +x "$calx"
    initramfs_target=(arm64 "$SYSROOT")
fi
echo "vm-e2e: built in $((SECONDS - t0)) s"

sizes=(800x480 480x800)
layout="$(python3 "$vm/touch_scripts.py" "$work/touch" "$calx" "${sizes[@]}")"
echo "vm-e2e: touch layout: $layout"
layout_kind=fallback; grep -q "800x480:kiosk" <<< "$layout" && layout_kind=kiosk
echo "vm-e2e: initramfs"
"$vm/initramfs.sh" "$kdir" "$bin" "$work/touch" "$work/initramfs.cpio.gz" "${initramfs_target[@]}" \
    || { echo "vm-e2e: fail: initramfs"; exit 1; }
echo "vm-e2e: initramfs $(du -h "$work/initramfs.cpio.gz" | cut -f1)"

if [ "$arch" != amd64 ] || [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
timeout="${CALX_VM_TIMEOUT:-$([ "$arch" = amd64 ] && echo 150 || echo 300)}"

# boot NAME MODE GPU WxH [INITRD [KERNEL-WORDS]]: one VM run; its files land in $work/NAME
boot() {
    local name="$1" mode="$2" gpu="$3" size="$4" initrd="${5:-$work/initramfs.cpio.gz}"
    local width="${size%x*}" height="${size#*x}" display extra="${6:+ $6}"
    case "$gpu" in
    virtio) display=(-vga none -device "virtio-gpu-pci,xres=$width,yres=$height") ;;
    bochs) display=(-vga none -device "VGA,edid=on,xres=$width,yres=$height") ;;
    fbdev) display=(-vga none -device "VGA,edid=on,xres=$width,yres=$height"); extra+=" calx.display=fbdev" ;;
    virtio-tablet) display=(-vga none -device "virtio-gpu-pci,xres=$width,yres=$height" -device qemu-xhci -device usb-tablet) ;;
    esac
    mkdir -p "$work/$name"
    local t0=$SECONDS
    python3 "$vm/qemu_run.py" --shots "$work/$name/shots" --files "$work/$name/files" \
        --qmp "$work/$name/qmp.sock" --log "$work/$name/serial.log" --results "$work/$name/results.json" \
        --timeout "${CALX_VM_TIMEOUT:-$timeout}" -- \
        "$qemu" "${machine[@]}" "${accel[@]}" -m "${CALX_VM_MEMORY:-512}" -smp 1 -nographic -no-reboot -nic none "${display[@]}" \
        -kernel "$kdir/boot-image" -initrd "$initrd" \
        -append "console=$console panic=-1 quiet calx.mode=$mode calx.size=$size$extra"
    local status=$?
    echo "vm-e2e: boot $name ($mode, $gpu $size): $((SECONDS - t0)) s$(boot_time "$name")"
    check "$name: no hang" "guest powered off by itself (watchdog $timeout s)" \
        [ $status -eq 0 ]
    check "$name: init ran to the end" "marker @@calx-done $mode" grep -q "@@calx-done $mode" "$work/$name/serial.log"
    check "$name: DRM card" "/dev/dri: $(result "$name" dri)" grep -q "card0" <<< "$(result "$name" dri)"
}

# boot_time NAME: when the kiosk was started (the first calx-started marker), in guest uptime and after QEMU started
boot_time() {
    local uptime wall
    uptime="$(result "$1" calx-started)"; wall="$(python3 "$vm/results.py" "$work/$1/results.json" at:calx-started)"
    [ -n "$uptime" ] && echo "; calx started at ${uptime} s of guest uptime, ${wall} s after QEMU started"
}

# golden NAME SHOT REFERENCE: the screendump against Tests/System/References/REFERENCE.png by the golden rule
# (pictures.py: Tests/GoldenImage's, ±2 a channel and no pixel beyond). The scanout is pixel-exact run to run
# and between drivers (virtio-gpu, bochs-drm and fbdev share one reference per size). Like Tests/GoldenImage,
# a mismatch or a missing reference writes REFERENCE.actual.png (and .diff.png) beside the reference.
# Recording writes each reference from the first boot that shows it; the later boots are compared with it.
declare -A recorded=()
golden() {
    local name="$1" shot="$2" reference="$vm/References/$3.png" actual="$work/$1/shots/$2.ppm"
    if [ ! -s "$actual" ]; then fail "$name: picture $shot" "no screendump"; return; fi
    if [ "${CALX_RECORD_GOLDEN:-}" = 1 ] && [ "$arch" != amd64 ]; then
        fail "$name: picture $shot" "references are recorded on amd64 only: arm64 must match them as they are"; return
    fi
    if [ "${CALX_RECORD_GOLDEN:-}" = 1 ] && [ -z "${recorded[$reference]:-}" ]; then
        recorded[$reference]=1
        mkdir -p "$vm/References"
        python3 "$vm/pictures.py" png "$actual" "$reference"
        pass "$name: picture $shot" "recorded $reference (look at it)"
        return
    fi
    if [ ! -f "$reference" ]; then
        mkdir -p "$vm/References"
        python3 "$vm/pictures.py" png "$actual" "${reference%.png}.actual.png"
        fail "$name: picture $shot" "no reference $reference; the screendump is at ${reference%.png}.actual.png (record: CALX_RECORD_GOLDEN=1 Tests/System/e2e.sh)"
        return
    fi
    local message; message="$(python3 "$vm/pictures.py" compare "$actual" "$reference")"
    check "$name: picture $shot" "$message" [ $? -eq 0 ]
}

if [ $probe = yes ]; then
    boot probe probe virtio-tablet 800x480
    check "probe: uinput touchscreen" "'Calx virtual touchscreen' in /proc/bus/input/devices; /dev/input: $(result probe event-nodes)" \
        [ "$(result probe uinput)" = yes ]
    check "probe: touches read back through evdev" "$(result probe events-read) input events of 24 bytes (a tap and a pinch: at least 60)" \
        [ "$(result probe events-read)" -ge 60 ]
    check "probe: touch script played" "calx-touchplay exit $(result probe touchplay-exit)" [ "$(result probe touchplay-exit)" = 0 ]
    check "probe: usb-tablet clicks arrive (try.sh's touch)" "$(result probe tablet-events) input events from a QMP click" \
        [ "$(result probe tablet-events | tr -dc 0-9)" -ge 6 ] 2>/dev/null
    check "probe: static calx starts" "calx --help exit $(result probe calx-help)" [ "$(result probe calx-help)" = 0 ]
    shot="$work/probe/shots/probe-device.ppm"
    check "probe: QMP screendump" "$(head -c 15 "$shot" 2>/dev/null | head -2 | tr '\n' ' ')" grep -q "800 480" <(head -c 20 "$shot" 2>/dev/null | tr '\n' ' ')
    [ -s "$shot" ] && python3 "$vm/pictures.py" png "$shot" "$work/probe/probe-device.png"
    echo "vm-e2e: $([ $failures -eq 0 ] && echo passed || echo "FAILED ($failures)") in $((SECONDS - started)) s (probe, $arch)"
    [ $failures -eq 0 ]; exit $?
fi

# mm_flag_of NAME: `--mm WxH` as boot NAME's calx run read its screen's millimetres, or nothing where it read none.
mm_flag_of() {
    case "$(result "$1" millimetres)" in [1-9]*x[1-9]*) echo "--mm $(result "$1" millimetres)" ;; esac
}

session_checks() { # NAME GPU SIZE [REFERENCE-PREFIX [CALX-SHOT FLAGS...]]: references REFERENCE-PREFIX-SHOT (WxH-SHOT)
    local name="$1" size="$3" prefix="${4:-$3}"; shift 3; shift $(( $# > 0 ? 1 : 0 ))
    check "$name: kiosk running" "alive after start: $(result "$name" alive-start), after the session: $(result "$name" alive-end)" \
        [ "$(result "$name" alive-start)/$(result "$name" alive-end)" = yes/yes ]
    check "$name: touch session played" "calx-touchplay exit $(result "$name" touchplay-exit)" [ "$(result "$name" touchplay-exit)" = 0 ]
    local settled="" shot
    for shot in start keys graph pinch pan; do settled+="$shot:$(result "$name" "settled-$shot") "; done
    check "$name: kiosk settled before each screendump" "$settled(calx: settled after the settle signal)" \
        [ "$(grep -o ':yes' <<< "$settled" | wc -l)" = 5 ]
    for shot in start keys graph pinch pan; do
        golden "$name" "$shot" "$prefix-$shot"
        # The same touches drawn headlessly by `calx shot`: the real scanout must show the same picture.
        local expected="$work/$name/expected-$shot.png"
        if [ "$layout_kind" = kiosk ] && "$calx" shot --size "$size" "$@" $(mm_flag_of "$name") --touch "$work/touch/upto-$shot-$size.touch" --out "$expected" >/dev/null 2>&1 \
            && [ -s "$work/$name/shots/$shot.ppm" ]; then
            local message; message="$(python3 "$vm/pictures.py" compare "$work/$name/shots/$shot.ppm" "$expected")"
            check "$name: scanout $shot matches calx shot" "$message" [ $? -eq 0 ]
        else
            fail "$name: scanout $shot matches calx shot" "no screendump, no kiosk layout, or calx shot failed"
        fi
    done
    check "$name: clean SIGTERM exit" "exit status $(result "$name" exit-session)" [ "$(result "$name" exit-session)" = 0 ]
    check "$name: state saved" "state dir: $(result "$name" listing-session)" [ -s "$work/$name/files/state-session" ]
}

# differs NAME DETAIL SHOT OTHER [FRACTION]: the screendump SHOT must not show the picture OTHER (at least
# FRACTION of the pixels differ, half by default)
differs() {
    local actual="$work/$1/shots/$3.ppm" message
    if [ ! -s "$actual" ] || [ ! -s "$4" ]; then fail "$1: $2" "missing screendump"; return; fi
    message="$(python3 "$vm/pictures.py" differs "$actual" "$4" --fraction "${5:-0.5}")"
    check "$1: $2" "$message" [ $? -eq 0 ]
}
# same NAME DETAIL SHOT OTHER: the screendump SHOT shows the picture OTHER (the golden rule)
same() {
    local actual="$work/$1/shots/$3.ppm" message
    if [ ! -s "$actual" ] || [ ! -s "$4" ]; then fail "$1: $2" "missing screendump"; return 1; fi
    message="$(python3 "$vm/pictures.py" compare "$actual" "$4")"
    local status=$?
    check "$1: $2" "$message" [ $status -eq 0 ]
    return $status
}

# After the session (guest-init.sh's switch_rounds): a VT switch away and back, a display unplugged and
# plugged back, and tty1 in text mode after the SIGTERM. The pictures compare with the kiosk's own
# screendump from just before the switch.
switch_checks() { # NAME SIZE
    local name="$1" kiosk="$work/$1/shots/before-switch.ppm" log="$work/$1/serial.log" message status
    check "$name: settled before the switch" "settled: $(result "$name" settled-before-switch)" \
        [ "$(result "$name" settled-before-switch)" = yes ]
    check "$name: chvt 2 switched away" "chvt exit, active VT: $(result "$name" chvt-away)" [ "$(result "$name" chvt-away)" = "0 tty2" ]
    differs "$name" "VT switched away: the kiosk is off the screen" away "$kiosk"
    check "$name: chvt 1 switched back" "chvt exit, active VT: $(result "$name" chvt-back); settled: $(result "$name" settled-back)" \
        [ "$(result "$name" chvt-back)/$(result "$name" settled-back)" = "0 tty1/yes" ]
    same "$name" "VT switched back: the picture from before the switch" back "$kiosk"; local back=$?
    # Drawn, the away touches would change the picture (calx shot plays them after the session); the
    # picture after the switch back is the one from before, so none of them reached the calculator.
    local touched="$work/$name/expected-away.png"
    if "$calx" shot --size "$2" --touch "$work/touch/upto-away-$2.touch" --out "$touched" >/dev/null 2>&1 && [ -s "$kiosk" ]; then
        message="$(python3 "$vm/pictures.py" differs "$touched" "$kiosk" --fraction 0.002)"; status=$?
        check "$name: touches while away did not reach the kiosk" \
            "calx-touchplay exit $(result "$name" touchplay-away); had they reached it: $message; picture after the switch back unchanged: $([ $back = 0 ] && echo yes || echo no)" \
            [ $status = 0 -a $back = 0 -a "$(result "$name" touchplay-away)" = 0 ]
    else
        fail "$name: touches while away did not reach the kiosk" "calx shot failed or no screendump"
    fi

    local connector; connector="$(result "$name" connector)"   # card0-Virtual-1: calx names it Virtual-1
    check "$name: display unplugged" "connector ${connector:-none found}: $(result "$name" status-unplugged); $(grep -o 'calx: screen disconnected.*' "$log" | head -1)" \
        grep -q "calx: screen disconnected" "$log"
    differs "$name" "display unplugged: the kiosk is off the screen" dark "$kiosk"
    check "$name: display unplugged: idle" "$(result "$name" dark-ticks) clock ticks of CPU in 2 s (at most 5)" \
        [ "$(result "$name" dark-ticks)" -le 5 ] 2>/dev/null
    check "$name: display plugged back" "$(result "$name" status-replugged); settled: $(result "$name" settled-lit); $(grep -o "calx: screen ${connector#*-} .*" "$log" | head -1)" \
        [ "$(result "$name" settled-lit)" = yes -a -n "$connector" -a -n "$(grep "calx: screen ${connector#*-} " "$log")" ]
    same "$name" "display plugged back: the picture from before" lit "$kiosk"
    # fbcon draws only on a VT in KD_TEXT: the text written to tty1 after the exit must show.
    if [ -s "$work/$name/shots/exit.ppm" ]; then
        differs "$name" "tty1 back in text mode after SIGTERM (text written to it shows)" exit-text "$work/$name/shots/exit.ppm" 0.02
    else
        fail "$name: tty1 back in text mode after SIGTERM (text written to it shows)" "missing screendump"
    fi
}

# 1. the session on virtio-gpu, landscape, then the VT switch and display hotplug rounds
if wanted landscape; then
    boot landscape switch virtio 800x480
    session_checks landscape virtio 800x480
    switch_checks landscape 800x480
fi

# 2. a second boot on the first boot's state shows the same graph, origin and scale
if ! wanted relaunch; then :
elif [ -s "$work/landscape/files/state-session" ]; then
    mkdir -p "$work/state-root/var/lib/calx"
    cp "$work/landscape/files/state-session" "$work/state-root/var/lib/calx/state"
    (cd "$work/state-root" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/state.cpio.gz"
    cat "$work/initramfs.cpio.gz" "$work/state.cpio.gz" > "$work/initramfs-state.cpio.gz"
    boot relaunch relaunch virtio 800x480 "$work/initramfs-state.cpio.gz"
    check "relaunch: kiosk running on saved state" "alive: $(result relaunch alive-relaunch)" [ "$(result relaunch alive-relaunch)" = yes ]
    check "relaunch: kiosk settled before the screendump" "settled: $(result relaunch settled-relaunch)" [ "$(result relaunch settled-relaunch)" = yes ]
    if [ -s "$work/relaunch/shots/relaunch.ppm" ] && [ -s "$work/landscape/shots/pan.ppm" ]; then
        message="$(python3 "$vm/pictures.py" compare "$work/relaunch/shots/relaunch.ppm" "$work/landscape/shots/pan.ppm")"
        check "relaunch: same picture as the end of boot 1" "$message" [ $? -eq 0 ]
    else
        fail "relaunch: same picture as the end of boot 1" "missing screendump"
    fi
    check "relaunch: state unchanged by a relaunch" "$(cmp "$work/landscape/files/state-session" "$work/relaunch/files/state-relaunch" 2>&1 || true)" \
        cmp -s "$work/landscape/files/state-session" "$work/relaunch/files/state-relaunch"
    # Then `calx run --theme high-contrast --text-scale 1.5` on the same state: the scanout is `calx shot`'s
    # picture of that state with the same two options, and not boot 1's.
    check "relaunch: high contrast, text 1.5 running" "alive: $(result relaunch alive-contrast), settled: $(result relaunch settled-contrast), exit $(result relaunch exit-contrast)" \
        [ "$(result relaunch alive-contrast)/$(result relaunch settled-contrast)/$(result relaunch exit-contrast)" = yes/yes/0 ]
    cp "$work/landscape/files/state-session" "$work/relaunch/state-for-shot"
    # The connector's millimetres, as calx run read them (0x0 or none: calx run knew no size either).
    mm_flag=()
    case "$(result relaunch millimetres)" in [1-9]*x[1-9]*) mm_flag=(--mm "$(result relaunch millimetres)") ;; esac
    if "$calx" shot --size 800x480 "${mm_flag[@]}" --theme high-contrast --text-scale 1.5 --state "$work/relaunch/state-for-shot" --out "$work/relaunch/expected-contrast.png" >/dev/null 2>&1; then
        same relaunch "--theme high-contrast --text-scale 1.5: scanout matches calx shot with both ${mm_flag[*]}" contrast "$work/relaunch/expected-contrast.png" || true
    else
        fail relaunch "--theme high-contrast --text-scale 1.5: scanout matches calx shot with both ${mm_flag[*]}" "calx shot failed"
    fi
    differs relaunch "--theme high-contrast --text-scale 1.5: not boot 1's picture" contrast "$work/landscape/shots/pan.ppm"
    # Then `calx run --idle-attract 10`: after 13 s the attract screen (a graph over the whole screen and a banner:
    # 46% of the pixels differ from the session's picture at every moment of its loop), then a tap on 7 that
    # only takes it away.
    check "relaunch: --idle-attract running" "alive: $(result relaunch alive-attract), tap played: $(result relaunch touchplay-wake), exit $(result relaunch exit-attract)" \
        [ "$(result relaunch alive-attract)/$(result relaunch touchplay-wake)/$(result relaunch exit-attract)" = yes/0/0 ]
    differs relaunch "--idle-attract: the attract screen after its seconds" attract "$work/relaunch/shots/relaunch.ppm" 0.3
    same relaunch "--idle-attract: the first tap only takes it away (the picture from before)" woken "$work/relaunch/shots/relaunch.ppm" || true
    check "relaunch: --idle-attract: the first tap pressed nothing (state unchanged)" "$(cmp "$work/relaunch/files/state-relaunch" "$work/relaunch/files/state-attract" 2>&1 || true)" \
        cmp -s "$work/relaunch/files/state-relaunch" "$work/relaunch/files/state-attract"
else
    fail "relaunch" "boot 1 saved no state"
fi

# 2b. the session with --locale de: every word German, the decimal key ",". The keypad's keys sit where they do in
# English (the session taps no pane key, whose width follows its word), so the English session's touches serve.
if wanted german; then
    boot german session virtio 800x480 "" "calx.locale=de"
    check "german: the keypad's keys sit as in English" "calx layout --locale de against calx layout, the pane's keys aside" \
        cmp -s <("$calx" layout --size 800x480 --locale de | grep -v '^fit \|^reset \|^tools ') <("$calx" layout --size 800x480 | grep -v '^fit \|^reset \|^tools ')
    session_checks german virtio 800x480 800x480-de --locale de
    if "$calx" shot --size 800x480 --touch "$work/touch/upto-keys-800x480.touch" --out "$work/german/english-keys.png" >/dev/null 2>&1; then
        differs german "calx run --locale de shows German, not the English picture" keys "$work/german/english-keys.png" 0.002
    else
        fail "german: calx run --locale de shows German, not the English picture" "calx shot failed"
    fi
fi

# 3. portrait, and the bochs-drm driver once
if wanted portrait; then
    boot portrait session virtio 480x800
    session_checks portrait virtio 480x800
fi
if wanted bochs; then
    boot bochs session bochs 800x480
    session_checks bochs bochs 800x480
fi

# 4. fbdev: the same bochs-drm card with its DRM node hidden, so calx falls back to /dev/fb0 (fbdev emulation)
if wanted fbdev; then
    boot fbdev session fbdev 800x480
    check "fbdev: calx chose /dev/fb0" "fb0: $(result fbdev fb); $(grep -o 'calx: /dev/fb0.*' "$work/fbdev/serial.log" | head -1)" \
        grep -q "calx: /dev/fb0 800x480" "$work/fbdev/serial.log"
    session_checks fbdev fbdev 800x480
fi

# 5. SIGKILL during a stream of saves: the state file is the old or the new one, never torn
wanted kill && boot kill kill virtio 800x480
for round in 1 2 3 4 5; do
    wanted kill || break
    killed="$(result kill "listing-killed-$round")"; after="$(result kill "listing-after-kill-$round")"
    # The kiosk renames unreadable state to state.corrupt-TIME: any such name is a torn file.
    set_aside="$(tr ' ' '\n' <<< "$killed $after" | grep corrupt | sort -u | tr '\n' ' ')"
    # Old or new: a state file, or none at all when the first round's kill came before the first save.
    if [ -s "$work/kill/files/state-killed-$round" ]; then kept="state file kept"
    # Whole names only: the first save's temporary file (state.tmp-PID) is not a state file.
    elif [ $round = 1 ] && ! tr ' ' '\n' <<< "$killed" | grep -qx state; then kept="killed before the first save was in place (no state yet)"
    else kept="state file lost"; fi
    check "kill $round: state file intact" "$kept; after SIGKILL: [$killed]; relaunched: alive $(result kill "alive-after-kill-$round"), exit $(result kill "exit-after-kill-$round"); set aside: [${set_aside}]" \
        [ "$kept" != "state file lost" -a "$(result kill "alive-after-kill-$round")" = yes \
          -a "$(result kill "exit-after-kill-$round")" = 0 -a -z "$set_aside" ]
done

# The kills only prove something if saves were under way: the state must have changed between rounds.
changes=0
for round in 2 3 4 5; do
    cmp -s "$work/kill/files/state-killed-$((round-1))" "$work/kill/files/state-killed-$round" 2>/dev/null \
        || { [ -s "$work/kill/files/state-killed-$round" ] && changes=$((changes+1)); }
done
wanted kill && check "kill: saves were under way" "the state changed in $changes of 4 rounds" [ $changes -ge 2 ]

# 6. the replay boot (amd64): the real `libinput replay` plays panel recordings (Tests/Recordings) into the kernel
# while the kiosk runs, on the input root (system-root.sh --input) with udevd applying the boards' calibration
# rules; each screendump must be what `calx shot --record` draws of the same recording. ads7846-calibrate is a
# resistive panel with no calibration anywhere: the kiosk's first start calibrates it, then 7 + 8 = is typed.
replay_recordings="pi7-800x480 ft5x06-swapped-800x480 ads7846-calibrate-800x480"
if wanted replay && [ "$arch" = amd64 ]; then
    t0=$SECONDS
    root_base="$("$vm/system-root.sh" "$cache" --input 2> "$work/input-root.log")"; status=$?
    if [ $status -ne 0 ]; then
        fail "replay: input root" "system-root.sh --input exited $status: $(tail -1 "$work/input-root.log")"
    else
        root="$work/replay-root"; rm -rf "$root"; cp -a "$root_base" "$root"
        install -m 0755 "$bin/calx" "$root/usr/local/bin/calx"
        install -m 0755 "$vm/replay-guest.sh" "$root/usr/local/sbin/calx-replay"
        mkdir -p "$root/etc/calx-replay" "$root/etc/udev/rules.d"
        tr ' ' '\n' <<< "$replay_recordings" > "$root/etc/calx-replay/list"
        for name in $replay_recordings; do cp "$repo/Tests/Recordings/$name.yml" "$root/etc/calx-replay/"; done
        "$vm/calibration-rules.sh" "$root"/etc/calx-replay/*.yml > "$root/etc/udev/rules.d/70-calx-panels.rules"
        "$vm/root-image.sh" "$kdir" "$root" "$work/replay" 1200M virtio-gpu evdev uinput > "$work/replay-image.log" 2>&1 \
            || fail "replay: image" "root-image.sh failed ($work/replay-image.log)"
        rm -rf "$root"
        echo "vm-e2e: replay image in $((SECONDS - t0)) s"
        mkdir -p "$work/replay"; t0=$SECONDS
        python3 "$vm/qemu_run.py" --shots "$work/replay/shots" --files "$work/replay/files" --qmp "$work/replay/qmp.sock" \
            --log "$work/replay/serial.log" --results "$work/replay/results.json" --timeout "${CALX_VM_TIMEOUT:-480}" -- \
            "$qemu" "${accel[@]}" -m 768 -smp 1 -nographic -no-reboot -nic none \
            -vga none -device virtio-gpu-pci,xres=800,yres=480 \
            -drive "file=$work/replay/disk.img,format=raw,if=virtio,cache=writeback" \
            -kernel "$kdir/boot-image" -initrd "$work/replay/initrd.cpio.gz" \
            -append "root=/dev/vda rw console=$console quiet panic=-1 no_timer_check cryptomgr.notests init=/usr/local/sbin/calx-replay"
        status=$?
        echo "vm-e2e: boot replay (virtio 800x480, the input root): $((SECONDS - t0)) s"
        check "replay: no hang" "guest powered off by itself" [ $status -eq 0 ]
        check "replay: init ran to the end" "marker @@calx-done replay" grep -q "@@calx-done replay" "$work/replay/serial.log"
        for name in $replay_recordings; do
            opened="$(result replay "opened-$name")"
            check "replay $name: the kiosk took the replayed device" "$opened" grep -q "as [a-z-]*touch" <<< "$opened"
            check "replay $name: libinput replay played it" "$(result replay "replayed-$name") (the prompt again after the replay)" \
                [ "$(result replay "replayed-$name")" = "2 prompts" ]
            check "replay $name: kiosk settled" "settled: $(result replay "settled-$name")" [ "$(result replay "settled-$name")" = yes ]
            expected="$work/replay/expected-$name.png"
            # shellcheck disable=SC2046 # the flag and its value, or nothing
            if "$calx" shot --size 800x480 $(mm_flag_of replay) --record "$repo/Tests/Recordings/$name.yml" --out "$expected" > /dev/null 2>&1 \
                && [ -s "$work/replay/shots/replay-$name.ppm" ]; then
                message="$(python3 "$vm/pictures.py" compare "$work/replay/shots/replay-$name.ppm" "$expected")"
                check "replay $name: the kiosk reacted as calx shot --record says" "$message" [ $? -eq 0 ]
            else
                fail "replay $name: the kiosk reacted as calx shot --record says" "no screendump, or calx shot --record failed"
            fi
            check "replay $name: clean SIGTERM exit" "exit status $(result replay "exit-$name")" [ "$(result replay "exit-$name")" = 0 ]
        done
        # The resistive panel nobody calibrated: the kiosk's first start calibrated it on the screen and kept it.
        kept="$(result replay kept-ads7846-calibrate-800x480)"
        check "replay ads7846-calibrate-800x480: the first start calibrated the panel and kept it beside the state" \
            "calx.conf: ${kept:-none}; $(grep -o 'calx: .*single-touch panel with no calibration.*' "$work/replay/serial.log" | head -1)" \
            grep -q "^touch-calibration=" <<< "$kept"
        check "replay: a kiosk stopped while its evdev buffer overflowed reads on after SYN_DROPPED" \
            "settled: $(result replay dropped-settled); SIGTERM exit status $(result replay dropped-exit)" \
            [ "$(result replay dropped-settled)" = yes -a "$(result replay dropped-exit)" = 0 ]
        first="${replay_recordings%% *}"
        check "replay: calx doctor --record wrote a recording" "$(result replay doctor-exit)" [ "$(result replay doctor-exit | cut -d' ' -f1)" = 0 ]
        check "replay: its recording is YAML (python3-yaml, as libinput replay reads it)" "$(result replay doctor-yaml)" \
            [ "$(result replay doctor-yaml | cut -d' ' -f1)" = 0 ]
        check "replay: libinput replay makes its device" "$(result replay doctor-replay)" grep -q "/dev/input/event" <<< "$(result replay doctor-replay)"
        doctor_keys="$("$calx" keys --size 800x480 --record "$work/replay/files/doctor.yml" 2>&1)"
        check "replay: calx keys --record reads what calx doctor recorded of $first as 15" "$(grep "^display" <<< "$doctor_keys")" \
            grep -q "^display: 15$" <<< "$doctor_keys"
    fi
fi

# 7. (only when named) the soak: RSS and fds read from /proc after every minute of touch, VT switch and replug
if wanted soak; then
    minutes="${CALX_VM_SOAK_MINUTES:-10}"
    CALX_VM_TIMEOUT="${CALX_VM_TIMEOUT:-$((minutes * 90 + 120))}" boot soak soak virtio 800x480 "" "calx.minutes=$minutes"
    figures="" rss1="$(result soak rss-1)" drift=0 fds_seen="" played=0 switched=0 seconds="" touched=""
    for minute in $(seq 0 "$minutes"); do
        rss="$(result soak "rss-$minute")"; fds="$(result soak "fds-$minute")"
        figures+="$minute: ${rss:-?} kB/${fds:-?} fds; "
        fds_seen+="${fds:-?} "
        if [ "$minute" -ge 1 ]; then
            # Played until cut at 50 s, not ended early by an error.
            [ "$(result soak "touchplay-soak-$minute")" = cut ] && played=$((played+1))
            touched+="$(result soak "touch-seconds-soak-$minute") "
            [ "$(result soak "chvt-soak-$minute")" = "0 0 tty1" ] && switched=$((switched+1))
            seconds+="$(result soak "seconds-soak-$minute") "
            [ -n "$rss" ] && [ -n "$rss1" ] && d=$(( rss > rss1 ? rss - rss1 : rss1 - rss )) && [ $d -gt $drift ] && drift=$d
            [ -z "$rss" ] && drift=999999
        fi
    done
    echo "vm-e2e: soak figures (minute: RSS/fds): $figures"
    echo "vm-e2e: soak seconds per minute up to the figures (touch, VT switch, replug; then the minute is waited out): $seconds"
    opened="$(grep -c 'calx: input .* as touchscreen' "$work/soak/serial.log")"
    check "soak: touch played through every minute" "$played of $minutes minutes touched until cut; seconds of touch: $touched; the kiosk opened the touchscreen $opened times" \
        [ $played = "$minutes" -a "$opened" = "$minutes" ]
    check "soak: VT switched away and back every minute" "$switched of $minutes" [ $switched = "$minutes" ]
    replugs="$(grep -c 'calx: screen disconnected' "$work/soak/serial.log")"
    check "soak: display unplugged and plugged back every minute" "$replugs disconnects logged, $(grep -o ':yes' <<< "$(for m in $(seq 1 "$minutes"); do echo ":$(result soak "settled-soak-$m")"; done)" | wc -l) settled after the replug" \
        [ "$replugs" = "$minutes" ]
    check "soak: RSS flat after the first minute" "largest move from minute 1: $drift kB (limit 1024)" [ $drift -le 1024 ]
    check "soak: fds constant" "fds at minutes 0-$minutes: $fds_seen" [ "$(tr ' ' '\n' <<< "$fds_seen" | grep -v '^$' | sort -u | wc -l)" = 1 ]
    check "soak: kiosk alive to the end, clean exit" "alive $(result soak alive-soak), exit $(result soak exit-soak)" \
        [ "$(result soak alive-soak)/$(result soak exit-soak)" = yes/0 ]
fi

# 8. (only when named) valgrind memcheck in the guest over calx doctor and calx run (on real DRM, evdev, udev)
if wanted memcheck; then
    vgroot="$work/valgrind-root"
    mkdir -p "$vgroot/usr/bin" "$vgroot/usr/libexec/valgrind"
    cp /usr/bin/valgrind.bin "$vgroot/usr/bin/"
    cp /usr/libexec/valgrind/{memcheck-amd64-linux,vgpreload_core-amd64-linux.so,vgpreload_memcheck-amd64-linux.so,default.supp} \
        "$vgroot/usr/libexec/valgrind/"
    # valgrind needs ld.so's symbols (libc6-dbg), found by the loader's build id.
    build_id="$(readelf -n /lib64/ld-linux-x86-64.so.2 | sed -n 's/.*Build ID: //p')"
    debug="usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug"
    mkdir -p "$vgroot/$(dirname "$debug")"
    cp "/$debug" "$vgroot/$debug" || echo "vm-e2e: no /$debug (libc6-dbg): valgrind will not start in the guest"
    mkdir -p "$vgroot/etc"; cp scripts/test/memcheck.supp "$vgroot/etc/calx-memcheck.supp"
    (cd "$vgroot" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/valgrind.cpio.gz"
    cat "$work/initramfs.cpio.gz" "$work/valgrind.cpio.gz" > "$work/initramfs-valgrind.cpio.gz"
    CALX_VM_MEMORY=1024 CALX_VM_TIMEOUT="${CALX_VM_TIMEOUT:-900}" boot memcheck memcheck virtio 800x480 "$work/initramfs-valgrind.cpio.gz"
    for run in doctor run; do
        log="$work/memcheck/files/memcheck-$run.log"
        summary="$(grep -E 'definitely lost|indirectly lost|possibly lost|ERROR SUMMARY' "$log" 2>/dev/null | sed 's/^==[0-9]*== *//' | tr -s ' ' | tr '\n' ';')"
        check "memcheck: calx $run in the guest" "${summary:-no valgrind log}" \
            grep -q "ERROR SUMMARY: 0 errors" "$log"
    done
    check "memcheck: calx run exited cleanly on SIGTERM" "loop started: $(result memcheck loop-memcheck); settled after the touches: $(result memcheck settled-memcheck-touched), after the replug: $(result memcheck settled-memcheck); exit $(result memcheck exit-memcheck)" \
        [ "$(result memcheck loop-memcheck)/$(result memcheck exit-memcheck)" = yes/0 ]
fi

echo "vm-e2e: $([ $failures -eq 0 ] && echo passed || echo "FAILED ($failures)") in $((SECONDS - started)) s ($arch${CALX_VM_BOOTS:+, only: $boots}); files in $work"
[ $failures -eq 0 ]
