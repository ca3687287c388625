#!/usr/bin/env bash
# The release build, one way for every script: optimised, with the Swift runtime linked in statically, as the
# package ships it (scripts/build/package.sh) and as the VM tests boot it. Prints the folder that holds the
# built products on stdout; the build's own output goes to the log (default .build/release-build.log), and on a
# failure its last 30 lines to stderr, with exit 1.
#   scripts/build/release.sh [--shared-runtime] [--log FILE] [PRODUCT...]     (default product: calx)
#   bin="$(scripts/build/release.sh calx calx-touchplay)" && "$bin/calx" …
# --shared-runtime links the toolchain's shared Swift runtime instead: the bench plugin (a shared library,
# CalxAnchors), and the kiosk frames' callgrind counts (scripts/bench/frames.sh), which have always been counted
# on that build. The two builds write the same folder: the one last built is the one there.
set -euo pipefail
cd "$(dirname "$0")/../.."
runtime=(--static-swift-stdlib); log=.build/release-build.log; products=()
while [ $# -gt 0 ]; do
    case "$1" in
    --shared-runtime) runtime=() ;;
    --log) log="$2"; shift ;;
    -*) echo "release.sh: unknown option $1" >&2; exit 2 ;;
    *) products+=("$1") ;;
    esac
    shift
done
[ ${#products[@]} -gt 0 ] || products=(calx)
mkdir -p "$(dirname "$log")"; : > "$log"
for product in "${products[@]}"; do
    swift build -c release "${runtime[@]}" --product "$product" >> "$log" 2>&1 \
        || { tail -30 "$log" >&2; echo "release.sh: the release build of $product failed (log: $log)" >&2; exit 1; }
done
swift build -c release "${runtime[@]}" --show-bin-path
