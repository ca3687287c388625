#!/usr/bin/env python3
"""Screendumps against pictures, for the Calx VM tests (standard library only).

  pictures.py compare ACTUAL.ppm REFERENCE.png
                                    whether the pictures match by the golden rule below; on a mismatch writes
                                    REFERENCE.actual.png and .diff.png beside the reference, on a match removes old ones
  pictures.py differs A B --fraction F
                                    whether at least F of the pixels differ (or the sizes do): the kiosk's picture
                                    is gone; writes no files
  pictures.py png IN.ppm OUT.png    converts a screendump to PNG (recording a reference, or to look at it)

The golden rule is Tests/GoldenImage's, the one rule for every picture test: a pixel differs when one of its
channels is more than 2 levels from the reference's, and no pixel may differ. The scanout of the VM is the
picture the app drew, pixel for pixel (screendumps of virtio-gpu, bochs-drm and fbdev, on amd64 and arm64, equal
`calx shot`), so the VM needs no allowance of its own.
"""
import os, struct, sys, zlib


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


# Tests/GoldenImage's defaults (tolerance: 2, maxDifferingPixels: 0): change both together or neither.
CHANNEL_TOLERANCE = 2
PIXELS_ALLOWED = 0


def pixel_differs(a, b, i):
    return max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > CHANNEL_TOLERANCE


def compare(actual_path, reference_path):
    """(ok, message): at most PIXELS_ALLOWED pixels may differ."""
    aw, ah, a = read_picture(actual_path)
    rw, rh, r = read_picture(reference_path)
    if (aw, ah) != (rw, rh):
        return False, f"size {aw}x{ah}, reference {rw}x{rh}"
    bad, diff = 0, bytearray(len(a))
    for i in range(0, len(a), 3):
        if pixel_differs(a, r, i):
            bad += 1
            diff[i] = 255
        else:
            diff[i] = diff[i + 1] = diff[i + 2] = r[i] // 4
    limit = PIXELS_ALLOWED
    message = f"{bad} of {aw * ah} pixels differ by more than {CHANNEL_TOLERANCE} (limit {limit})"
    stem = reference_path.rsplit(".", 1)[0]
    if bad > limit:
        write_png(stem + ".actual.png", aw, ah, a)
        write_png(stem + ".diff.png", aw, ah, bytes(diff))
        return False, message + f"; wrote {stem}.actual.png and .diff.png"
    remove_stale(stem)
    return True, message


def differs(a_path, b_path, pixel_fraction):
    """(ok, message): ok when at least pixel_fraction of the pixels differ, as when another console or
    no output at all shows instead of the kiosk. A different size (QEMU's own "Display output is not
    active" surface) differs everywhere."""
    aw, ah, a = read_picture(a_path)
    bw, bh, b = read_picture(b_path)
    if (aw, ah) != (bw, bh):
        return True, f"{aw}x{ah} against {bw}x{bh}: all pixels differ"
    bad = sum(1 for i in range(0, len(a), 3) if pixel_differs(a, b, i))
    need = int(aw * ah * pixel_fraction)
    return bad >= need, f"{bad} of {aw * ah} pixels differ by more than {CHANNEL_TOLERANCE} (at least {need} needed)"


def remove_stale(stem):
    """A passing or re-recorded picture leaves no .actual/.diff of an earlier failure beside it."""
    for suffix in (".actual.png", ".diff.png"):
        if os.path.exists(stem + suffix):
            os.unlink(stem + suffix)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    verb = argv[1]
    options = dict(zip(argv[4::2], argv[5::2]))
    if verb == "png":
        w, h, p = read_picture(argv[2])
        write_png(argv[3], w, h, p)
        remove_stale(argv[3].rsplit(".", 1)[0])
    elif verb == "compare":
        ok, message = compare(argv[2], argv[3])
        print(message)
        return 0 if ok else 1
    elif verb == "differs":
        ok, message = differs(argv[2], argv[3], float(options.get("--fraction", 0.5)))
        print(message)
        return 0 if ok else 1
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
