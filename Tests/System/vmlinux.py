#!/usr/bin/env python3
"""The ELF vmlinux inside an XZ-compressed bzImage, for QEMU's PVH boot (standard library only).

  vmlinux.py VMLINUZ OUT
"""
import lzma, sys


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


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    extract_vmlinux(sys.argv[1], sys.argv[2])
