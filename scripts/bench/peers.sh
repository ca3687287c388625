#!/usr/bin/env bash
# Builds the release bench plugin (libCalxAnchors.so) and runs the bench-peers harness over every
# scene (graph, keypad, eval) in one run, so our figures sit beside cairo/pixman/muparser measured
# on the same machine at the same time. Prints the anchor lines (timing and callgrind) and checks.
#
#   scripts/bench/peers.sh                 # all scenes, with callgrind
#   scripts/bench/peers.sh --quick         # extra arguments go to the harness's run.sh
#
# The graph scene runs three times, each a run of its own beside freshly measured peers (CALX_ANCHOR_GRAPH,
# Sources/AnchorPlugin/GraphSceneMode.swift): `columns`, the scene's exact one-sample-per-column rule (all
# scenes); `grapher`, Grapher's adaptive sampler with interval checks, sampling every frame afresh; and
# `grapher-pan`, the same keeping samples between frames, as the kiosk does while a finger pans.
#
# Then scripts/bench/frames.sh (the kiosk's frames, the turned present, the shot's RSS), and every figure
# of docs/performance.md's goals as a ratio to cairo (and Blend2D) of this same run.
#
# BENCH_PEERS: the harness directory (default: ../shared/bench-peers beside the repository; scripts/bench/harness.sh).
# BENCH_WORK:  its build directory (default /tmp/bench-calx); setup.sh runs once if it is missing.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
peers="$("$repo/scripts/bench/harness.sh")"
export BENCH_WORK="${BENCH_WORK:-/tmp/bench-calx}"

plugin="$("$repo/scripts/build/release.sh" --shared-runtime CalxAnchors)/libCalxAnchors.so"
[[ -f "$plugin" ]] || { echo "no plugin at $plugin" >&2; exit 2; }
[[ -x "$BENCH_WORK/build/anchors" || -f "$BENCH_WORK/Makefile" ]] || bash "$peers/setup.sh"

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
status=0
for mode in columns grapher grapher-pan; do
    scene=(); [[ "$mode" == columns ]] || scene=(--scene graph)
    log="$logs/$mode"
    echo "# CALX_ANCHOR_GRAPH=$mode"
    CALX_ANCHOR_GRAPH="$mode" bash "$peers/run.sh" --plugin "$plugin" "${scene[@]}" "$@" >"$log" 2>&1 || status=$?
    grep -E '^(anchor|check)' "$log" || cat "$log"
    echo
    echo "# callgrind, instructions per frame or per eval (ours: impl=calx*), CALX_ANCHOR_GRAPH=$mode:"
    grep -E '^anchor .*metric=callgrind' "$log" | grep -E 'impl=(calx[a-z-]*|cairo|blend2d|muparser) ' || true
    grep -E '^check .*impl=calx' "$log" | grep -E 'scene=graph' || true
    echo
done

# The kiosk's own frames, the turned present and the shot's RSS, then every figure of docs/performance.md's goals
# beside cairo (and Blend2D) of this same run.
echo "# scripts/bench/frames.sh"
bash "$repo/scripts/bench/frames.sh" | tee "$logs/frames"
echo
echo "# the table (ratios to cairo's graph scene of this run unless named)"
python3 - "$logs" <<'PY'
import re, sys, os
logs = sys.argv[1]
def anchors(mode):
    out = {}
    path = os.path.join(logs, mode)
    if not os.path.exists(path): return out
    for line in open(path):
        if not line.startswith('anchor scene=graph') or 'metric=callgrind' not in line: continue
        f = dict(kv.split('=', 1) for kv in line.split()[1:] if '=' in kv)
        out[(f['size'], f['func'], f['impl'])] = int(f['instr_per_frame'])
    return out
def offs(mode):
    out = {}
    for line in open(os.path.join(logs, mode)):
        if line.startswith('check scene=graph') and 'impl=calx' in line:
            f = dict(kv.split('=', 1) for kv in line.split()[1:] if '=' in kv)
            out[(f['size'], f['func'])] = f['vs_cairo_pixels_off']
    return out
figures = {}
for line in open(os.path.join(logs, 'frames')):
    if line.startswith('figure '):
        parts = line.split()
        f = dict(kv.split('=', 1) for kv in parts[2:])
        figures[(parts[1], f.get('size'))] = f
runs = {m: anchors(m) for m in ('columns', 'grapher', 'grapher-pan')}
def ours(table, size, func):
    return next((v for (s, fn, impl), v in table.items() if s == size and fn == func and impl.startswith('calx')), None)
def fmt(x): return '-' if x is None else f'{x:.3f}'
print(f"{'figure':58} {'800x480':>16} {'1920x1080':>16}")
for func in ('sinx', 'tan'):
    row = []
    for size in ('800x480', '1920x1080'):
        c = runs['columns']; b = c.get((size, func, 'blend2d')); o = ours(c, size, func)
        row.append(fmt(o / b) if o and b else '-')
    print(f"{'graph ' + func + ', one sample per column, vs Blend2D':58} {row[0]:>16} {row[1]:>16}")
for mode, name in (('grapher', 'cold'), ('grapher-pan', 'panning')):
    for func in ('sinx', 'tan'):
        row = []
        for size in ('800x480', '1920x1080'):
            t = runs[mode]; cairo = t.get((size, func, 'cairo')); o = ours(t, size, func)
            row.append(fmt(o / cairo) if o and cairo else '-')
        print(f"{'graph ' + func + ' through the sampler, ' + name + ', vs cairo':58} {row[0]:>16} {row[1]:>16}")
for kind in ('pan', 'pinch'):
    row = []
    for size in ('800x480', '1920x1080'):
        cairo = runs['columns'].get((size, 'tan', 'cairo')); k = figures.get(('kiosk-' + kind, size))
        row.append(fmt(int(k['instr_per_frame']) / cairo) if k and cairo else '-')
    print(f"{'kiosk ' + kind + ' frame vs cairo tan scene of its size':58} {row[0]:>16} {row[1]:>16}")
row = []
for size in ('800x480', '1920x1080'):
    k = figures.get(('key-up-whole', size))
    row.append(fmt(int(k['instr_per_frame']) / int(k['full'])) if k else '-')
print(f"{'key-up frame (11 frames minus 1) / full frame':58} {row[0]:>16} {row[1]:>16}")
p = figures.get(('present', '1920x1080'))
if p: print(f"{'turned (--rotate 90) present / upright present':58} {'':>16} {fmt(int(p['turned']) / int(p['upright'])):>16}")
r = figures.get(('shot-rss', '1920x1080'))
if r: print(f"{'peak RSS of calx shot, MB':58} {'':>16} {int(r['kb']) / 1024:>16.1f}")
for mode in ('columns', 'grapher'):
    o = offs(mode)
    print(f"{'pixels off vs cairo (' + mode + '), sinx / tan':58} " + ' '.join(f"{o.get((s, 'sinx'), '-') + ' / ' + o.get((s, 'tan'), '-'):>16}" for s in ('800x480', '1920x1080')))
PY
exit "$status"
