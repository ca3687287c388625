#!/usr/bin/env python3
"""The VM tests' touch sessions, at the kiosk's real key positions (standard library only).

  touch_scripts.py DIR CALX WxH...   writes session-WxH.touch, burst-WxH.touch, away-WxH.touch, soak-WxH.touch
                                     and, for each screendump of the session, upto-NAME-WxH.touch (the touches
                                     before it, for `calx shot --touch`); prints WxH:kiosk|fallback per size
  touch_scripts.py --calibrate DIR CALX WxH
                                     writes calibrate-WxH.touch: the calibration screen's five targets with the
                                     third tap slipped (refused and tapped again), a finger moved in the check step,
                                     Keep, then 7 + 8 = on the kiosk the calibration is for
  touch_scripts.py --panel DIR CALX WxH multi|single
                                     writes panel-WxH-multi|single.touch, the session a panel is recorded with
                                     (panels.sh): after an `await`, taps on 7 + 8 = and graph, then on the graph
                                     a pinch (multitouch panels only) and a pan
"""
import os, subprocess, sys


SESSION_KEYS = ["9", "+", "M", "=", "√", "7", "→M", "graph"]


def kiosk_layout(calx, width, height):
    """Key centres and the graph area from `calx layout --size WxH` (lines `NAME X Y`, and
    `graph-area X Y W H`), so the session taps the real keys; None when calx has no such command."""
    try:
        out = subprocess.run([calx, "layout", "--size", f"{width}x{height}"], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    keys, area = {}, None
    for line in out.stdout.splitlines():
        words = line.split()
        if len(words) == 5 and words[0] == "graph-area":
            area = tuple(float(w) for w in words[1:])
        elif len(words) == 3:
            try:
                keys[words[0]] = (float(words[1]), float(words[2]))
            except ValueError:
                pass
    if area is None or any(k not in keys for k in SESSION_KEYS):
        return None
    return keys, area


def fallback_layout(width, height):
    """Until the kiosk reports its layout: keys on a grid in the lower part, the graph above.
    The pictures then still prove input reaches the screen, not that the right keys were hit."""
    keys = {}
    for i, name in enumerate(SESSION_KEYS):
        column, row = i % 4, i // 4
        keys[name] = (width * (0.125 + 0.25 * column), height * (0.6 + 0.15 * row))
    return keys, (0, 0, width, height * 0.5)


def touch_scripts(directory, calx, sizes):
    os.makedirs(directory, exist_ok=True)
    kinds = []
    for size in sizes:
        width, height = (int(v) for v in size.split("x"))
        layout = kiosk_layout(calx, width, height)
        kind = "kiosk" if layout else "fallback"
        keys, (ax, ay, aw, ah) = layout or fallback_layout(width, height)
        cx, cy = round(ax + aw / 2), round(ay + ah / 2)
        # uinput carries whole pixels while `calx shot` plays the script's in-between steps (10 per
        # gesture) exactly: gestures whose every step lands on a whole pixel make both see the same touches.
        whole = lambda value, step: max(step, round(value / step) * step)
        pinch_from = whole(aw * 0.2, 2)
        pinch_to = pinch_from + whole(aw * 0.2, 20)
        tap = lambda name: f"tap {keys[name][0]:.0f} {keys[name][1]:.0f}"
        shot = lambda name: f"wait 700\nsay @@calx-shot {name}\nawait"
        session = [f"# Calx VM session for {size} (layout: {kind})", shot("start"),
                   *(tap(k) for k in ["9", "+", "M", "=", "√"]), shot("keys"),
                   tap("7"), tap("→M"), tap("graph"), shot("graph"),
                   f"pinch {cx} {cy} {pinch_from} {pinch_to}", shot("pinch"),
                   f"pan {cx} {cy} {cx + whole(aw * 0.1, 10)} {cy + whole(ah * 0.1, 10)}", shot("pan"),
                   "wait 1500  # the debounced save"]
        open(os.path.join(directory, f"session-{size}.touch"), "w").write("\n".join(session) + "\n")
        burst = [f"# many state changes, for the SIGKILL-while-saving check ({size})"]
        for turn in range(40):
            burst += [tap("7"), f"pan {cx} {cy} {cx + (7 if turn % 2 else -7)} {cy}"]
        open(os.path.join(directory, f"burst-{size}.touch"), "w").write("\n".join(burst) + "\n")
        # Played while another console has the screen: none of it may reach the kiosk.
        away = [f"# touches while switched away ({size})", tap("7"), tap("7"), tap("7"),
                f"pan {cx} {cy} {cx - whole(aw * 0.2, 10)} {cy}", "wait 300"]
        open(os.path.join(directory, f"away-{size}.touch"), "w").write("\n".join(away) + "\n")
        # The soak boot's minute of touch (about 120 s, cut at 57 s by the guest): graphs drawn, pinched both ways, panned there and
        # back, traced with a long press, fitted and reset, and sums typed, over and over.
        block = [tap("C"), tap("M"), tap("sin"), tap("graph"), "wait 200",
                 f"pinch {cx} {cy} {pinch_from} {pinch_to}", f"pan {cx} {cy} {cx + 40} {cy + 20}",
                 f"pinch {cx} {cy} {pinch_to} {pinch_from}", f"pan {cx + 40} {cy + 20} {cx} {cy}",
                 f"hold {cx} {cy} 800", *(tap(k) for k in ["fit", "reset", "7", "×", "8", "=", "→M"] if k in keys),
                 "wait 200"]
        frames = sum(2 if line.startswith(("tap", "hold")) else 12 if line.startswith(("pan", "pinch")) else 0 for line in block)
        waits = sum(int(line.split()[-1]) for line in block if line.startswith(("wait", "hold")))
        repeats = max(1, round(120_000 / (frames * 16 + waits)))
        open(os.path.join(directory, f"soak-{size}.touch"), "w").write(
            f"# a minute of the VM soak ({size}): {repeats} rounds of {frames * 16 + waits} ms\n" + "\n".join(block * repeats) + "\n")
        # For each screendump, the script up to it in the kiosk's own format (no say/await), so that
        # `calx shot --touch` can draw what the screen should show at that moment.
        played = []
        for line in session:
            for part in line.split("\n"):
                if part.startswith("say @@calx-shot "):
                    name = part.split()[2]
                    open(os.path.join(directory, f"upto-{name}-{size}.touch"), "w").write("\n".join(played) + "\n")
                elif part != "await":
                    played.append(part.split("#")[0].rstrip())
        # What the screen would show had the away touches reached the kiosk (they must not).
        open(os.path.join(directory, f"upto-away-{size}.touch"), "w").write("\n".join(played + away[1:]) + "\n")
        kinds.append(f"{size}:{kind}")
    print(" ".join(kinds))


PANEL_KEYS = ["7", "+", "8", "=", "graph"]


def panel_script(directory, calx, size, kind):
    """The recorded session of a panel: the taps `calx keys --record` must read as 15, and gestures whose
    effect the tests can predict (the pinch spreads two fingers to twice their distance, the pan moves one
    finger by a tenth of the graph)."""
    width, height = (int(v) for v in size.split("x"))
    layout = kiosk_layout(calx, width, height)
    if layout is None:
        sys.exit(f"touch_scripts.py: no layout from {calx} for {size}")
    keys, (ax, ay, aw, ah) = layout
    cx, cy = round(ax + aw / 2), round(ay + ah / 2)
    lines = [f"# {size} {kind}: 7 + 8 = graph, then on the graph " + ("a pinch and a pan" if kind == "multi" else "a pan"),
             "await", *(f"tap {keys[k][0]:.0f} {keys[k][1]:.0f}" for k in PANEL_KEYS), "wait 300"]
    if kind == "multi":
        spread = round(min(aw, ah) * 0.2)
        lines += [f"pinch {cx} {cy} {spread} {2 * spread}", "wait 300"]
    lines += [f"pan {cx} {cy} {cx + round(aw * 0.1)} {cy + round(ah * 0.1)}", "wait 300"]
    os.makedirs(directory, exist_ok=True)
    open(os.path.join(directory, f"panel-{size}-{kind}.touch"), "w").write("\n".join(lines) + "\n")


def calibrate_script(directory, calx, size):
    width, height = (int(v) for v in size.split("x"))
    out = subprocess.run([calx, "layout", "--size", size, "--calibration"], capture_output=True, text=True, timeout=30)
    places = {w[0]: [int(v) for v in w[1:]] for w in (line.split() for line in out.stdout.splitlines())}
    keys = (kiosk_layout(calx, width, height) or sys.exit(f"touch_scripts.py: no layout from {calx}"))[0]
    targets = [places[f"target{i}"] for i in range(1, 6)]
    slip_x, slip_y = round(width / 10), round(height / 10)
    kx, ky, kw, kh = places["keep"]
    lines = [f"# {size}: calibration with the third tap slipped, then 7 + 8 =", "await"]
    for i, (x, y) in enumerate(targets):
        lines.append(f"tap {x - slip_x} {y - slip_y}" if i == 2 else f"tap {x} {y}")
    lines += ["wait 300", f"tap {targets[2][0]} {targets[2][1]}", "wait 300",
              f"pan {width // 2} {height // 3} {width // 3} {height // 2}", "wait 300",
              f"tap {kx + kw // 2} {ky + kh // 2}", "wait 500",
              *(f"tap {keys[k][0]:.0f} {keys[k][1]:.0f}" for k in ["7", "+", "8", "="]), "wait 300"]
    os.makedirs(directory, exist_ok=True)
    open(os.path.join(directory, f"calibrate-{size}.touch"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--calibrate":
        calibrate_script(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "--panel":
        panel_script(*sys.argv[2:])
    elif len(sys.argv) < 4 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    else:
        touch_scripts(sys.argv[1], sys.argv[2], sys.argv[3:])
