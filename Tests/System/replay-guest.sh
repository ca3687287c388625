#!/bin/bash
# PID 1 of the e2e test's replay boot (e2e.sh boots the input root with init=/usr/local/sbin/calx-replay):
# the kiosk runs on virtio-gpu while the real `libinput replay` plays a panel recording into the kernel,
# through a uinput device made from the recorded description; udevd applies the board's rules to it, so the
# kiosk reads the recorded device's udev properties live. Then a screendump, which the host compares with
# `calx shot --record` of the same recording. One kiosk, fresh, per recording in /etc/calx-replay/list.
exec < /dev/ttyS0 > /dev/ttyS0 2>&1
stty -echo 2>/dev/null
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
result() { echo "@@calx-result $1 ${*:2}"; }
mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t tmpfs -o mode=0755 tmpfs /run; mount -t tmpfs tmpfs /tmp
# udevd without the coldplug (under TCG every module load and process counts): it processes the devices made
# from here on, the replayed ones among them, as on a board.
/lib/systemd/systemd-udevd --daemon || result udevd no
modprobe virtio_gpu; modprobe evdev; modprobe uinput
udevadm settle --timeout=30
result dri "$(ls /dev/dri 2>/dev/null | tr '\n' ' ')"
# The screen's millimetres as calx run reads them: e2e.sh's `calx shot --record` lays out by the same (keys of 9 mm).
result millimetres "$(calx doctor 2>/dev/null | sed -n 's/.*: connected, \([0-9]*x[0-9]*\) mm,.*/\1/p' | head -n 1)"
settle_signal=34   # SIGRTMIN under glibc: the kiosk's settle request (Platform/DisplayLoop.swift)

# wait_for FILE PATTERN [TENTHS]: until FILE has a line matching PATTERN; 0 if it came
wait_for() { local i=0; while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt "${3:-300}" ]; do sleep 0.1; i=$((i+1)); done; grep -q "$2" "$1" 2>/dev/null; }
# started PID: until the kiosk's loop has blocked the settle signal
started() {
    local i=0 mask
    while [ $i -lt 600 ]; do
        mask="$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)"
        [ -n "$mask" ] && [ $(( (0x$mask >> (settle_signal - 1)) & 1 )) = 1 ] && return 0
        sleep 0.05; i=$((i+1))
    done
}
# start_replay STATE NAME: a fresh kiosk on STATE ($calx), then libinput replay of NAME's recording ($replay), which
# makes the device and waits for Enter (on fd 3; typed once the kiosk holds the device); 0 once the kiosk holds it.
# After the replay it asks again, and the end of its input ends it (the device goes with it).
start_replay() {
    rm -f /tmp/calx.log /tmp/replay.log /tmp/enter
    calx run --state "$1" </dev/null >/tmp/calx.log 2>&1 &
    calx=$!
    started "$calx"
    mkfifo /tmp/enter
    libinput replay "/etc/calx-replay/$2.yml" < /tmp/enter > /tmp/replay.log 2>&1 &
    replay=$!
    exec 3> /tmp/enter
    wait_for /tmp/calx.log "calx: input .* as [a-z-]*touch"
}
# Its prompts end in no newline: count them, not lines. replayed: until the second prompt (the replay done).
prompts() { grep -o 'Hit enter' /tmp/replay.log 2>/dev/null | wc -l; }
replayed() { local i=0; while [ "$(prompts)" -lt 2 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; }
# settled PID: yes once the kiosk has drawn every input event read so far (it answers the settle signal), or no
settled() {
    local before i=0
    before=$(grep -c '^calx: settled' /tmp/calx.log)
    kill -"$settle_signal" "$1"
    while [ "$(grep -c '^calx: settled' /tmp/calx.log)" -le "$before" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
    [ $i -lt 600 ] && echo yes || echo no
}

while read -r name; do
    case "$name" in ''|'#'*) continue ;; esac
    # Its own state directory: a calibration the first start keeps goes beside the state, for this kiosk only.
    mkdir -p "/tmp/$name"
    start_replay "/tmp/$name/state" "$name" && result "opened-$name" "$(grep -o 'calx: input .* as [a-z-]*touch.*' /tmp/calx.log | tail -1)"
    echo >&3
    replayed
    result "replayed-$name" "$(prompts) prompts"
    exec 3>&-
    wait $replay
    wait_for /tmp/calx.log "calx: input .* removed" 100
    result "settled-$name" "$(settled "$calx")"
    echo "@@calx-shot replay-$name"
    read -r -t 60 _ < /dev/ttyS0
    kill -TERM "$calx"; wait "$calx"; result "exit-$name" "$?"
    result "kept-$name" "$(cat "/tmp/$name/calx.conf" 2>/dev/null | tr '\n' ' ')"
    grep -v '^calx: settled' /tmp/calx.log | sed "s/^/[$name] /"
    sed "s/^/[$name replay] /" /tmp/replay.log | grep -v '^\s*$' | head -20
done < /etc/calx-replay/list
# A kiosk stopped (SIGSTOP) while the resistive panel's recording is replayed: its 244 events overflow the
# device's evdev buffer (64 events for a single-touch panel), so the kiosk reads SYN_DROPPED when it runs again
# and resyncs from libevdev's snapshot. It must read on: that resync once trapped on an overlapping access.
name="$(grep -v '^#' /etc/calx-replay/list | grep ads7846 | head -1)"
mkdir -p /tmp/dropped
start_replay /tmp/dropped/state "$name"
kill -STOP "$calx"
echo >&3
# The replay done and its device kept (libinput replay waits at its second prompt) while the kiosk reads on.
replayed
kill -CONT "$calx"
result dropped-settled "$(settled "$calx")"
exec 3>&-
wait $replay
kill -TERM "$calx"; wait "$calx"; result dropped-exit "$?"
grep -v '^calx: settled' /tmp/calx.log | sed "s/^/[dropped] /"
rm -f /tmp/enter
# calx doctor --record: the touchscreen recorded while libinput replay plays the first recording into it (no
# kiosk: it would hold the device); the host replays what it wrote. libinput replay must take the file too.
first="$(grep -v '^#' /etc/calx-replay/list | head -1)"
rm -f /tmp/enter /tmp/replay.log; mkfifo /tmp/enter
libinput replay "/etc/calx-replay/$first.yml" < /tmp/enter > /tmp/replay.log 2>&1 &
replay=$!
exec 3> /tmp/enter
wait_for /tmp/replay.log "/dev/input/event"; udevadm settle --timeout=10
calx doctor --record /tmp/doctor.yml --seconds 20 > /tmp/doctor.out 2> /tmp/doctor.log &
doctor=$!
wait_for /tmp/doctor.log "calx doctor: recording"
echo >&3
replayed
exec 3>&-
wait $replay
wait $doctor; result doctor-exit "$? $(tr '\n' ' ' < /tmp/doctor.log)"
[ -s /tmp/doctor.yml ] && { echo "@@calx-file doctor.yml"; base64 /tmp/doctor.yml; echo "@@calx-end"; }
python3 -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); print(d["version"], d["devices"][0]["evdev"]["name"])' /tmp/doctor.yml \
    > /tmp/yaml.out 2>&1; result doctor-yaml "$? $(tail -1 /tmp/yaml.out)"
# libinput replay reads it and makes its device (then finds no Enter, and ends).
libinput replay /tmp/doctor.yml < /dev/null > /tmp/replay-doctor.log 2>&1
result doctor-replay "$(grep -o '/dev/input/event[0-9]*: .*' /tmp/replay-doctor.log | head -1)"
echo "@@calx-done replay"
echo o > /proc/sysrq-trigger
sleep infinity
