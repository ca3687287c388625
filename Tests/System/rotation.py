#!/usr/bin/env python3
"""Host side of the rotation check (standard library, plus pictures.py beside it).

  rotation.py touch CALX DIR PANEL_WxH    for each rotation: rot-R-PANEL.touch taps 7 + 2 = √ where the
                                          turned picture shows those keys (panel pixels), and
                                          upright-R-PANEL.touch, the same taps upright for `calx shot`
  rotation.py compare UPRIGHT.png R SHOT.ppm OUT.png [--rgb565]
                                          turns the upright picture by R clockwise onto the panel and
                                          compares it with the screendump (pictures.py's golden rule);
                                          --rgb565: a 16-bpp scanout, so the expected picture is first
                                          packed as Calx packs it (Raster's RGB565) and expanded again
"""
import os, subprocess, sys

import pictures

ROTATIONS = (0, 90, 180, 270)
KEYS = ["7", "+", "2", "=", "√"]


def scanout(rotation, x, y, width, height):
    """Where upright pixel (x, y) of a width x height picture shows on the panel: Calx's convention,
    written out again here so the VM checks it rather than trusting it."""
    return {0: (x, y), 90: (height - 1 - y, x), 180: (width - 1 - x, height - 1 - y), 270: (y, width - 1 - x)}[rotation]


def touch(calx, directory, panel):
    pw, ph = (int(v) for v in panel.split("x"))
    os.makedirs(directory, exist_ok=True)
    for r in ROTATIONS:
        w, h = (pw, ph) if r % 180 == 0 else (ph, pw)
        keys = {}
        for line in subprocess.run([calx, "layout", "--size", f"{w}x{h}"], capture_output=True, text=True).stdout.splitlines():
            words = line.split()
            if len(words) == 3:
                keys[words[0]] = (round(float(words[1])), round(float(words[2])))
        on_panel = ["wait 700", "say @@calx-shot start", "await"]
        upright = []
        for name in KEYS:
            x, y = keys[name]
            on_panel.append("tap %d %d" % scanout(r, x, y, w, h))
            upright.append(f"tap {x} {y}")
        on_panel += ["wait 900", "say @@calx-shot keys", "await"]
        open(os.path.join(directory, f"rot-{r}-{panel}.touch"), "w").write("\n".join(on_panel) + "\n")
        open(os.path.join(directory, f"upright-{r}-{panel}.touch"), "w").write("\n".join(upright) + "\n")


def as_rgb565(rgb):
    """What a 16-bpp scanout holds of an 8-bit picture: Raster's RGB565.pack (the top 5, 6 and 5 bits), then the
    bits repeated back to 8, as RGB565.expand and QEMU's screendump do."""
    out = bytearray(rgb)
    for i in range(0, len(out), 3):
        r, g, b = out[i] >> 3, out[i + 1] >> 2, out[i + 2] >> 3
        out[i], out[i + 1], out[i + 2] = r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2
    return bytes(out)


def compare(upright_png, rotation, shot, out, rgb565=False):
    w, h, rgb = pictures.read_picture(upright_png)
    if rgb565:
        rgb = as_rgb565(rgb)
    pw, ph = (w, h) if rotation % 180 == 0 else (h, w)
    panel = bytearray(pw * ph * 3)
    for y in range(h):
        for x in range(w):
            px, py = scanout(rotation, x, y, w, h)
            i, j = (y * w + x) * 3, (py * pw + px) * 3
            panel[j:j + 3] = rgb[i:i + 3]
    pictures.write_png(out, pw, ph, bytes(panel))
    return pictures.compare(shot, out)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "touch":
        touch(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) in (6, 7) and sys.argv[1] == "compare" and sys.argv[6:] in ([], ["--rgb565"]):
        ok, message = compare(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], rgb565=sys.argv[6:] == ["--rgb565"])
        print(message)
        sys.exit(0 if ok else 1)
    else:
        sys.exit(__doc__)
