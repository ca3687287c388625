#!/usr/bin/env python3
"""One QEMU boot of the Pi image for scripts/test/image.sh (standard library only). The image boots as it is: no
harness in the guest, no marker of ours. What the host sees is the serial console, where the kernel's log carries
the guest's clock (systemd's own lines too, with systemd.log_target=kmsg and loglevel=7), QMP's screendump, and
QMP's input-send-event on QEMU's usb-tablet.

  image_run.py --log FILE --results FILE [--qmp SOCK --shots DIR] [--timeout S] [--taps FILE] [--size WxH]
               [--cut-after S] [--unit-only] -- QEMU ARGS...
  --taps FILE    lines "tap X Y" (screen pixels) and "wait MS", played once calx.service has started (READY=1:
                 the first frame is on the screen); a screendump start.ppm before them, taps.ppm after
  --cut-after S  SIGKILL QEMU (a power cut) S seconds after the first tap instead of the screendump after them
  --unit-only    no display: stop 30 s after systemd starts calx.service, whatever calx then does (-M raspi3b)
Results (JSON): qemu-to-frame (host seconds from QEMU's start to systemd's "Started calx.service"),
kernel-to-frame (the guest's clock on that line), unit-starting (the guest's clock on "Starting calx.service"),
calx-exited (systemd's line when calx's process ended), ro-mounts (the kernel's read-only ext4 mounts),
grown (calx-grow-state's line), killed-after (seconds after the first tap), seconds.
Exit 0 when the boot got as far as asked, 1 otherwise.
"""
import json, os, re, select, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qmp import QMP

STAMP = rb"\[\s*([0-9]+\.[0-9]+)\] "
STARTED = re.compile(STAMP + rb"systemd\[1\]: Started calx\.service")
STARTING = re.compile(STAMP + rb"systemd\[1\]: Starting calx\.service")
EXITED = re.compile(rb"systemd\[1\]: calx\.service: (Main process exited.*|Failed with result.*)")
GROWN = re.compile(rb"calx-grow-state: (\S+ is \S+)")
RO_MOUNT = re.compile(rb"EXT4-fs \((\S+)\): mounted filesystem \S+ ro\b")


class Boot:
    def __init__(self, options, qemu):
        self.options, self.results, self.pending = options, {}, b""
        self.log = open(options["--log"], "wb")
        self.started = time.time()
        if "--qmp" in options and os.path.exists(options["--qmp"]):
            os.unlink(options["--qmp"])
        extra = ["-qmp", f"unix:{options['--qmp']},server=on,wait=off"] if "--qmp" in options else []
        self.process = subprocess.Popen(qemu + extra, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT)

    def pump(self, until):
        """Reads the serial console until the deadline, noting what it says; False once QEMU has gone."""
        while time.time() < until:
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, min(0.2, until - time.time())))
            if not ready:
                continue
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return False
            self.log.write(chunk)
            self.log.flush()
            self.pending += chunk
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                self.note(line)
        return True

    def note(self, line):
        text = line.decode(errors="replace").strip()
        if "kernel-to-frame" not in self.results and (m := STARTED.search(line)):
            self.results["qemu-to-frame"] = round(time.time() - self.started, 2)
            self.results["kernel-to-frame"] = float(m.group(1))
        elif "unit-starting" not in self.results and (m := STARTING.search(line)):
            self.results["unit-starting"] = float(m.group(1))
        elif EXITED.search(line):
            self.results.setdefault("calx-exited", text)
        elif m := GROWN.search(line):
            self.results["grown"] = m.group(1).decode()
        elif RO_MOUNT.search(line):
            self.results.setdefault("ro-mounts", []).append(text)

    def wait_for(self, key, deadline):
        while key not in self.results and time.time() < deadline and self.process.poll() is None:
            self.pump(min(deadline, time.time() + 1))
        return key in self.results

    def end(self):
        if self.process.poll() is None:
            self.process.kill()               # no shutdown: the kiosk has none; every boot ends in a power cut
        self.process.wait()
        self.results["seconds"] = round(time.time() - self.started, 1)
        with open(self.options["--results"], "w") as f:
            json.dump(self.results, f, indent=1)


def play_taps(boot, qmp, lines, width, height, cut_after):
    """Taps through the usb-tablet (0..32767 on each axis); returns when done or when the cut is due."""
    first_tap = None
    for line in lines:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "wait":
            boot.pump(time.time() + int(words[1]) / 1000)
        elif words[0] == "tap":
            x, y = (float(w) for w in words[1:3])
            position = [{"type": "abs", "data": {"axis": "x", "value": round(x * 32767 / (width - 1))}},
                        {"type": "abs", "data": {"axis": "y", "value": round(y * 32767 / (height - 1))}}]
            qmp.command("input-send-event", events=position)
            boot.pump(time.time() + 0.05)
            qmp.command("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
            boot.pump(time.time() + 0.08)
            qmp.command("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])
            first_tap = first_tap or time.time()
        if cut_after is not None and first_tap and time.time() - first_tap >= cut_after:
            break
    return first_tap


def main(argv):
    split = argv.index("--")
    args, qemu = argv[1:split], argv[split + 1:]
    flags = {"--unit-only"}
    options, i = {}, 0
    while i < len(args):
        if args[i] in flags:
            options[args[i]] = True
            i += 1
        else:
            options[args[i]] = args[i + 1]
            i += 2
    deadline = time.time() + float(options.get("--timeout", 600))
    width, height = (int(v) for v in options.get("--size", "800x480").split("x"))
    cut_after = float(options["--cut-after"]) if "--cut-after" in options else None
    taps = open(options["--taps"]).read().splitlines() if "--taps" in options else []
    boot = Boot(options, qemu)
    ok = False
    try:
        if "--unit-only" in options:
            if boot.wait_for("unit-starting", deadline):
                boot.pump(min(deadline, time.time() + 30))
                ok = True
        elif boot.wait_for("kernel-to-frame", deadline):
            shots = options["--shots"]
            os.makedirs(shots, exist_ok=True)
            qmp = QMP(options["--qmp"], time.time() + 10)
            boot.pump(time.time() + 1.0)      # READY=1 came with the first frame; nothing else is changing
            qmp.command("screendump", filename=os.path.join(shots, "start.ppm"))
            first_tap = play_taps(boot, qmp, taps, width, height, cut_after)
            if cut_after is not None:
                boot.pump((first_tap or time.time()) + cut_after)
                boot.process.kill()           # the power cut: what the guest has not written is lost
                boot.results["killed-after"] = round(time.time() - (first_tap or time.time()), 2)
            else:
                boot.pump(time.time() + 1.5)  # past the save debounce (0.5 s) of the last tap
                qmp.command("screendump", filename=os.path.join(shots, "taps.ppm"))
            ok = True
    finally:
        boot.end()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
