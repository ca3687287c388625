#!/usr/bin/env bash
# Installs Calx as the kiosk on tty1 of a Raspberry Pi OS Lite (64-bit) or Debian 12 machine.
#   sudo deploy/install.sh              build, install, enable and start
#   sudo deploy/install.sh --no-start   install and enable; start at next boot
#   sudo deploy/install.sh --uninstall  stop, disable, remove the unit, rule and binary (keeps /var/lib/calx)
# Needs a Swift 6 toolchain on PATH (swift.org's aarch64/x86_64 Debian 12 tarball) to build. sudo resets PATH:
#   sudo env PATH="$PATH" deploy/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
unit=/etc/systemd/system/calx.service
rule=/etc/udev/rules.d/70-calx-touchscreen.rules
start=yes

for arg in "$@"; do
    case "$arg" in
    --no-start) start=no ;;
    --uninstall)
        [ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
        systemctl disable --now calx.service 2>/dev/null || true
        rm -f "$unit" "$rule" "$prefix/bin/calx"
        systemctl daemon-reload
        systemctl enable getty@tty1.service 2>/dev/null || true
        echo "calx: uninstalled (state kept in /var/lib/calx)"
        exit 0 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
if [ -r /etc/os-release ]; then
    . /etc/os-release
    case "${ID:-}:${VERSION_ID:-}" in
    debian:12|raspbian:12) ;;
    *) echo "install.sh: warning: tested on Debian 12 and Raspberry Pi OS (bookworm); this is ${PRETTY_NAME:-unknown}" >&2 ;;
    esac
fi

echo "== packages"
scripts/install-deps.sh

echo "== build (release, static Swift runtime)"
command -v swift >/dev/null || { echo "install.sh: no swift on PATH: install the Swift 6 toolchain, then: sudo env PATH=\"\$PATH\" $0" >&2; exit 1; }
# Build as the invoking user when run through sudo, so .build/ stays theirs.
builder=(); [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ] && builder=(sudo -u "$SUDO_USER" env "PATH=$PATH")
"${builder[@]}" swift build -c release --static-swift-stdlib --product calx
binary="$("${builder[@]}" swift build -c release --static-swift-stdlib --show-bin-path)/calx"

echo "== install"
install -D -m 0755 "$binary" "$prefix/bin/calx"
strip "$prefix/bin/calx" 2>/dev/null || true
install -D -m 0644 README.md "$prefix/share/doc/calx/README.md" 2>/dev/null || true
if ! id calx >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/calx --no-create-home --shell /usr/sbin/nologin \
        --user-group --comment "Calx kiosk" calx
fi
usermod -a -G video,input,tty calx
install -D -m 0644 deploy/calx.service "$unit"
install -D -m 0644 deploy/70-calx-touchscreen.rules "$rule"
udevadm control --reload 2>/dev/null && udevadm trigger --subsystem-match=input 2>/dev/null || true

echo "== enable"
systemctl daemon-reload
# calx.service Conflicts= getty@tty1; disabling the getty keeps it from racing for tty1 at boot.
systemctl disable getty@tty1.service 2>/dev/null || true
systemctl enable calx.service
if [ "$start" = yes ]; then
    systemctl stop getty@tty1.service 2>/dev/null || true
    systemctl restart calx.service
    sleep 2
    systemctl --no-pager --lines=5 status calx.service || true
fi
echo "calx: installed $prefix/bin/calx; check with: calx doctor; logs: journalctl -u calx"
