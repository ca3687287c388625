#!/usr/bin/env bash
# Builds the release bench plugin (libCalxAnchors.so) and runs the bench-peers harness over every
# scene (graph, keypad, eval) in one run, so our figures sit beside cairo/pixman/muparser measured
# on the same machine at the same time. Prints the anchor lines (timing and callgrind) and checks.
#
#   scripts/bench-peers.sh                 # all scenes, with callgrind
#   scripts/bench-peers.sh --quick         # extra arguments go to the harness's run.sh
#
# The graph scene runs three times, each a run of its own beside freshly measured peers (CALX_ANCHOR_GRAPH,
# Sources/AnchorPlugin/GraphSceneMode.swift): `columns`, the scene's exact one-sample-per-column rule (all
# scenes); `grapher`, Grapher's adaptive sampler with interval checks, sampling every frame afresh; and
# `grapher-pan`, the same keeping samples between frames, as the kiosk does while a finger pans.
#
# BENCH_PEERS: the harness directory (default: ../shared/bench-peers, or /work/shared/bench-peers).
# BENCH_WORK:  its build directory (default /tmp/bench-calx); setup.sh runs once if it is missing.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
peers="${BENCH_PEERS:-}"
if [[ -z "$peers" ]]; then
    for candidate in "$repo/../shared/bench-peers" "$repo/../../shared/bench-peers" /work/shared/bench-peers; do
        if [[ -f "$candidate/run.sh" ]]; then peers="$(cd "$candidate" && pwd)"; break; fi
    done
fi
[[ -n "$peers" && -f "$peers/run.sh" ]] || { echo "bench-peers harness not found; set BENCH_PEERS" >&2; exit 2; }
export BENCH_WORK="${BENCH_WORK:-/tmp/bench-calx}"

(cd "$repo" && swift build -c release --product CalxAnchors)
plugin="$repo/.build/release/libCalxAnchors.so"
[[ -f "$plugin" ]] || { echo "no plugin at $plugin" >&2; exit 2; }
[[ -x "$BENCH_WORK/build/anchors" || -f "$BENCH_WORK/Makefile" ]] || bash "$peers/setup.sh"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
for mode in columns grapher grapher-pan; do
    scene=(); [[ "$mode" == columns ]] || scene=(--scene graph)
    echo "# CALX_ANCHOR_GRAPH=$mode"
    CALX_ANCHOR_GRAPH="$mode" bash "$peers/run.sh" --plugin "$plugin" "${scene[@]}" "$@" >"$log" 2>&1 || status=$?
    grep -E '^(anchor|check)' "$log" || cat "$log"
    echo
    echo "# callgrind, instructions per frame or per eval (ours: impl=calx*), CALX_ANCHOR_GRAPH=$mode:"
    grep -E '^anchor .*metric=callgrind' "$log" | grep -E 'impl=(calx[a-z-]*|cairo|muparser) ' || true
    grep -E '^check .*impl=calx' "$log" | grep -E 'scene=graph' || true
    echo
done
exit "$status"
