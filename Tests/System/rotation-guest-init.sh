#!/bin/sh
# PID 1 of the rotation check VM: calx run --rotate R, touched by calx-touchplay at panel pixels.
#   calx.out=drm|fbdev|fbdev2|vesa   fbdev removes the DRM node so Calx falls back to /dev/fb0 (DRM's
#                             fbdev emulation); fbdev2 over-allocates that to two pages (yres_virtual
#                             twice yres); vesa skips bochs so /dev/fb0 is vesafb (vga= picks its depth)
#   calx.rotate=R  calx.size=WxH (the panel)
export PATH=/bin:/sbin:/usr/bin
mount -t devtmpfs devtmpfs /dev; mount -t proc proc /proc; mount -t sysfs sysfs /sys
mkdir -p /tmp /run && mount -t tmpfs tmpfs /tmp && mount -t tmpfs tmpfs /run
out=drm; rotate=0; size=800x480
for word in $(cat /proc/cmdline); do
    case "$word" in
    calx.out=*) out="${word#calx.out=}" ;;
    calx.rotate=*) rotate="${word#calx.rotate=}" ;;
    calx.size=*) size="${word#calx.size=}" ;;
    esac
done
echo "@@calx-boot out=$out rotate=$rotate size=$size"
while read -r module; do
    case "$module" in
    *bochs*) [ "$out" = vesa ] && continue ;;
    *drm_kms_helper*) [ "$out" = fbdev2 ] && { insmod "$module" drm_fbdev_overalloc=200; continue; } ;;
    esac
    insmod "$module" 2>/dev/null || true
done < /etc/calx-modules
i=0; while [ ! -e /dev/dri/card0 ] && [ ! -e /dev/fb0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
[ "$out" = drm ] || rm -f /dev/dri/card*
/bin/calx doctor --rotate "$rotate" | grep -E '^(display|rotation)'
/bin/calx-touchplay --size "$size" --settle 5000 "/etc/calx-touch/rot-$rotate-$size.touch" &
player=$!
i=0; while ! grep -q "Calx virtual touchscreen" /proc/bus/input/devices && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
CALX_TRACE_TOUCH=1 /bin/calx run --rotate "$rotate" --state /tmp/state </dev/null >/tmp/calx.log 2>&1 &
calx=$!
wait $player
kill -TERM $calx; wait $calx; echo "@@calx-result exit $?"
sed 's/^/calx: /' /tmp/calx.log
echo "@@calx-done"
poweroff -f
