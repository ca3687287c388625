#!/usr/bin/env python3
"""Proves that no host header or library went into the arm64 build.

  scripts/build/check-arm64-leaks.py [--chroot CHROOT] BUILD_DIR LOG_DIR SYSROOT ALLOWED_ROOT...

Every file the compilers read and every file the linker linked must lie under one of the ALLOWED_ROOTs (the
arm64 sysroot and the repository). What was read comes from the build's own records: the Swift frontend's
dependency files (*.d: Swift modules) and the clang module files' input files (each *.pcm lists the C headers
and module maps it was built from; `clang -module-file-info` prints them as "Input file:" lines into a log).
What was linked comes from lld's --trace lines in the build logs. The chroot's own
/usr/include and /usr/lib hold amd64 files: any of them here is a leak. Exit 1 on a leak, or when a record
is missing (nothing read or nothing linked would prove nothing).

One host folder is expected: the compiler's macro plugins (Swift Testing's #expect, for the test bundle). They
run inside the compiler to expand macros; no code of theirs goes into the target. They are counted apart.

And one more since the console rescue became a C target: clang's builtin headers (its resource directory,
/usr/libexec/swift/lib/clang/N/include: stddef.h and the like), which clang takes from beside itself and not
from the sysroot. They belong to the compiler, not to an architecture, and the sysroot's swiftlang ships the
same ones: each is accepted only when it is byte for byte the sysroot's copy (CHROOT says where the compiler's
files are on the host), and counted apart.
"""
import filecmp, os, re, sys

COMPILER_PLUGINS = "/usr/libexec/swift/lib/swift/host/plugins/"
COMPILER_HEADERS = re.compile(r"^/usr/libexec/swift/lib/clang/[0-9.]+/include/")

PATH_IN_DEPFILE = re.compile(r"(?<![\w\\])/(?:[^\s:\\]|\\ )+")
LINKED = re.compile(r"^(/\S+?\.(?:o|a|so(?:\.[0-9]+)*))(?:\(.*\))?$")
MODULE_INPUT = re.compile(r"^\s*Input file: (/.*?)(?: \[System\])?$")


def files_read(build, logs):
    read = set()
    for folder, _, names in os.walk(build):
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(".d"):
                text = open(path, errors="replace").read().replace("\\\n", " ")
                read.update(p.replace("\\ ", " ") for p in PATH_IN_DEPFILE.findall(text))
    for name in os.listdir(logs):
        for line in open(os.path.join(logs, name), errors="replace"):
            match = MODULE_INPUT.match(line.rstrip("\n"))
            if match:
                read.add(match.group(1))
    return read


def files_linked(logs):
    linked = set()
    for name in os.listdir(logs):
        for line in open(os.path.join(logs, name), errors="replace"):
            match = LINKED.match(line.strip())
            if match:
                linked.add(match.group(1))
    return linked


def main(*args):
    chroot = None
    if args[:1] == ("--chroot",):
        chroot, args = args[1], args[2:]
    build, logs, *roots = args
    sysroot = roots[0]
    inside = lambda path: any(os.path.normpath(path).startswith(root.rstrip("/") + "/") for root in roots)
    read, linked = files_read(build, logs), files_linked(logs)
    plugins = sorted(p for p in read if p.startswith(COMPILER_PLUGINS))
    same_as_sysroot = lambda p: (chroot is not None and os.path.isfile(chroot + p) and os.path.isfile(sysroot + p)
                                 and filecmp.cmp(chroot + p, sysroot + p, shallow=False))
    builtins = sorted(p for p in read if COMPILER_HEADERS.match(p) and same_as_sysroot(p))
    outside = sorted(p for p in read | linked if not inside(p) and p not in plugins and p not in builtins)
    headers = sum(1 for p in read if p.endswith((".h", ".hpp", ".modulemap")))
    if outside or not headers or not linked:
        print(f"check-arm64-leaks: {len(outside)} files outside {' '.join(roots)} "
              f"({len(read)} read, {headers} of them C headers or module maps; {len(linked)} linked):")
        print("\n".join("  " + p for p in outside[:40]))
        return 1
    print(f"check-arm64-leaks: no leak: the {len(read)} files the compilers read ({headers} C headers and module "
          f"maps) and the {len(linked)} files lld linked all lie in the sysroot or the repository"
          + (f"; {len(plugins)} macro plugins ran in the compiler ({', '.join(os.path.basename(p) for p in plugins)})" if plugins else "")
          + (f"; {len(builtins)} of clang's builtin headers, each identical to the sysroot's ({', '.join(os.path.basename(p) for p in builtins)})" if builtins else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
