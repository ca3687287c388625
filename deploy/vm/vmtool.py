#!/usr/bin/env python3
"""Host-side helpers for the Calx VM tests (standard library only).

  vmtool.py extract-vmlinux VMLINUZ OUT       the ELF vmlinux inside an XZ-compressed bzImage (for PVH boot)
  vmtool.py run [options] -- QEMU ARGS...     runs QEMU, follows the guest's serial markers, takes screendumps
  vmtool.py compare ACTUAL.ppm REFERENCE.png [--channel N] [--fraction F]
                                              compares with a tolerance: at most F of the pixels may differ by more
                                              than N in a channel (default 8, 0.002); on a mismatch writes
                                              REFERENCE.actual.png and .diff.png beside the reference, on a match
                                              removes old ones
  vmtool.py differs A B --fraction F          whether at least F of the pixels differ by more than 8 in a channel (or
                                              the sizes differ): the kiosk's picture is gone; writes no files
  vmtool.py png IN.ppm OUT.png                converts a screendump to PNG (recording a reference, or to look at it)
  vmtool.py touch-scripts DIR CALX WxH...     writes session-WxH.touch, burst-WxH.touch, away-WxH.touch and soak-WxH.touch
                                              for each size
  vmtool.py get RESULTS.json KEY              prints one recorded result

Guest markers (one line each on the serial console):
  @@calx-shot NAME         host takes a QMP screendump to SHOTS/NAME.ppm, then types "ok" on the console
  @@calx-tablet X,Y        host clicks QEMU's usb-tablet at X,Y (0..32767), then types "ok"
  @@calx-file NAME         the lines up to @@calx-end are base64 of a guest file; saved as FILES/NAME
  @@calx-result KEY VALUE  recorded in RESULTS json, and as at:KEY the seconds after QEMU started when it first came
  @@calx-mark NAME         the moment is recorded (seconds since QEMU started) as mark-NAME; with
                           run --kill-after NAME:SECONDS the host kills QEMU (SIGKILL: a power cut) that long after it
"""
import base64, json, lzma, os, select, socket, struct, subprocess, sys, time, zlib


# ---- kernel

def extract_vmlinux(vmlinuz, out):
    data = open(vmlinuz, "rb").read()
    start = 0
    while True:
        at = data.find(b"\xfd7zXZ\x00", start)
        if at < 0:
            sys.exit("extract-vmlinux: no XZ payload with an ELF kernel in " + vmlinuz)
        try:
            elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[at:])
        except lzma.LZMAError:
            elf = b""
        if elf[:4] == b"\x7fELF":
            open(out, "wb").write(elf)
            return
        start = at + 1


# ---- pictures

def read_ppm(path):
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        if data[at:at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise ValueError(path + ": not an 8-bit P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[at + 1:at + 1 + width * height * 3]
    return width, height, pixels


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    stride = width * 3
    raw = b"".join(b"\x00" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def read_png(path):
    """8-bit RGB or RGBA, non-interlaced (what write_png and most tools write); returns RGB."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    at, idat, width = 8, b"", 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(path + ": only 8-bit RGB/RGBA non-interlaced PNGs")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    out, previous = bytearray(), bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if channels == 4:
            del line[3::4]
        out += line
    return width, height, bytes(out)


def read_picture(path):
    return read_png(path) if path.endswith(".png") else read_ppm(path)


def compare(actual_path, reference_path, channel_tolerance=8, pixel_fraction=0.002):
    """(ok, message). Pixels differing by more than channel_tolerance in any channel may be at most
    pixel_fraction of the picture: TCG timing and cursor blinks must not fail, a wrong picture must."""
    aw, ah, a = read_picture(actual_path)
    rw, rh, r = read_picture(reference_path)
    if (aw, ah) != (rw, rh):
        return False, f"size {aw}x{ah}, reference {rw}x{rh}"
    bad, diff = 0, bytearray(len(a))
    for i in range(0, len(a), 3):
        if max(abs(a[i] - r[i]), abs(a[i + 1] - r[i + 1]), abs(a[i + 2] - r[i + 2])) > channel_tolerance:
            bad += 1
            diff[i] = 255
        else:
            diff[i] = diff[i + 1] = diff[i + 2] = r[i] // 4
    limit = int(aw * ah * pixel_fraction)
    message = f"{bad} of {aw * ah} pixels differ by more than {channel_tolerance} (limit {limit})"
    stem = reference_path.rsplit(".", 1)[0]
    if bad > limit:
        write_png(stem + ".actual.png", aw, ah, a)
        write_png(stem + ".diff.png", aw, ah, bytes(diff))
        return False, message + f"; wrote {stem}.actual.png and .diff.png"
    remove_stale(stem)
    return True, message


def differs(a_path, b_path, pixel_fraction, channel_tolerance=8):
    """(ok, message): ok when at least pixel_fraction of the pixels differ, as when another console or
    no output at all shows instead of the kiosk. A different size (QEMU's own "Display output is not
    active" surface) differs everywhere."""
    aw, ah, a = read_picture(a_path)
    bw, bh, b = read_picture(b_path)
    if (aw, ah) != (bw, bh):
        return True, f"{aw}x{ah} against {bw}x{bh}: all pixels differ"
    bad = sum(1 for i in range(0, len(a), 3)
              if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > channel_tolerance)
    need = int(aw * ah * pixel_fraction)
    return bad >= need, f"{bad} of {aw * ah} pixels differ by more than {channel_tolerance} (at least {need} needed)"


def remove_stale(stem):
    """A passing or re-recorded picture leaves no .actual/.diff of an earlier failure beside it."""
    for suffix in (".actual.png", ".diff.png"):
        if os.path.exists(stem + suffix):
            os.unlink(stem + suffix)


def distinct_colours(path):
    _, _, p = read_picture(path)
    return len({p[i:i + 3] for i in range(0, len(p), 3 * 97)})


# ---- touch sessions

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


# ---- QEMU

class QMP:
    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.05)
        self.buffer = b""
        self.reply()                                 # greeting
        self.command("qmp_capabilities")

    def reply(self):
        while True:
            while b"\n" not in self.buffer:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise EOFError("QMP closed")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            message = json.loads(line)
            if "event" not in message:
                return message

    def command(self, name, **arguments):
        self.sock.sendall(json.dumps({"execute": name, "arguments": arguments}).encode() + b"\n")
        message = self.reply()
        if "error" in message:
            raise RuntimeError(f"QMP {name}: {message['error']}")
        return message.get("return")


def run(options, qemu):
    shots, files = options["shots"], options["files"]
    os.makedirs(shots, exist_ok=True)
    os.makedirs(files, exist_ok=True)
    qmp_path = options["qmp"]
    if os.path.exists(qmp_path):
        os.unlink(qmp_path)
    qemu = qemu + ["-qmp", f"unix:{qmp_path},server=on,wait=off"]
    log = open(options["log"], "w")
    started = time.time()
    deadline = started + options["timeout"]
    process = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    qmp = None
    results = {"shots": [], "files": [], "markers": []}
    capture, captured = None, []
    pending = b""
    timed_out = False
    kill_mark, kill_delay = (options.get("kill-after") or ":").split(":")
    kill_at = None
    while True:
        if kill_at is not None and time.time() >= kill_at:
            process.kill()
            results["killed-after"] = round(time.time() - started, 2)
            break
        remaining = deadline - time.time()
        if remaining <= 0:
            timed_out = True
            break
        wait = min(remaining, 1.0) if kill_at is None else max(0.0, min(remaining, kill_at - time.time()))
        ready, _, _ = select.select([process.stdout], [], [], wait)
        if not ready:
            if process.poll() is not None:
                break
            continue
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        pending += chunk
        while b"\n" in pending:
            raw, pending = pending.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").rstrip("\r")
            log.write(line + "\n")
            log.flush()
            if capture is not None:
                if line.startswith("@@calx-end"):
                    open(os.path.join(files, capture), "wb").write(base64.b64decode("".join(captured)))
                    results["files"].append(capture)
                    capture, captured = None, []
                else:
                    captured.append(line.strip())
                continue
            at = line.find("@@calx-")
            if at < 0:
                if options["echo"]:
                    print("  | " + line, flush=True)
                continue
            words = line[at:].split(None, 2)
            kind = words[0]
            if options["echo"]:
                print("  | " + line, flush=True)
            if kind == "@@calx-shot" and len(words) >= 2:
                if qmp is None:
                    qmp = QMP(qmp_path, deadline)
                target = os.path.join(shots, words[1] + ".ppm")
                qmp.command("screendump", filename=os.path.abspath(target))
                results["shots"].append(words[1])
                process.stdin.write(b"ok\n")
                process.stdin.flush()
            elif kind == "@@calx-tablet" and len(words) >= 2:
                # A click through QEMU's usb-tablet at (X, Y) in 0..32767, as a VNC or window pointer makes one.
                if qmp is None:
                    qmp = QMP(qmp_path, deadline)
                x, y = (int(v) for v in words[1:][0].split(",")) if len(words) == 2 else (16384, 16384)
                for down in (True, False):
                    qmp.command("input-send-event", events=[
                        {"type": "abs", "data": {"axis": "x", "value": x}},
                        {"type": "abs", "data": {"axis": "y", "value": y}},
                        {"type": "btn", "data": {"down": down, "button": "left"}}])
                    time.sleep(0.05)
                process.stdin.write(b"ok\n")
                process.stdin.flush()
            elif kind == "@@calx-mark" and len(words) >= 2:
                results["mark-" + words[1]] = round(time.time() - started, 2)
                if words[1] == kill_mark:
                    kill_at = time.time() + float(kill_delay)
            elif kind == "@@calx-file" and len(words) >= 2:
                capture = words[1]
            elif kind == "@@calx-result" and len(words) >= 2:
                results[words[1]] = words[2] if len(words) > 2 else ""
                results.setdefault("at:" + words[1], round(time.time() - started, 1))
            else:
                results["markers"].append(line[at:])
    if process.poll() is None:
        process.kill()
    process.wait()
    results["seconds"] = round(time.time() - started, 1)
    results["timed_out"] = timed_out
    results["qemu_status"] = process.returncode
    json.dump(results, open(options["results"], "w"), indent=1)
    return 0 if not timed_out else 124


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    verb = argv[1]
    if verb == "extract-vmlinux":
        extract_vmlinux(argv[2], argv[3])
    elif verb == "png":
        w, h, p = read_picture(argv[2])
        write_png(argv[3], w, h, p)
        remove_stale(argv[3].rsplit(".", 1)[0])
    elif verb == "compare":
        tolerance = dict(zip(argv[4::2], argv[5::2]))
        ok, message = compare(argv[2], argv[3], int(tolerance.get("--channel", 8)), float(tolerance.get("--fraction", 0.002)))
        print(message)
        return 0 if ok else 1
    elif verb == "differs":
        ok, message = differs(argv[2], argv[3], float(dict(zip(argv[4::2], argv[5::2])).get("--fraction", 0.5)))
        print(message)
        return 0 if ok else 1
    elif verb == "touch-scripts":
        touch_scripts(argv[2], argv[3], argv[4:])
    elif verb == "get":
        print(json.load(open(argv[2])).get(argv[3], ""))
    elif verb == "colours":
        print(distinct_colours(argv[2]))
    elif verb == "run":
        split = argv.index("--")
        options = {"shots": "shots", "files": "files", "qmp": "qmp.sock", "log": "serial.log",
                   "results": "results.json", "timeout": 120.0, "echo": False}
        flags = argv[2:split]
        while flags:
            key = flags.pop(0).lstrip("-")
            if key == "echo":
                options["echo"] = True
            else:
                options[key] = float(flags.pop(0)) if key == "timeout" else flags.pop(0)
        return run(options, argv[split + 1:])
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
