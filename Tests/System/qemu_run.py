#!/usr/bin/env python3
"""Runs QEMU for the Calx VM tests and follows the guest's serial markers (standard library only).

  qemu_run.py [--shots DIR] [--files DIR] [--qmp SOCK] [--log FILE] [--results FILE] [--timeout S]
              [--kill-after MARK:SECONDS] [--echo] -- QEMU ARGS...
  Exit 0 when QEMU ended (or was killed as asked), 124 on the timeout. results.py reads the results.

Guest markers (one line each on the serial console):
  @@calx-shot NAME         host takes a QMP screendump to SHOTS/NAME.ppm, then types "ok" on the console
  @@calx-tablet X,Y        host clicks QEMU's usb-tablet at X,Y (0..32767), then types "ok"
  @@calx-file NAME         the lines up to @@calx-end are base64 of a guest file; saved as FILES/NAME
  @@calx-result KEY VALUE  recorded in RESULTS json, and as at:KEY the seconds after QEMU started when it first came
  @@calx-mark NAME         the moment is recorded (seconds since QEMU started) as mark-NAME; with
                           --kill-after NAME:SECONDS the host kills QEMU (SIGKILL: a power cut) that long after it
"""
import base64, json, os, select, subprocess, sys, time

from qmp import QMP


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
    if "--" not in argv:
        sys.exit(__doc__)
    split = argv.index("--")
    options = {"shots": "shots", "files": "files", "qmp": "qmp.sock", "log": "serial.log",
               "results": "results.json", "timeout": 120.0, "echo": False}
    flags = argv[1:split]
    while flags:
        key = flags.pop(0).lstrip("-")
        if key == "echo":
            options["echo"] = True
        else:
            options[key] = float(flags.pop(0)) if key == "timeout" else flags.pop(0)
    return run(options, argv[split + 1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
