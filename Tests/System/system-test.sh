#!/usr/bin/env bash
# Calx system test: a real Debian 12 system boots into the packaged kiosk. mmdebstrap builds the root
# (cached), it goes onto an ext4 image on virtio-blk, and the Debian kernel boots real systemd. The guest
# installs calx_*.deb with dpkg (offline) and reboots; the shipped calx.service then runs the kiosk on tty1
# as user calx, with a getty on tty2. Then: touches, crashes, a hang, a VT switch, 20 power cuts in two chains
# side by side (each round booted straight into calx by system-cut-init.sh), and for each chain a last full
# boot that checks its last cut, then removes and purges the package. "system-vm: time: PHASE: N s" says
# where the time went.
#   Tests/System/system-test.sh          prints "system-vm: pass: NAME: detail" or "system-vm: fail: NAME: why"
#                                     per check; exit 1 if any fails
# Env: CALX_VM_CACHE=DIR (default .build/vm: kernel, root, run files), CALX_POWER_CUTS=N (default 20),
#      CALX_POWER_CUT_CHAINS=N (default 2: one QEMU per core).
# Skips (exit 0, "system-vm: skipped: REASON") only when QEMU, mmdebstrap or the kernel package cannot be had.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"; vm="$repo/Tests/System"
cache="${CALX_VM_CACHE:-$repo/.build/vm}"; mkdir -p "$cache"; cache="$(cd "$cache" && pwd)"
work="$cache/system"; rm -rf "$work"; mkdir -p "$work"
started=$SECONDS; failures=0
skip() { echo "system-vm: skipped: $*"; exit 0; }
pass() { echo "system-vm: pass: $1: $2"; }
fail() { echo "system-vm: fail: $1: $2"; failures=$((failures+1)); }
check() { local name="$1" detail="$2"; shift 2; if "$@"; then pass "$name" "$detail"; else fail "$name" "$detail"; fi; }
result() { [ -s "$work/$1/results.json" ] && python3 "$vm/results.py" "$work/$1/results.json" "$2"; }

command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64 (scripts/install-deps.sh --vm)"
for t in mmdebstrap mke2fs python3 depmod cpio dpkg-deb dpkg-shlibdeps; do
    command -v "$t" >/dev/null || skip "no $t (scripts/install-deps.sh --vm --package)"
done
[ -x /bin/busybox ] || skip "no /bin/busybox (busybox-static)"

# Where the time goes: one "system-vm: time: PHASE: N s" line per phase as it ends, and all of them again
# at the end with the machine's load (the machine may be shared: uptime's load averages say how much).
phases=""
timed() { phases+="$1 $2 s; "; echo "system-vm: time: $1: $2 s"; }
echo "system-vm: load at the start: $(uptime)"

# The root (mmdebstrap, cached) builds in the background while the kernel is fetched and calx is built
# and packaged: the one is network and dpkg, the other the compiler.
echo "system-vm: kernel, root filesystem (mmdebstrap, cached), package"
t0=$SECONDS
( s=$SECONDS; "$vm/system-root.sh" "$cache" > "$work/root.path" 2> "$work/root.log"; echo "$? $((SECONDS - s))" > "$work/root.status" ) &
root_job=$!
kdir="$("$vm/kernel.sh" "$cache")"; status=$?
[ $status -eq 3 ] && { wait $root_job; skip "no Debian kernel package"; }
[ $status -eq 0 ] || { wait $root_job; fail kernel "kernel.sh exited $status"; exit 1; }
kver="$(cat "$kdir/version")"
timed kernel $((SECONDS - t0))

t1=$SECONDS
deb="$(scripts/build/package.sh --out "$work/deb" 2> "$work/package.log" | tail -1)"
[ -s "$deb" ] || { wait $root_job; tail -20 "$work/package.log"; fail package-installed "scripts/build/package.sh failed (log: $work/package.log)"; exit 1; }
timed "build calx (release, static), package, lintian" $((SECONDS - t1))
t1=$SECONDS
bin="$(scripts/build/release.sh --log "$work/build-touchplay.log" calx-touchplay)" \
    || { wait $root_job; fail build "calx-touchplay"; exit 1; }
timed "build calx-touchplay" $((SECONDS - t1))
python3 "$vm/touch_scripts.py" "$work/touch" "$bin/calx" 800x480 > /dev/null
# The power cuts' touches: the e2e burst, with a pause after each tap and pan longer than the kiosk's save
# debounce (0.5 s), so that every change is saved and the cuts land before, during and after saves.
# It starts with "await": system-cut-init.sh lets it go once the kiosk holds the touchscreen.
{ echo await; sed 's/^\(tap\|pan\) .*/&\nwait 700/' "$work/touch/burst-800x480.touch"; } > "$work/touch/saves-800x480.touch"
echo "system-vm: $(basename "$deb") (lintian: $(grep -cE '^[EW]: ' "$work/package.log") errors and warnings)"
t1=$SECONDS
wait $root_job
read -r status root_seconds < "$work/root.status"
cat "$work/root.log" >&2
[ "$status" -eq 3 ] && skip "mmdebstrap could not build the Debian 12 root (log in $cache)"
[ "$status" -eq 0 ] || { fail root "system-root.sh exited $status"; exit 1; }
base="$(cat "$work/root.path")"
timed "root (mmdebstrap or cache, beside the above)" "$root_seconds"
timed "waiting for the root after the build" $((SECONDS - t1))
echo "system-vm: kernel $kver, root $(basename "$base") ($((SECONDS - t0)) s in all)"

# The image: the cached root, the kernel modules the VM needs, the package, the harness.
t0=$SECONDS
root="$work/root"
cp -a "$base" "$root"
cp "$deb" "$root/root/"
install -m 0755 "$bin/calx-touchplay" "$root/usr/local/bin/calx-touchplay"; strip "$root/usr/local/bin/calx-touchplay"
mkdir -p "$root/etc/calx-touch"; cp "$work/touch"/*.touch "$root/etc/calx-touch/"
install -m 0755 "$vm/system-guest.sh" "$root/usr/local/sbin/calx-system-test"
install -m 0755 "$vm/system-cut-init.sh" "$root/usr/local/sbin/calx-cut-init"
cat > "$root/etc/systemd/system/calx-system-test.service" <<UNIT
[Unit]
Description=Calx system test (the guest side of Tests/System/system-test.sh)
After=systemd-user-sessions.service
[Service]
ExecStart=/usr/local/sbin/calx-system-test
StandardInput=tty
StandardOutput=tty
TTYPath=/dev/ttyS0
[Install]
WantedBy=multi-user.target
UNIT
ln -s /etc/systemd/system/calx-system-test.service "$root/etc/systemd/system/multi-user.target.wants/"
mkdir -p "$root/etc/systemd/system/getty.target.wants"
ln -sf /lib/systemd/system/getty@.service "$root/etc/systemd/system/getty.target.wants/getty@tty2.service"
# A lean boot under TCG, where every process started costs: what neither the kiosk nor the test needs
# is masked. No D-Bus in a minbase: logind could only fail and retry, and getty-static would start five
# gettys in its place (getty@tty2 is enabled above). The users exist: no sysusers run at boot.
for unit in serial-getty@ttyS0.service apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer \
            e2scrub_reap.service fstrim.timer systemd-timesyncd.service systemd-networkd.service \
            systemd-journal-flush.service systemd-update-utmp.service systemd-update-utmp-runlevel.service \
            systemd-tmpfiles-clean.timer systemd-pstore.service systemd-logind.service getty-static.service \
            systemd-sysusers.service systemd-random-seed.service systemd-firstboot.service systemd-machine-id-commit.service \
            dev-hugepages.mount dev-mqueue.mount sys-kernel-debug.mount sys-kernel-tracing.mount sys-kernel-config.mount \
            sys-fs-fuse-connections.mount proc-sys-fs-binfmt_misc.automount systemd-binfmt.service \
            systemd-modules-load.service systemd-sysctl.service kmod-static-nodes.service ldconfig.service \
            systemd-hwdb-update.service systemd-journal-catalog-update.service systemd-update-done.service \
            systemd-boot-system-token.service systemd-ask-password-console.path systemd-ask-password-wall.path; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
echo calx-test > "$root/etc/hostname"
# The VM's modules into the root, the initramfs that mounts it, the ext4 image (root-image.sh).
disk="$work/disk.img"
"$vm/root-image.sh" "$kdir" "$root" "$work" 1200M virtio-gpu evdev uinput || { fail image "root-image.sh failed"; exit 1; }
rm -rf "$root"
echo "system-vm: ext4 image $(du -h "$disk" | cut -f1) used of 1.2G"
timed "image (modules, initrd, mke2fs)" $((SECONDS - t0))

if [ -e /sys/module/kvm_pvm ] || [ ! -w /dev/kvm ]; then accel=(-accel tcg); else accel=(-enable-kvm -cpu host); fi
# cache=writeback: every write the guest has issued reaches the image file (the host's page cache outlives
# a killed QEMU), and the guest's flushes are honoured (fdatasync); what is still in the guest's own page
# cache is lost. That is a power cut. cache=unsafe would drop flushes and prove nothing.
cache_mode=writeback
# boot NAME TEST [qemu_run.py options]: one QEMU run on the disk image; files land in $work/NAME.
# cryptomgr.notests: Debian's kernel runs the self-test of every crypto algorithm it registers at boot
# (CONFIG_CRYPTO_MANAGER_DISABLE_TESTS is off), emulated instruction by instruction at each of the 24 boots.
# no_timer_check: on a loaded host the emulated 8254 ticks too late for the kernel's IO-APIC timer check,
# which then panics ("IO-APIC + timer doesn't work": a power-cut round died so at load 17); KVM guests skip it.
boot() {
    local name="$1" test="$2"; shift 2
    mkdir -p "$work/$name"
    python3 "$vm/qemu_run.py" --shots "$work/$name/shots" --files "$work/$name/files" \
        --qmp "$work/$name/qmp.sock" --log "$work/$name/serial.log" --results "$work/$name/results.json" "$@" -- \
        qemu-system-x86_64 "${accel[@]}" -m 768 -smp 1 -nographic -no-reboot -nic none \
        -vga none -device virtio-gpu-pci,xres=800,yres=480 \
        -drive "file=$disk,format=raw,if=virtio,cache=$cache_mode" \
        -kernel "$kdir/vmlinux" -initrd "$work/initrd.cpio.gz" \
        -append "root=/dev/vda rw console=ttyS0 quiet panic=-1 no_timer_check cryptomgr.notests systemd.show_status=0 calx.test=$test"
}
shot_of() { echo "$work/$1/shots/$2.ppm"; }
compare() { python3 "$vm/pictures.py" compare "$1" "$2"; }

# Boot 1 installs the package and reboots (with -no-reboot the reset ends QEMU; the next boot is a new
# QEMU on the same disk: a kernel booted again after a reset under TCG was measured 3x slower). Boot 2
# runs the kiosk checks and powers off.
t0=$SECONDS
boot install main --timeout "${CALX_VM_TIMEOUT:-300}"; status=$?
timed "install boot" $((SECONDS - t0))
echo "system-vm: time: install boot, seconds after QEMU started: test service $(python3 "$vm/results.py" "$work/install/results.json" at:guest-uptime), dpkg done $(python3 "$vm/results.py" "$work/install/results.json" at:dpkg-exit), kiosk started $(python3 "$vm/results.py" "$work/install/results.json" at:install-started), QEMU gone $(result install seconds)"
check package-installed "dpkg -i exit $(result install dpkg-exit); $(result install dpkg-status); calx.service $(result install unit-enabled); kiosk started by postinst: $(result install install-started); $(result install calx-user)" \
    [ "$(result install dpkg-exit)" = 0 -a "$(result install unit-enabled)" = enabled -a "$(result install install-started)" = yes ]
grep -q "install ok installed" <<< "$(result install dpkg-status)" || fail package-installed "dpkg-query: $(result install dpkg-status)"
grep -q "@@calx-mark reboot" "$work/install/serial.log" || fail install-boot "the guest did not reboot (log: $work/install/serial.log)"
t0=$SECONDS
boot main main --timeout "${CALX_VM_TIMEOUT:-300}"; status=$?
timed "kiosk boot" $((SECONDS - t0))
at() { python3 "$vm/results.py" "$work/$1/results.json" "at:$2"; }
echo "system-vm: time: kiosk boot, seconds after QEMU started: test service $(at main guest-uptime), kiosk active $(at main kiosk-active), touches done $(at main touchplay-exit), SIGSEGV back $(at main settled-crash-SEGV), VT back $(at main settled-back), SIGABRT back $(at main settled-crash-ABRT), hang back $(at main settled-hang), state dumped $(at main listing-main), QEMU gone $(result main seconds)"
[ $status -eq 0 ] && grep -q "@@calx-done main" "$work/main/serial.log" \
    || fail main-boot "the kiosk boot did not run to its end and power off within ${CALX_VM_TIMEOUT:-300} s (log: $work/main/serial.log)"

frame_us="$(result main boot-to-frame-us)"; exec_us="$(result main exec-to-frame-us)"
ms() { [ -n "$1" ] && echo "$(( $1 / 1000 )) ms" || echo "?"; }
if [ -s "$(shot_of main start)" ]; then
    message="$(compare "$(shot_of main start)" "$vm/References/800x480-start.png")"; status=$?
    check boot-to-kiosk "kernel start to first frame $(ms "$frame_us"), exec to first frame $(ms "$exec_us"); getty@tty1 $(result main getty-tty1); settled $(result main settled-start); $message" \
        [ $status -eq 0 -a "$(result main kiosk-active)" = yes -a "$(result main getty-tty1)" != active ]
else
    fail boot-to-kiosk "no screendump (kiosk active: $(result main kiosk-active); log: $work/main/serial.log)"
fi

uid="$(result main uid)"; client="$(result main drm-client)"
calx_uid="$(sed -n 's/.*calx=\([0-9]*\).*/\1/p' <<< "$uid")"
check runs-as-calx "uid $uid; DRM client (command pid dev master auth uid magic): $client" \
    [ -n "$calx_uid" -a "${uid%% *}" = "$calx_uid" -a "${uid%% *}" != 0 -a "$(awk '{ print $4 "/" $6 }' <<< "$client")" = "y/$calx_uid" ]

touch_ok=yes; touch_detail=""
# The connector's millimetres as the kiosk read them: the Tools key keeps 9 mm by them.
mm_flag=(); case "$(result main millimetres)" in [1-9]*x[1-9]*) mm_flag=(--mm "$(result main millimetres)") ;; esac
for shot in keys graph pinch pan; do
    expected="$work/main/expected-$shot.png"
    if "$bin/calx" shot --size 800x480 "${mm_flag[@]}" --touch "$work/touch/upto-$shot-800x480.touch" --out "$expected" >/dev/null 2>&1 \
        && [ -s "$(shot_of main "$shot")" ] && message="$(compare "$(shot_of main "$shot")" "$expected")"; then
        touch_detail+="$shot: $message; "
    else
        touch_ok=no; touch_detail+="$shot: ${message:-no screendump or calx shot failed}; "
    fi
done
check touch "calx-touchplay exit $(result main touchplay-exit); scanout against calx shot of the same touches: $touch_detail" \
    [ $touch_ok = yes -a "$(result main touchplay-exit)" = 0 ]
kiosk="$(shot_of main pan)"   # the kiosk with the session's state: what every restart must show again

warnings="$(grep -ciE 'warn|error|fail|denied|cannot|unable' "$work/main/files/journal" 2>/dev/null)"
check journal "$(wc -l < "$work/main/files/journal" 2>/dev/null) lines from calx.service in a normal run, $warnings with warn/error/fail/denied; priority warning or worse: $(wc -l < "$work/main/files/journal-warnings" 2>/dev/null)" \
    [ -s "$work/main/files/journal" -a "$warnings" = 0 -a ! -s "$work/main/files/journal-warnings" ]

# "Drawn again": from the signal to READY=1 (sent once the first frame is on the screen), by systemd's own
# clock: systemd's part (noticing the death, RestartSec=, the sandbox) plus calx's start. Both parts are
# printed against the 3 s goal, but only 20 s is asserted: under TCG on a loaded 2-core host calx's start
# alone has taken 3-5 s, and a test asserts behaviour, not speed (docs/endurance.md has the figures).
# The picture must be the kiosk's again.
crash_ok=yes; crash_detail=""
for sig in SEGV ABRT; do
    restart="$(result main "crash-$sig")"; mode="$(result main "kdmode-$sig")"
    read -r systemd_ms calx_ms <<< "$(result main "restart-$sig")"
    same="$( [ -s "$(shot_of main "crash-$sig")" ] && compare "$(shot_of main "crash-$sig")" "$kiosk")"; same_status=$?
    total=$(( ${systemd_ms:-99999} + ${calx_ms:-99999} ))
    crash_detail+="SIG$sig: console mode after the death $mode (0 = KD_TEXT); drawn again: signal to READY=1 $total ms by systemd's clock (the 3 s goal $([ $total -le 3000 ] && echo met || echo "not met")): systemd's part ${systemd_ms:-?} ms, calx's start ${calx_ms:-?} ms (at boot $(( ${exec_us:-0} / 1000 )) ms); seen by the guest's polling after $restart; picture as before: $same; "
    [ "$mode" = 0 ] && [ "${restart%% *}" = yes ] && [ $total -le 20000 ] && [ $same_status -eq 0 ] || crash_ok=no
done
check crash-restart "$crash_detail" [ $crash_ok = yes ]

hang="$(result main hang-restart)"
same="$( [ -s "$(shot_of main hang)" ] && compare "$(shot_of main hang)" "$kiosk")"; same_status=$?
check hang-restart "SIGSTOP, restarted: $hang (signal to exec, exec to READY=1: $(result main restart-hang) ms); 'Watchdog timeout' in the journal: $(result main watchdog-log); picture as before: $same" \
    [ "${hang%% *}" = yes -a "$(result main watchdog-log)" -ge 1 -a $same_status -eq 0 ] 2>/dev/null

away="$( [ -s "$(shot_of main away)" ] && python3 "$vm/pictures.py" differs "$(shot_of main away)" "$kiosk" --fraction 0.3)"; away_status=$?
back="$( [ -s "$(shot_of main back)" ] && compare "$(shot_of main back)" "$kiosk")"; back_status=$?
check vt-switch "chvt 2: $(result main vt-away) (away: $away); chvt 1: $(result main vt-back), settled $(result main settled-back) (back: $back)" \
    [ "$(result main vt-away)" = "0 tty2 getty@tty2 active" -a $away_status -eq 0 -a "$(result main vt-back)" = "0 tty1" -a $back_status -eq 0 ]

security="$(result main security)"; score="$(grep -o '[0-9][0-9.]*' <<< "$security" | head -1)"
offline="$(systemd-analyze security --offline=true deploy/calx.service 2>/dev/null | tail -1)"
check security "guest: $security; offline here: $offline" awk -v s="${score:-99}" 'BEGIN { exit !(s <= 1.0) }'

# Power cuts: each round boots the image, reports what the last cut left (the listing of /var/lib/calx and
# the state's hash; the kiosk must start on it without setting it aside), then plays taps and pans that
# save the state while the host kills QEMU at a different moment (--kill-after touching:SECONDS, counted
# from the first tap). A round boots into calx directly (system-cut-init.sh: the same root, binary, user,
# command line and udev rules, without systemd's 20 s); the last boot of a chain is a full one into the
# shipped unit, which checks the chain's last cut, then removes and purges the package.
# The rounds run as CALX_POWER_CUT_CHAINS (default 2) chains side by side, each on its own copy of the
# disk as the kiosk boot left it: one QEMU per core (TCG runs a guest on one host thread). Within a chain
# every round checks the cut before it, as one board would see them one after the other.
rounds="${CALX_POWER_CUTS:-20}"; chains="${CALX_POWER_CUT_CHAINS:-2}"
t0=$SECONDS
chain_rounds() { seq "$1" "$chains" "$rounds"; }   # chain C takes rounds C, C+chains, ...
cut_delay() { awk -v r="$1" 'BEGIN { printf "%.2f", 0.2 + ((r * 7) % 20) * 0.2 }'; }   # 0.2 .. 4.0 s after the first tap
run_chain() {
    local chain="$1" round disk="$work/disk.img"
    if [ "$chain" -gt 1 ]; then disk="$work/disk-$chain.img"; cp --sparse=always "$work/disk.img" "$disk"; fi
    for round in $(chain_rounds "$chain"); do
        boot "cut$round" "cut init=/usr/local/sbin/calx-cut-init" --timeout 150 --kill-after "touching:$(cut_delay "$round")"
        # A round that never reached its cut leaves nothing for the next to check: the chain stops there.
        [ -n "$(result "cut$round" killed-after)" ] || return 0
    done
    boot "final$chain" final --timeout "${CALX_VM_TIMEOUT:-300}"   # the check of the chain's last cut, remove, purge
}
for chain in $(seq 1 "$chains"); do run_chain "$chain" & done
wait
[ "$chains" -gt 1 ] && rm -f "$work"/disk-*.img

main_sha="$(sha256sum < "$work/main/files/state-main" 2>/dev/null | cut -c1-16)"
cut_ok=yes; cut_detail=""; new=0; old=0; up=""
for chain in $(seq 1 "$chains"); do
    previous="$main_sha"; last=""; cut_detail+="chain $chain: "
    for name in $(chain_rounds "$chain" | sed 's/^/cut/') "final$chain"; do
        [ -s "$work/$name/results.json" ] || { cut_ok=no; cut_detail+="($name: never booted: the round before was not killed; log: $work/$last/serial.log) "; break; }
        if [ "$name" = "final$chain" ]; then
            timed "final boot of chain $chain (its last cut, remove, purge)" "$(result "$name" seconds | cut -d. -f1)"
        else
            timed "power-cut round ${name#cut} (chain $chain, QEMU killed $(cut_delay "${name#cut}") s after the first tap, $(result "$name" killed-after) s after it started)" "$(result "$name" seconds | cut -d. -f1)"
        fi
        if [ -n "$last" ]; then
            sha="$(result "$name" state-sha)"; started_listing="$(result "$name" listing-started)"
            if [ "$sha" = none ] || [ -z "$sha" ]; then verdict=lost
            elif [ "$sha" = "$previous" ]; then verdict=old; old=$((old+1))
            else verdict=new; new=$((new+1)); fi
            cut_detail+="${last#cut}:$verdict "
            # No temp file (state.tmp-*) and nothing set aside (state.corrupt-*) once the kiosk has started.
            if [ "$verdict" = lost ] || [ "$(result "$name" kiosk-active)" != yes ] || grep -qE 'state\.(tmp|corrupt)' <<< "$started_listing"; then
                cut_ok=no
                cut_detail+="(cut ${last#cut} after $(result "$last" killed-after) s: at boot $(result "$name" listing-boot), kiosk active $(result "$name" kiosk-active), after its start: $started_listing) "
            fi
        fi
        # The state the kiosk started on is the 'old' one of this round's cut.
        previous="$(result "$name" state-started)"
        up+="$(result "$name" at:kiosk-active) "
        last="$name"
    done
    cut_detail+="; "
done
check power-cut "$rounds cuts in $chains chains with cache=$cache_mode, each 0.2-4 s after the first of taps and pans 0.7 s apart (each one saved); state after each (old/new): $cut_detail$new new, $old old, none lost or set aside, no temp files; each chain's last checked by the shipped unit at a full boot; kiosk up (s after QEMU started): $up; $((SECONDS - t0)) s" \
    [ $cut_ok = yes -a $new -ge 1 -a $((new + old)) -eq "$rounds" ]

# On each chain's final boot: remove gives tty1 back to its getty and keeps the state; purge deletes it.
removed_then_purged() {
    local final
    for final in $(seq 1 "$chains" | sed 's/^/final/'); do
        [ "$(result "$final" remove-exit)" = 0 ] && [ "$(result "$final" purge-exit)" = 0 ] \
            && [ "$(result "$final" removed)" = "calx.service inactive, getty@tty1 active, tty1 KD_TEXT 0, /usr/bin/calx gone, /var/lib/calx kept" ] \
            && grep -qE '^/var/lib/calx gone, dpkg: (not installed|unknown ok not-installed)$' <<< "$(result "$final" purged)" || return 1
    done
}
check remove-purge "$(for f in $(seq 1 "$chains" | sed 's/^/final/'); do echo -n "$f: dpkg -r exit $(result "$f" remove-exit): $(result "$f" removed); dpkg -P exit $(result "$f" purge-exit): $(result "$f" purged); "; done)" \
    removed_then_purged

timed "power cuts and final boot" $((SECONDS - t0))
echo "system-vm: times: $phases"
echo "system-vm: load at the end: $(uptime)"
echo "system-vm: $([ $failures -eq 0 ] && echo passed || echo "FAILED ($failures)") in $((SECONDS - started)) s; files in $work"
[ $failures -eq 0 ]
