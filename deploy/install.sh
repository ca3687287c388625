#!/usr/bin/env bash
# Builds Calx from source on the board and installs it through the same Debian package that
# scripts/build/package.sh makes (so the unit, the calx user, tty1 and removal behave exactly as with
# `sudo apt install ./calx_*.deb`). For Raspberry Pi OS Lite (64-bit) or Debian 12.
#   sudo env PATH="$PATH" deploy/install.sh     build, package, install (the kiosk starts on tty1)
#   sudo deploy/install.sh --uninstall           apt remove calx: tty1 gets its getty back; state kept
#   sudo deploy/install.sh --purge               also deletes the state, /var/lib/calx
# Needs a Swift 6 toolchain on PATH (swift.org's aarch64/x86_64 Debian 12 tarball) to build; sudo resets
# PATH, hence the env. A board that only runs Calx needs no toolchain: copy a calx_*.deb built elsewhere
# and run sudo apt install ./calx_*.deb.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo env PATH=\"\$PATH\" $0)" >&2; exit 1; }
case "${1:-}" in
--uninstall) apt-get remove -y calx; exit 0 ;;
--purge) apt-get purge -y calx; exit 0 ;;
-h|--help) sed -n '2,11p' "$0"; exit 0 ;;
"") ;;
*) echo "install.sh: unknown option $1" >&2; exit 2 ;;
esac
if [ -r /etc/os-release ]; then
    . /etc/os-release
    case "${ID:-}:${VERSION_ID:-}" in
    debian:12|raspbian:12) ;;
    *) echo "install.sh: warning: tested on Debian 12 and Raspberry Pi OS (bookworm); this is ${PRETTY_NAME:-unknown}" >&2 ;;
    esac
fi

echo "== packages"
scripts/install-deps.sh --package
command -v swift >/dev/null || { echo "install.sh: no swift on PATH: install the Swift 6 toolchain, then: sudo env PATH=\"\$PATH\" $0" >&2; exit 1; }
# Build as the invoking user when run through sudo, so .build/ stays theirs.
builder=(); [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ] && builder=(sudo -u "$SUDO_USER" env "PATH=$PATH")
echo "== build and package (release, static Swift runtime)"
deb="$("${builder[@]}" scripts/build/package.sh | tail -1)"
echo "== install $deb"
# A previous deploy/install.sh (before the package) put these in /usr/local and /etc: they would shadow the package's.
rm -f /usr/local/bin/calx /etc/systemd/system/calx.service /etc/udev/rules.d/70-calx-touchscreen.rules
apt-get install -y --reinstall "$deb"
sleep 2
systemctl --no-pager --lines=5 status calx.service || true
echo "calx: installed; check with: calx doctor; logs: journalctl -u calx"
