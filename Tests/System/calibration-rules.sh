#!/usr/bin/env bash
# The boards' udev rules for recorded panels: for each recording or panel description given whose device has a
# LIBINPUT_CALIBRATION_MATRIX udev property, the rule that sets it on the device of that name, as a board's
# /etc/udev/rules.d would (deploy/70-calx-touchscreen.rules shows the form). Used by panels.sh and e2e.sh's
# replay boot.
#   Tests/System/calibration-rules.sh FILE.yml...   prints the rules
set -euo pipefail
for file in "$@"; do
    matrix="$(sed -n 's/^ *- LIBINPUT_CALIBRATION_MATRIX=//p' "$file" | head -1)"
    name="$(sed -n 's/^ *name: "\(.*\)"$/\1/p' "$file" | head -1)"
    [ -n "$matrix" ] && echo "ACTION==\"add|change\", SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"$name\", ENV{LIBINPUT_CALIBRATION_MATRIX}=\"$matrix\""
done
exit 0
