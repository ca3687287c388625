#!/bin/bash
# PID 1 of a power-cut round of the system test (Tests/System/system-test.sh boots it with
# init=/usr/local/sbin/calx-cut-init). A round needs what the state's durability depends on, and nothing
# else: the same ext4 root mounted the same way (the kernel replays the journal the last cut left), the
# installed calx binary run as user calx with calx.service's own ExecStart= line, its state directory, tty1
# and udev's device permissions. Not systemd: the full boot costs about 35 s under TCG, this about 10 s,
# and twenty rounds of it were most of the test. The shipped unit itself is proved by the other boots, the
# last of which starts it on the state the last cut left.
# Talks to the host through qemu_run.py's serial markers; the host kills QEMU a set delay after "touching".
exec < /dev/ttyS0 > /dev/ttyS0 2>&1
stty -echo 2>/dev/null
result() { echo "@@calx-result $1 ${*:2}"; }
halt() { echo "calx-cut-init: $*"; echo o > /proc/sysrq-trigger; sleep infinity; }
state=/var/lib/calx/state
settle_signal=34   # SIGRTMIN under glibc: the kiosk's settle request (Platform/DisplayLoop.swift)

mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t tmpfs -o mode=0755 tmpfs /run
mount -t tmpfs tmpfs /tmp

# What the last cut left, before anything runs on it.
result listing-boot "$(cd /var/lib/calx 2>/dev/null && ls -A | tr '\n' ' ')"
[ -f "$state" ] && result state-sha "$(sha256sum < "$state" | cut -c1-16)" || result state-sha none

# udevd without the coldplug: it applies the rules (video, input, the package's touchscreen rule) to the
# devices the modules below create, as at a normal boot.
/lib/systemd/systemd-udevd --daemon || halt "systemd-udevd did not start"
modprobe virtio_gpu; modprobe evdev
udevadm settle --timeout=30
[ -e /dev/dri/card0 ] || halt "no /dev/dri/card0"

# calx.service's command line, as its user, with tty1 as stdin and controlling terminal (TTYPath=).
exec_start="$(sed -n 's/^ExecStart=//p' /lib/systemd/system/calx.service)"
[ -n "$exec_start" ] || halt "no ExecStart= in calx.service"
umask 0077
setsid --ctty env -i PATH=/usr/bin:/bin HOME=/var/lib/calx XDG_CACHE_HOME=/var/cache/calx LANG=C.UTF-8 \
    setpriv --reuid=calx --regid=calx --init-groups --inh-caps=-all --bounding-set=-all --no-new-privs \
    $exec_start <> /dev/tty1 > /run/calx.log 2>&1 &
pid=$!   # no job control here, so setsid execs in place: this is calx once the execs are done

# Started: the kiosk has blocked its settle signal (its loop runs), and answers it once its frame is out.
i=0
while [ $i -lt 600 ]; do
    mask="$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)"
    [ -n "$mask" ] && [ $(( (0x$mask >> (settle_signal - 1)) & 1 )) = 1 ] && break
    sleep 0.05; i=$((i+1))
done
kill -"$settle_signal" "$pid" 2>/dev/null
i=0; while ! grep -q '^calx: settled' /run/calx.log && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done
grep -q '^calx: settled' /run/calx.log && result kiosk-active yes || { result kiosk-active no; sed 's/^/calx: /' /run/calx.log; }
# The kiosk started on what the last cut left: a torn state would have been set aside (state.corrupt-*).
result listing-started "$(cd /var/lib/calx 2>/dev/null && ls -A | tr '\n' ' ')"
[ -f "$state" ] && result state-started "$(sha256sum < "$state" | cut -c1-16)" || result state-started none

modprobe uinput
udevadm settle --timeout=10
# The touches start once the kiosk holds the new touchscreen (its log says so), not after a fixed wait:
# the script's first step is "await", and the line that releases it is written only then. The host
# kills QEMU its delay after the "touching" mark, so every delay counts from the first touch.
{
    i=0; while ! grep -q 'as touchscreen' /run/calx.log && [ $i -lt 600 ]; do sleep 0.02; i=$((i+1)); done
    grep -q 'as touchscreen' /run/calx.log || echo "calx-cut-init: the kiosk never opened the touchscreen" > /dev/ttyS0
    echo "@@calx-mark touching" > /dev/ttyS0
    echo go
    sleep infinity
} | /usr/local/bin/calx-touchplay --size 800x480 --settle 0 /etc/calx-touch/saves-800x480.touch >/dev/null 2>&1
result burst-done yes
sleep infinity
