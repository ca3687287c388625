#!/bin/sh
# PID 1 of the Calx test VM. The kernel command line chooses what it does:
#   calx.mode=probe|session|relaunch|kill|try   calx.size=WxH
# It talks to the host through serial markers (see vmtool.py) and ends with poweroff -f.
export PATH=/bin:/sbin:/usr/bin
mount -t devtmpfs devtmpfs /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mkdir -p /tmp /run /var/lib/calx && mount -t tmpfs tmpfs /tmp && mount -t tmpfs tmpfs /run

mode=probe; size=800x480
for word in $(cat /proc/cmdline); do
    case "$word" in
    calx.mode=*) mode="${word#calx.mode=}" ;;
    calx.size=*) size="${word#calx.size=}" ;;
    esac
done
echo "@@calx-boot mode=$mode size=$size"

while read -r module; do
    insmod "$module" 2>/dev/null || true
done < /etc/calx-modules
i=0; while [ ! -e /dev/dri/card0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
echo "@@calx-result dri $(ls /dev/dri 2>/dev/null | tr '\n' ' ')"

state=/var/lib/calx/state
calx_pid=
start_calx() {
    /bin/calx run --card /dev/dri/card0 --state "$state" </dev/null >/tmp/calx.log 2>&1 &
    calx_pid=$!
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
    i=0
    while ! grep -q "Calx virtual touchscreen" /proc/bus/input/devices && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
}
alive() { kill -0 "$calx_pid" 2>/dev/null && echo yes || echo no; }
shot() { echo "@@calx-shot $1"; read -r -t 30 ack; }
dump() {
    if [ -f "$1" ]; then echo "@@calx-file $2"; base64 "$1"; echo "@@calx-end"; else echo "@@calx-result missing-$2 $1"; fi
}
listing() { echo "@@calx-result listing-$1 $(cd /var/lib/calx && ls -A | tr '\n' ' ')"; }

case "$mode" in
probe)
    printf 'say @@calx-shot probe-device\nawait\ntap 100 100\npinch 400 240 100 300\nwait 2500\n' > /tmp/probe.touch
    /bin/calx-touchplay --size "$size" --settle 200 /tmp/probe.touch &
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
session)
    # The touchscreen is there before the kiosk starts (found by its start-up scan, not only by hotplug).
    start_player "/etc/calx-touch/session-$size.touch" 5000
    start_calx
    sleep 3
    echo "@@calx-result alive-start $(alive)"
    wait "$player"
    echo "@@calx-result touchplay-exit $?"
    echo "@@calx-result alive-end $(alive)"
    stop_calx TERM session
    listing session
    dump "$state" state-session
    ;;
relaunch)
    listing before
    start_calx
    sleep 4
    echo "@@calx-result alive-relaunch $(alive)"
    shot relaunch
    stop_calx TERM relaunch
    listing relaunch
    dump "$state" state-relaunch
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
try)
    sleep 1
    echo "input devices: $(sed -n 's/^N: Name=//p' /proc/bus/input/devices | tr '\n' ' ')"
    echo "calx: the kiosk is running; the QEMU window (or VNC) is the screen, the mouse is the touch"
    while true; do
        /bin/calx run --card /dev/dri/card0 --state "$state" </dev/null
        echo "calx exited with $?; restarting in 2 s (close QEMU to stop)"
        sleep 2
    done
    ;;
esac
echo "@@calx-done $mode"
sync
poweroff -f
