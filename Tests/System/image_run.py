#!/usr/bin/env python3
"""One QEMU boot of the Pi image for scripts/test/image.sh (standard library only). The image is booted as it
is: no harness in the guest, no marker of ours. What the host sees is the serial console, where the kernel's
log (systemd's own lines included: systemd.log_target=kmsg) carries the guest's clock, QMP's screendump and
QMP's input-send-event on QEMU's usb-tablet.

  image_run.py --qmp SOCK --log FILE --results FILE --shots DIR [--timeout S] [--taps FILE] [--size WxH]
               [--cut-after S] -- QEMU ARGS...
  --taps FILE   lines "tap X Y" (screen pixels) and "wait MS", played once calx.service has started
                (READY=1: the first frame is on the screen); a screendump "start" before, "taps" after
  --cut-after S SIGKILL QEMU (a power cut) S seconds after the first tap instead of waiting for the end
Results (JSON): qemu-to-frame (host seconds from QEMU's start to the kernel's "Started calx.service" line),
kernel-to-frame (the guest's clock in that line), root-ro (the kernel's "mounted filesystem ... ro" line seen),
grown (calx-grow-state's line), killed-after, seconds. Exit 0 when the boot got as far as asked, 1 otherwise.
"""
import json, os, re, select, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qmp import QMP

STARTED = re.compile(rb"\[\s*([0-9]+\.[0-9]+)\] systemd\[1\]: Started calx\.service")
FAILED = re.compile(rb"systemd\[1\]: calx\.service: (Failed|Main process exited)")
GROWN = re.compile(rb"calx-grow-state: (\S+ is \S+)")


def main(argv):
    split = argv.index("--")
    args, qemu = argv[1:split], argv[split + 1:]
    options = dict(zip(args[0::2], args[1::2]))
    timeout = float(options.get("--timeout", 600))
    width, height = (int(v) for v in options.get("--size", "800x480").split("x"))
    cut_after = float(options["--cut-after"]) if "--cut-after" in options else None
    taps = open(options["--taps"]).read().splitlines() if "--taps" in options else []
    shots = options["--shots"]
    os.makedirs(shots, exist_ok=True)
    qmp_path = options["--qmp"]
    if os.path.exists(qmp_path):
        os.unlink(qmp_path)
    log = open(options["--log"], "wb")
    started = time.time()
    process = subprocess.Popen(qemu + ["-qmp", f"unix:{qmp_path},server=on,wait=off"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    results, pending, qmp = {}, b"", None
    frame_at = None

    def pump(until):
        """Reads the serial console until the deadline; returns False once QEMU has gone."""
        nonlocal pending, frame_at
        while time.time() < until:
            ready, _, _ = select.select([process.stdout], [], [], max(0.0, min(0.2, until - time.time())))
            if not ready:
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                return False
            log.write(chunk); log.flush()
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if frame_at is None and (m := STARTED.search(line)):
                    frame_at = time.time()
                    results["qemu-to-frame"] = round(frame_at - started, 2)
                    results["kernel-to-frame"] = float(m.group(1))
                elif FAILED.search(line):
                    results.setdefault("calx-failed", line.decode(errors="replace").strip())
                elif m := GROWN.search(line):
                    results["grown"] = m.group(1).decode()
                elif b"EXT4-fs" in line and b"mounted filesystem" in line and b" ro " in line + b" ":
                    results.setdefault("ro-mounts", []).append(line.decode(errors="replace").strip())
        return True

    deadline = started + timeout
    ok = False
    try:
        while frame_at is None and time.time() < deadline and process.poll() is None:
            pump(min(deadline, time.time() + 1))
        if frame_at is not None:
            qmp = QMP(qmp_path, time.time() + 10)
            pump(time.time() + 1.0)              # the frame READY=1 announced, and nothing else changing
            qmp.command("screendump", filename=os.path.join(shots, "start.ppm"))
            first_tap = None
            for line in taps:
                words = line.split("#")[0].split()
                if not words:
                    continue
                if words[0] == "wait":
                    pump(time.time() + int(words[1]) / 1000)
                elif words[0] == "tap":
                    x, y = (int(round(float(w))) for w in words[1:3])
                    ax, ay = x * 32767 // (width - 1), y * 32767 // (height - 1)
                    qmp.command("input-send-event", events=[
                        {"type": "abs", "data": {"axis": "x", "value": ax}},
                        {"type": "abs", "data": {"axis": "y", "value": ay}}])
                    pump(time.time() + 0.05)
                    qmp.command("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
                    pump(time.time() + 0.08)
                    qmp.command("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])
                    first_tap = first_tap or time.time()
                if cut_after is not None and first_tap and time.time() - first_tap >= cut_after:
                    break
                pump(time.time() + 0.05)
            if cut_after is not None:
                pump((first_tap or time.time()) + cut_after)
                process.kill()                    # the power cut: what the guest has not written is lost
                results["killed-after"] = round(time.time() - (first_tap or time.time()), 2)
            else:
                pump(time.time() + 1.0)
                qmp.command("screendump", filename=os.path.join(shots, "taps.ppm"))
                process.kill()                    # no shutdown asked: the kiosk has none; this is a power cut too
            ok = True
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        results["seconds"] = round(time.time() - started, 1)
        json.dump(results, open(options["--results"], "w"), indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
