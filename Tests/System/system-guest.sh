#!/bin/bash
# The system test's guest side: runs as calx-system-test.service on the serial console of the Debian VM
# (Tests/System/system-test.sh builds the image). Talks to the host through qemu_run.py's serial markers.
#   calx.test=main   boot 1: dpkg -i the package, reboot; boot 2: the kiosk checks, then power off
#   calx.test=final  after the power cuts (whose rounds boot system-cut-init.sh instead): the state the last
#                    cut left, then dpkg -r and dpkg -P
stty -echo 2>/dev/null
result() { echo "@@calx-result $1 ${*:2}"; }
mode=$(sed -n 's/.*calx\.test=\([a-z]*\).*/\1/p' /proc/cmdline)
state=/var/lib/calx/state
settle_signal=34   # SIGRTMIN under glibc: the kiosk's settle request (Platform/DisplayLoop.swift)

main_pid() { systemctl show -p MainPID --value calx.service; }
# Waits until calx.service is active (READY=1: its first frame is on the screen) with a MainPID other than $1.
# Polled every 0.2 s with one systemctl: under TCG each process the guest starts costs 0.1 to 0.3 s of its
# one CPU, which a restart being measured would share. The times reported come from systemd's own clock.
await_kiosk() {
    local i=0 state pid
    while [ $i -lt 300 ]; do
        # systemctl show prints properties in its own order, not the order asked: read them by name.
        state=""; pid=""
        while IFS='=' read -r key value; do
            case "$key" in ActiveState) state="$value" ;; MainPID) pid="$value" ;; esac
        done < <(systemctl show -p ActiveState -p MainPID calx.service)
        [ "$state" = active ] && [ "$pid" != 0 ] && [ "$pid" != "${1:-}" ] && return 0
        sleep 0.2; i=$((i+1))
    done
    return 1
}
settled_count() { journalctl -b -u calx.service -o cat --no-pager 2>/dev/null | grep -c '^calx: settled'; }
# settle NAME: the kiosk has drawn every touch written so far and its frame is on the screen.
settle() {
    local pid mask i=0 before
    pid=$(main_pid)
    # The signal would kill a kiosk that has not blocked it yet: wait for its loop (bit 33 of SigBlk).
    while [ $i -lt 300 ]; do
        mask=$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
        [ -n "$mask" ] && [ $(( (0x$mask >> (settle_signal - 1)) & 1 )) = 1 ] && break
        sleep 0.05; i=$((i+1))
    done
    before=$(settled_count)
    kill -"$settle_signal" "$pid" 2>/dev/null
    i=0
    while [ "$(settled_count)" -le "$before" ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i+1)); done
    [ $i -lt 150 ] && result "settled-$1" yes || result "settled-$1" no
}
shot() { echo "@@calx-shot $1"; read -r -t 30 ack; }
# The console's mode (KDGETMODE): 0 text, 1 graphics.
kd_mode() { perl -e 'open(my $t, "<", "/dev/tty1") or die "tty1: $!"; my $m = pack("L", 0); ioctl($t, 0x4B3B, $m) or die "KDGETMODE: $!"; print unpack("L", $m)' 2>&1; }
# chvt without kbd: VT_ACTIVATE then VT_WAITACTIVE.
chvt() { perl -e 'open(my $t, "<", "/dev/tty0") or die "tty0: $!"; ioctl($t, 0x5606, $ARGV[0]+0) or die "VT_ACTIVATE: $!"; ioctl($t, 0x5607, $ARGV[0]+0) or die "VT_WAITACTIVE: $!"' "$1"; }
listing() { result "listing-$1" "$(cd /var/lib/calx 2>/dev/null && ls -A | tr '\n' ' ')"; }
elapsed() { echo "$(( ($(date +%s%N) - $1) / 1000000 ))"; }   # ms since a date +%s%N
dump() { if [ -f "$1" ]; then echo "@@calx-file $2"; base64 "$1"; echo "@@calx-end"; fi; }
touchscreens_opened() { journalctl -b -u calx.service -o cat --no-pager 2>/dev/null | grep -c 'as touchscreen'; }
# The session's first shot comes before its first touch (and the touches only after the host's answer):
# it waits until the kiosk holds calx-touchplay's new touchscreen, instead of a fixed settle time.
relay_markers() {
    local waited=no i
    while IFS= read -r line; do
        if [ $waited = no ] && [ "${line#@@calx-shot }" != "$line" ]; then
            i=0; while [ "$(touchscreens_opened)" -le "${touchscreens_before:-0}" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
            result touchscreen-opened "$([ $i -lt 200 ] && echo yes || echo no)"
            waited=yes
        fi
        case "$line" in "@@calx-shot "*) settle "${line#@@calx-shot }" ;; esac
        echo "$line"
    done
}

install_boot() {
    dpkg -i /root/calx_*.deb > /tmp/dpkg.log 2>&1; result dpkg-exit $?
    sed 's/^/dpkg: /' /tmp/dpkg.log
    result dpkg-status "$(dpkg-query -W -f '${Status} ${Version}' calx 2>&1)"
    result unit-enabled "$(systemctl is-enabled calx.service 2>&1)"
    result calx-user "$(id calx 2>&1)"
    await_kiosk && result install-started yes || result install-started no
    touch /var/lib/calx-test-installed
    sync
    echo "@@calx-mark reboot"
    systemctl reboot
    sleep infinity
}

kiosk_boot() {
    await_kiosk && result kiosk-active yes || { result kiosk-active no; systemctl status calx.service --no-pager; }
    result boot-to-frame-us "$(systemctl show -p ActiveEnterTimestampMonotonic --value calx.service)"
    result exec-to-frame-us "$(( $(systemctl show -p ActiveEnterTimestampMonotonic --value calx.service) - $(systemctl show -p ExecMainStartTimestampMonotonic --value calx.service) ))"
    result kernel-to-userspace-us "$(systemctl show -p UserspaceTimestampMonotonic --value 2>/dev/null)"
    result getty-tty1 "$(systemctl is-active getty@tty1.service)"
    # The screen's millimetres as the kiosk reads them (keys of 9 mm lay out by them): system-test.sh's calx shot takes them.
    result millimetres "$(/usr/bin/calx doctor 2>/dev/null | sed -n 's/.*: connected, \([0-9]*x[0-9]*\) mm,.*/\1/p' | head -n 1)"
    local pid; pid=$(main_pid)
    result uid "$(awk '/^Uid:/ { print $2 }' /proc/$pid/status) calx=$(id -u calx) groups=$(awk '/^Groups:/ { $1 = ""; print }' /proc/$pid/status)"
    mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
    result drm-client "$(awk -v p="$pid" '$2 == p' /sys/kernel/debug/dri/0/clients 2>&1 | head -1)"
    settle start
    shot start

    modprobe uinput
    touchscreens_before=$(touchscreens_opened)
    { /usr/local/bin/calx-touchplay --size 800x480 --settle 0 /etc/calx-touch/session-800x480.touch </dev/ttyS0
      echo "@@calx-result touchplay-exit $?"; } | relay_markers
    # A normal run's log, before any crash below: the journal check.
    journalctl -b -u calx.service -o cat --no-pager > /tmp/calx-journal.txt
    journalctl -b -u calx.service -p warning -o cat --no-pager > /tmp/calx-journal-warnings.txt
    dump /tmp/calx-journal.txt journal
    dump /tmp/calx-journal-warnings.txt journal-warnings

    # crash-restart: SIGSEGV, then the VT round (the back-off forgives a crash after a 10 s run), then SIGABRT
    crash SEGV
    local t0; t0=$(date +%s%N)
    chvt 2; result vt-away "$? $(cat /sys/class/tty/tty0/active) getty@tty2 $(systemctl is-active getty@tty2.service)"
    sleep 1
    shot away
    chvt 1; result vt-back "$? $(cat /sys/class/tty/tty0/active)"
    settle back
    shot back
    # The security score and where the boot's time went, while the back-off window runs out: they do not
    # touch the kiosk, and its next crash must come 10 s after its last start.
    result security "$(systemd-analyze security calx.service --no-pager 2>&1 | tail -1)"
    systemd-analyze --no-pager 2>&1 | sed 's/^/analyze: /'
    systemd-analyze blame --no-pager 2>&1 | head -12 | sed 's/^/blame: /'
    systemd-analyze critical-chain calx.service --no-pager 2>&1 | sed 's/^/chain: /'
    result window-left-ms "$((10500 - $(elapsed "$t0")))"
    while [ "$(elapsed "$t0")" -lt 10500 ]; do sleep 0.1; done
    crash ABRT

    # hang-restart: a stopped kiosk pings no more; the watchdog aborts it and systemd starts it again
    pid=$(main_pid); t0=$(date +%s%N); kill_us=$(uptime_us)
    kill -STOP "$pid"
    await_kiosk "$pid" && result hang-restart "yes $(elapsed "$t0") ms" || result hang-restart "no $(elapsed "$t0") ms"
    restart_breakdown hang "$kill_us"
    result watchdog-log "$(journalctl -b -u calx.service -o cat --no-pager | grep -c 'Watchdog timeout')"
    settle hang
    shot hang

    # Where the restarts' time went (the log, not checks).
    journalctl -b -u calx.service -o short-monotonic --no-pager | sed 's/^/journal: /'
    journalctl -b -o short-monotonic --no-pager | grep -iE 'calx|drm|virtio_gpu|fb0' | head -40 | sed 's/^/boot: /'
    listing main
    dump "$state" state-main
}

crash() { # SIGNAL
    local pid t0 kill_us armed mode
    pid=$(main_pid)
    # The console's mode the moment the process is gone, read by a perl started before the signal (it
    # says "armed" once loaded): nothing is started in the guest while systemd restarts the kiosk.
    coproc KDWATCH { perl -e '$| = 1; my $p = shift; print "armed\n";
        for (1 .. 4000) { open(my $s, "<", "/proc/$p/stat") or last; my $l = <$s>; last if $l =~ /^\d+ \(.*\) [ZX] /; select(undef, undef, undef, 0.005) }
        open(my $t, "<", "/dev/tty1") or die "tty1: $!"; my $m = pack("L", 0); ioctl($t, 0x4B3B, $m) or die "KDGETMODE: $!"; print unpack("L", $m), "\n"' "$pid" 2>&1; }
    read -r -t 30 armed <&"${KDWATCH[0]}"
    t0=$(date +%s%N); kill_us=$(uptime_us)
    kill -"$1" "$pid"
    read -r -t 30 mode <&"${KDWATCH[0]}"; wait "$KDWATCH_PID" 2>/dev/null
    result "kdmode-$1" "$mode"
    await_kiosk "$pid" && result "crash-$1" "yes $(elapsed "$t0") ms" || result "crash-$1" "no $(elapsed "$t0") ms"
    restart_breakdown "$1" "$kill_us"
    settle "crash-$1"
    shot "crash-$1"
}

# Where a restart's time went (ms), from systemd's timestamps on the monotonic clock: the signal (uptime
# µs in $2) to the new exec (systemd, RestartSec=, the ExecStartPre helpers), then calx's own start, exec
# to READY=1.
uptime_us() { awk '{ printf "%d", $1 * 1000000 }' /proc/uptime; }
restart_breakdown() {
    local died="$2" exec ready
    exec=$(systemctl show -p ExecMainStartTimestampMonotonic --value calx.service)
    ready=$(systemctl show -p ActiveEnterTimestampMonotonic --value calx.service)
    result "restart-$1" "$(( (exec - died) / 1000 )) $(( (ready - exec) / 1000 ))"
}

# The last boot of the power cuts, a full one into the shipped unit: the state the last cut left, then the
# package removed (tty1 back to its getty, the state kept) and purged (the state deleted).
final_boot() {
    listing boot
    [ -f "$state" ] && result state-sha "$(sha256sum < "$state" | cut -c1-16)" || result state-sha none
    await_kiosk && result kiosk-active yes || result kiosk-active no
    listing started

    dpkg -r calx > /tmp/dpkg.log 2>&1; result remove-exit $?
    sed 's/^/dpkg -r: /' /tmp/dpkg.log
    local i=0
    while [ "$(systemctl is-active getty@tty1.service)" != active ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
    result removed "calx.service $(systemctl is-active calx.service), getty@tty1 $(systemctl is-active getty@tty1.service)," \
        "tty1 KD_TEXT $(kd_mode), /usr/bin/calx $([ -e /usr/bin/calx ] && echo present || echo gone)," \
        "/var/lib/calx $([ -f "$state" ] && echo kept || echo gone)"
    dpkg -P calx > /tmp/dpkg.log 2>&1; result purge-exit $?
    sed 's/^/dpkg -P: /' /tmp/dpkg.log
    result purged "/var/lib/calx $([ -e /var/lib/calx ] && echo kept || echo gone)," \
        "dpkg: $(dpkg-query -W -f '${Status}' calx 2>/dev/null || echo not installed)"
}

# When the test's service started, in seconds of guest uptime: the boot's share of each boot's time.
result guest-uptime "$(cut -d' ' -f1 /proc/uptime)"
case "$mode" in
main) if [ -e /var/lib/calx-test-installed ]; then kiosk_boot; echo "@@calx-done main"; systemctl poweroff; else install_boot; fi ;;
final) final_boot; echo "@@calx-done final"; systemctl poweroff ;;
*) echo "calx-system-test: no calx.test= on the kernel command line" ;;
esac
