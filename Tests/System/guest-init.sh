#!/bin/sh
# PID 1 of the Calx test VM. The kernel command line chooses what it does:
#   calx.mode=probe|session|switch|relaunch|kill|soak|memcheck|try   calx.size=WxH   calx.minutes=N (soak)
#   (switch: the session, then a VT switch away and back, a display unplugged and plugged back, and the
#   console's text mode after the exit)
#   calx.display=fbdev   hide /dev/dri/card0, so that calx falls back to /dev/fb0 (the DRM driver's fbdev emulation)
#   calx.locale=L        calx run --locale L (the session in another language)
# It talks to the host through serial markers (see qemu_run.py) and ends with poweroff -f.
export PATH=/bin:/sbin:/usr/bin
mount -t devtmpfs devtmpfs /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mkdir -p /tmp /run /var/lib/calx && mount -t tmpfs tmpfs /tmp && mount -t tmpfs tmpfs /run

mode=probe; size=800x480; display=drm; args=""; minutes=10; locale=""
for word in $(cat /proc/cmdline); do
    case "$word" in
    calx.mode=*) mode="${word#calx.mode=}" ;;
    calx.size=*) size="${word#calx.size=}" ;;
    calx.display=*) display="${word#calx.display=}" ;;
    calx.args=*) args="${word#calx.args=}" ;;
    calx.minutes=*) minutes="${word#calx.minutes=}" ;;
    calx.locale=*) locale="${word#calx.locale=}" ;;
    esac
done
echo "@@calx-boot mode=$mode size=$size display=$display"

while read -r module; do
    insmod "$module" 2>/dev/null || true
done < /etc/calx-modules
i=0; while [ ! -e /dev/dri/card0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
echo "@@calx-result dri $(ls /dev/dri 2>/dev/null | tr '\n' ' ')"
card="--card /dev/dri/card0"
if [ "$display" = fbdev ]; then
    # No node, no DRM master: the fbdev emulation keeps the scanout, and calx's card scan finds nothing.
    rm -f /dev/dri/card*
    card=
    echo "@@calx-result fb $(cat /sys/class/graphics/fb0/name 2>/dev/null) $(cat /sys/class/graphics/fb0/virtual_size /sys/class/graphics/fb0/bits_per_pixel 2>/dev/null | tr '\n' ' ')"
fi

state=/var/lib/calx/state
calx_pid=
start_calx() { # [MORE CALX RUN FLAGS]
    # shellcheck disable=SC2086 # $card is one flag and its value, or nothing; so is the locale's
    /bin/calx run $card --state "$state" ${locale:+--locale $locale} "$@" </dev/null >/tmp/calx.log 2>&1 &
    calx_pid=$!
    echo "$calx_pid" > /tmp/calx.pid
    # the boot time: when the first kiosk of this boot was started
    [ -e /tmp/calx.started ] || { echo "@@calx-result calx-started $(cut -d' ' -f1 /proc/uptime)"; : > /tmp/calx.started; }
}
# The kiosk's settle request (Platform/DisplayLoop.swift: SIGRTMIN, 34 under glibc; busybox knows no RT names).
settle_signal=34
# settle NAME: returns once the kiosk has drawn every touch written so far and its frame is on the screen
# (it answers the settle signal with "calx: settled"), so a screendump shows neither a half-played tap
# nor a frame still in flight. Reports @@calx-result settled-NAME yes|no.
settle() {
    pid=$(cat /tmp/calx.pid 2>/dev/null)
    # The signal would kill a kiosk that has not blocked it yet: wait for its loop (bit 33 of SigBlk).
    i=0
    while [ $i -lt 300 ]; do
        mask=$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
        [ -n "$mask" ] && [ $(( (0x$mask >> (settle_signal - 1)) & 1 )) = 1 ] && break
        sleep 0.1; i=$((i+1))
    done
    before=$(grep -c '^calx: settled' /tmp/calx.log 2>/dev/null)
    kill -"$settle_signal" "$pid" 2>/dev/null
    i=0
    while [ "$(grep -c '^calx: settled' /tmp/calx.log 2>/dev/null)" -le "${before:-0}" ] && [ $i -lt 600 ]; do
        sleep 0.05; i=$((i+1))
    done
    [ $i -lt 600 ] && echo "@@calx-result settled-$1 yes" || echo "@@calx-result settled-$1 no"
}
# Sends a signal, waits for the exit and reports its status (the kiosk's log goes to serial too).
stop_calx() {
    signal="$1"
    kill -"$signal" "$calx_pid" 2>/dev/null
    wait "$calx_pid"; status=$?
    echo "@@calx-result exit-$2 $status"
    sed 's/^/calx: /' /tmp/calx.log
}
# Starts calx-touchplay in the background and returns once its touchscreen exists; it plays after SETTLE ms.
player=
start_player() {
    /bin/calx-touchplay --size "$size" --settle "$2" "$1" &
    player=$!
    await_touchscreen
}
await_touchscreen() {
    i=0
    while ! grep -q "Calx virtual touchscreen" /proc/bus/input/devices && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
}
# The session player: its screendump markers pass through settle first, and its `await` reads the host's
# "ok" from the console (a background job's stdin would be /dev/null, and `await` would not wait at all).
# Its exit status arrives as the result touchplay-exit.
start_session_player() {
    { /bin/calx-touchplay --size "$size" --settle "$2" "$1" </dev/console
      echo "@@calx-result touchplay-exit $?"; } | relay_markers &
    player=$!
    await_touchscreen
}
relay_markers() {
    while IFS= read -r line; do
        case "$line" in "@@calx-shot "*) settle "${line#@@calx-shot }" ;; esac
        echo "$line"
    done
}
alive() { kill -0 "$calx_pid" 2>/dev/null && echo yes || echo no; }
shot() { echo "@@calx-shot $1"; read -r -t 30 ack; }
dump() {
    if [ -f "$1" ]; then echo "@@calx-file $2"; base64 "$1"; echo "@@calx-end"; else echo "@@calx-result missing-$2 $1"; fi
}
# The kiosk's CPU time in clock ticks (utime + stime, fields 14 and 15 of /proc/PID/stat).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$calx_pid/stat"; }
settled_shot() { settle "$1"; shot "$1"; }

# VT switch away and back (calx owns tty1 in VT_PROCESS mode: chvt waits for its release), with touches
# played while away; then the display unplugged and plugged back through the connector's sysfs status
# (virtio-gpu sends no hotplug event for that: a write to the card's uevent file makes one).
switch_rounds() {
    settled_shot before-switch
    timeout 20 chvt 2; echo "@@calx-result chvt-away $? $(cat /sys/class/tty/tty0/active)"
    sleep 0.5   # fbcon's deferred flush of the text console
    shot away
    /bin/calx-touchplay --size "$size" --settle 300 "/etc/calx-touch/away-$size.touch" </dev/null >/dev/null 2>&1
    echo "@@calx-result touchplay-away $?"
    timeout 20 chvt 1; echo "@@calx-result chvt-back $? $(cat /sys/class/tty/tty0/active)"
    settled_shot back

    find_connector
    echo "@@calx-result connector ${connector##*/}"
    unplug_display
    echo "@@calx-result status-unplugged $(cat "$connector/status")"
    shot dark
    ticks=$(cpu_ticks); sleep 2; ticks=$(( $(cpu_ticks) - ticks ))
    echo "@@calx-result dark-ticks $ticks"
    replug_display
    echo "@@calx-result status-replugged $(cat "$connector/status")"
    settled_shot lit
}

# The connected connector's sysfs directory, and its card's.
find_connector() {
    connector=
    for c in /sys/class/drm/card*-*; do
        [ "$(cat "$c/status" 2>/dev/null)" = connected ] && { connector="$c"; break; }
    done
    card_dir="/sys/class/drm/$(basename "$connector" | cut -d- -f1)"
}
# Unplugs the display and returns once the kiosk has logged one more "screen disconnected".
unplug_display() {
    before=$(grep -c 'screen disconnected' /tmp/calx.log)
    echo off > "$connector/status"; echo change > "$card_dir/uevent"
    i=0; until [ "$(grep -c 'screen disconnected' /tmp/calx.log)" -gt "$before" ] || [ $i -ge 100 ]; do sleep 0.1; i=$((i+1)); done
}
replug_display() { echo detect > "$connector/status"; echo change > "$card_dir/uevent"; }
# The kiosk's resident memory (kB) and open fds, from /proc.
memory_figures() {
    echo "@@calx-result rss-$1 $(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$calx_pid/status")"
    echo "@@calx-result fds-$1 $(ls "/proc/$calx_pid/fd" | wc -l)"
}

# After the exit tty1 must be in KD_TEXT again: fbcon draws text only then, so text written to it
# must change the screen.
text_after_exit() {
    sleep 0.5
    shot exit
    i=0; while [ $i -lt 30 ]; do echo "calx VM test: the console shows text again $i"; i=$((i+1)); done > /dev/tty1
    sleep 0.5
    shot exit-text
}

listing() { echo "@@calx-result listing-$1 $(cd /var/lib/calx && ls -A | tr '\n' ' ')"; }

case "$mode" in
probe)
    printf 'say @@calx-shot probe-device\nawait\ntap 100 100\npinch 400 240 100 300\nwait 2500\n' > /tmp/probe.touch
    /bin/calx-touchplay --size "$size" --settle 200 /tmp/probe.touch </dev/console &
    player=$!
    i=0; while ! grep -q "Calx virtual touchscreen" /proc/bus/input/devices && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
    grep -q "Calx virtual touchscreen" /proc/bus/input/devices && echo "@@calx-result uinput yes" || echo "@@calx-result uinput no"
    node=$(grep -A5 "Calx virtual touchscreen" /proc/bus/input/devices | sed -n 's/^H:.*\(event[0-9]*\).*/\1/p')
    [ -n "$node" ] && { cat "/dev/input/$node" > /tmp/events & reader=$!; }
    echo "@@calx-result event-nodes $(ls /dev/input | tr '\n' ' ')"
    cat /proc/bus/input/devices
    wait $player; echo "@@calx-result touchplay-exit $?"
    [ -n "$node" ] && { kill $reader; echo "@@calx-result events-read $(( $(wc -c < /tmp/events) / 24 ))"; }
    /bin/calx --help >/dev/null 2>&1; echo "@@calx-result calx-help $?"
    # try.sh's touch: QEMU's usb-tablet (absolute, one button), clicked by the host through QMP.
    tablet=$(grep -A5 "QEMU USB Tablet" /proc/bus/input/devices | sed -n 's/^H:.*\(event[0-9]*\).*/\1/p')
    if [ -n "$tablet" ]; then
        cat "/dev/input/$tablet" > /tmp/tablet & reader=$!
        sleep 0.3
        echo "@@calx-tablet 8192,24576"; read -r -t 30 ack
        sleep 0.5; kill $reader
        echo "@@calx-result tablet-events $(( $(wc -c < /tmp/tablet) / 24 ))"
    else
        echo "@@calx-result tablet-events none"
    fi
    ;;
session|switch)
    # The touchscreen is there before the kiosk starts (found by its start-up scan, not only by hotplug).
    start_session_player "/etc/calx-touch/session-$size.touch" 5000
    start_calx
    sleep 3
    echo "@@calx-result alive-start $(alive)"
    wait "$player"
    echo "@@calx-result alive-end $(alive)"
    [ "$mode" = switch ] && switch_rounds
    stop_calx TERM session
    [ "$mode" = switch ] && text_after_exit
    listing session
    dump "$state" state-session
    ;;
relaunch)
    listing before
    start_calx
    sleep 4
    echo "@@calx-result alive-relaunch $(alive)"
    settle relaunch
    shot relaunch
    stop_calx TERM relaunch
    listing relaunch
    dump "$state" state-relaunch
    # The same state in high contrast with larger text: e2e.sh compares the scanout with `calx shot` given both,
    # and the screen's millimetres as the connector reports them (larger text lays out by them: keys of 9 mm).
    # shellcheck disable=SC2086 # $card is one flag and its value, or nothing
    mm=$(/bin/calx doctor $card 2>/dev/null | sed -n 's/.*: connected, \([0-9]*x[0-9]*\) mm,.*/\1/p' | head -n 1)
    echo "@@calx-result millimetres ${mm:-unknown}"
    start_calx --theme high-contrast --text-scale 1.5
    sleep 4
    echo "@@calx-result alive-contrast $(alive)"
    settle contrast
    shot contrast
    stop_calx TERM contrast
    # The attract screen on the same state: it comes after --idle-attract's 10 s with no touch; a tap on the 7
    # key takes it away and presses nothing (the picture from before, the state unchanged). The tap's screendump
    # is taken well within the next 10 s.
    start_calx --idle-attract 10
    sleep 13
    echo "@@calx-result alive-attract $(alive)"
    settle attract
    shot attract
    seven=$(/bin/calx layout --size "$size" | sed -n 's/^7 //p')
    printf 'tap %s\nwait 300\n' "$seven" > /tmp/wake.touch
    /bin/calx-touchplay --size "$size" --settle 300 /tmp/wake.touch </dev/null >/dev/null 2>&1
    echo "@@calx-result touchplay-wake $?"
    settle woken
    shot woken
    stop_calx TERM attract
    dump "$state" state-attract
    ;;
kill)
    # Many saves (every tap changes the state), and a SIGKILL at a different moment each round.
    round=1
    # The taps start 2.5 s after the kiosk (its start-up under TCG); the kills land 0.5 to 3.5 s into them.
    for delay in 3.0 3.6 4.3 5.1 6.0; do
        start_player "/etc/calx-touch/burst-$size.touch" 2500 >/dev/null 2>&1
        start_calx
        sleep "$delay"
        kill -KILL "$calx_pid"; wait "$calx_pid" 2>/dev/null
        kill "$player" 2>/dev/null; wait "$player" 2>/dev/null
        listing "killed-$round"
        dump "$state" "state-killed-$round"
        # Relaunch on what the kill left: a torn file would be set aside (a new name in the listing).
        start_calx
        sleep 2.5
        echo "@@calx-result alive-after-kill-$round $(alive)"
        stop_calx TERM "after-kill-$round"
        listing "after-kill-$round"
        round=$((round+1))
    done
    ;;
soak)
    # calx.minutes=N times: a minute of touch through a uinput touchscreen (taps, pinches, pans, long
    # presses; the device comes and goes with each minute), a VT switch away and back, the display unplugged
    # and plugged back; then the kiosk's RSS and fds. Minute 0 is before any touch.
    start_calx
    settle soak-0
    memory_figures 0
    find_connector
    minute=1
    while [ $minute -le "$minutes" ]; do
        # The script is longer than a minute even on a fast machine: the touch is cut at 57 s, often
        # mid-gesture (the device goes with its fingers down, so the kiosk cancels them); the VT switch and
        # the replug follow, and the minute is waited out.
        started=$(date +%s)
        /bin/calx-touchplay --size "$size" --settle 300 "/etc/calx-touch/soak-$size.touch" </dev/null >/dev/null 2>&1 &
        touch_pid=$!
        while kill -0 "$touch_pid" 2>/dev/null && [ $(( $(date +%s) - started )) -lt 57 ]; do sleep 0.2; done
        if kill -0 "$touch_pid" 2>/dev/null; then
            kill "$touch_pid"; wait "$touch_pid"; echo "@@calx-result touchplay-soak-$minute cut"
        else
            wait "$touch_pid"; echo "@@calx-result touchplay-soak-$minute $?"
        fi
        echo "@@calx-result touch-seconds-soak-$minute $(( $(date +%s) - started ))"
        timeout 20 chvt 2; away=$?; sleep 0.3
        timeout 20 chvt 1; echo "@@calx-result chvt-soak-$minute $away $? $(cat /sys/class/tty/tty0/active)"
        unplug_display
        replug_display
        settle "soak-$minute"
        memory_figures "$minute"
        echo "@@calx-result seconds-soak-$minute $(( $(date +%s) - started ))"
        while [ $(( $(date +%s) - started )) -lt 60 ]; do sleep 0.2; done
        minute=$((minute+1))
    done
    echo "@@calx-result alive-soak $(alive)"
    stop_calx TERM soak
    ;;
memcheck)
    # valgrind memcheck in the guest: `calx doctor` on the real card and touchscreen, then `calx run` through
    # a burst of taps and pans, a VT switch and a display replug, and SIGTERM. Their logs go to the host.
    valgrind="/usr/bin/valgrind.bin --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect --vgdb=no --suppressions=/etc/calx-memcheck.supp"
    start_player "/etc/calx-touch/away-$size.touch" 600000 >/dev/null 2>&1
    # shellcheck disable=SC2086 # $valgrind is the command and its flags
    $valgrind --log-file=/tmp/memcheck-doctor.log /bin/calx doctor --card /dev/dri/card0 >/tmp/doctor.txt 2>&1
    echo "@@calx-result doctor-memcheck $?"
    kill "$player" 2>/dev/null; wait "$player" 2>/dev/null
    cat /tmp/doctor.txt
    dump /tmp/memcheck-doctor.log memcheck-doctor.log
    # shellcheck disable=SC2086
    $valgrind --log-file=/tmp/memcheck-run.log /bin/calx run --card /dev/dri/card0 --state "$state" </dev/null >/tmp/calx.log 2>&1 &
    calx_pid=$!
    echo "$calx_pid" > /tmp/calx.pid
    # Under valgrind the kernel's SigBlk is valgrind's (all blocked), so settle cannot tell when the kiosk has
    # blocked the settle signal: wait for its loop's first line (the keyboard found by its start-up scan).
    i=0; until grep -q '^calx: input ' /tmp/calx.log || [ $i -ge 1200 ]; do sleep 0.5; i=$((i+1)); done
    echo "@@calx-result loop-memcheck $([ $i -lt 1200 ] && echo yes || echo no)"
    start_player "/etc/calx-touch/burst-$size.touch" 2000 >/dev/null 2>&1
    wait "$player"
    settle memcheck-touched
    find_connector
    timeout 60 chvt 2; timeout 60 chvt 1
    unplug_display
    replug_display
    settle memcheck
    echo "@@calx-result alive-memcheck $(alive)"
    stop_calx TERM memcheck
    dump /tmp/memcheck-run.log memcheck-run.log
    ;;
try)
    # try.sh's state disk keeps the state between runs; its arguments for calx come base64-encoded.
    [ -b /dev/vda ] && mount -t ext4 /dev/vda /var/lib/calx
    set --
    if [ -n "$args" ]; then
        printf '%s' "$args" | base64 -d > /tmp/calx-args
        while IFS= read -r a; do set -- "$@" "$a"; done < /tmp/calx-args
    fi
    sleep 1
    echo "input devices: $(sed -n 's/^N: Name=//p' /proc/bus/input/devices | tr '\n' ' ')"
    echo "calx: the kiosk is running; the QEMU window (or VNC) is the screen, the mouse is the touch; Ctrl-C quits"
    while true; do
        /bin/calx run --card /dev/dri/card0 --state "$state" "$@" </dev/null
        echo "calx exited with $?; restarting in 2 s (Ctrl-C stops QEMU)"
        sleep 2
    done
    ;;
esac
echo "@@calx-done $mode"
sync
poweroff -f
