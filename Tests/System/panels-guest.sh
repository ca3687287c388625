#!/bin/bash
# PID 1 of the panel recording boot (Tests/System/panels.sh boots the input root with
# init=/usr/local/sbin/calx-panels): for each line of /etc/calx-panels/list, a uinput clone of the panel's
# description (calx-touchplay --device), udev applying its rules to it as on a board (input_id's
# ID_INPUT_TOUCHSCREEN, the board's LIBINPUT_CALIBRATION_MATRIX from /etc/udev/rules.d/70-calx-panels.rules),
# and the real `libinput record` recording it while the panel's session is played. Each recording goes to the
# host as @@calx-file NAME.yml.
exec < /dev/ttyS0 > /dev/ttyS0 2>&1
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
stty -echo 2>/dev/null
result() { echo "@@calx-result $1 ${*:2}"; }
mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t tmpfs -o mode=0755 tmpfs /run; mount -t tmpfs tmpfs /tmp
# udevd without the coldplug: it processes the clones as they are made, which is all it is needed for.
/lib/systemd/systemd-udevd --daemon || { echo "calx-panels: systemd-udevd did not start"; echo o > /proc/sysrq-trigger; }
modprobe evdev; modprobe uinput
udevadm settle --timeout=30
result libinput "$(libinput --version 2>&1)"

rules=/etc/udev/rules.d/70-calx-panels.rules
while read -r name description size rotate frame sample jitter kind rule; do
    case "$name" in ''|'#'*) continue ;; esac
    rm -f /tmp/go /tmp/play.log /tmp/record.yml; mkfifo /tmp/go
    script="/etc/calx-panels/panel-$size-$kind.touch"; correction=()
    [ "$kind" = calibrate ] && script="/etc/calx-panels/calibrate-$size.touch"
    if [ "$rule" = no ]; then
        # A board without the rule: the panel is as misaligned as ever, and nothing says so.
        mv "$rules" /tmp/rules.off; udevadm control --reload
        correction=(--correction "$(sed -n 's/^ *- LIBINPUT_CALIBRATION_MATRIX=//p' "/etc/calx-panels/$description.yml")")
    fi
    # The script starts with `await`: the line that releases it comes once libinput record is recording.
    calx-touchplay --device "/etc/calx-panels/$description.yml" --size "$size" --rotate "$rotate" --frame-ms "$frame" \
        --sample-ms "$sample" --jitter "$jitter" --seed 27 "${correction[@]}" --settle 0 "$script" \
        < /tmp/go > /tmp/play.log 2>&1 &
    player=$!
    exec 3> /tmp/go
    i=0; while ! grep -q '/dev/input/event' /tmp/play.log && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
    node="$(grep -o '/dev/input/event[0-9]*' /tmp/play.log | head -1)"
    udevadm settle --timeout=10
    libinput record -o /tmp/record.yml "$node" 2> /tmp/record.log &
    recorder=$!
    i=0; while ! grep -q '^  events:' /tmp/record.yml 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
    echo go >&3
    wait $player; result "played-$name" "$? $(head -1 /tmp/play.log)"
    exec 3>&-
    sleep 0.3
    kill -INT $recorder; wait $recorder; result "recorded-$name" "$? $(grep -c '^  - evdev:' /tmp/record.yml) frames; $(tr '\n' ' ' < /tmp/record.log)"
    [ -s /tmp/record.yml ] && { echo "@@calx-file $name.yml"; base64 /tmp/record.yml; echo "@@calx-end"; }
    [ -f /tmp/rules.off ] && { mv /tmp/rules.off "$rules"; udevadm control --reload; }
done < /etc/calx-panels/list
echo "@@calx-done panels"
echo o > /proc/sysrq-trigger
sleep infinity
