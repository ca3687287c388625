#if canImport(Glibc)
import Glibc
#endif
import InputRecordings
import Platform
import Raster
import SeededRandom

// calx-touchplay: creates a uinput touchscreen and plays a touch script on it, so the VM tests touch the
// kiosk through the real kernel input path: by default a multitouch screen whose axes span the screen; with
// --device, a clone of a real panel (its driver's description), touched as that panel reports touches.
let usage = """
usage: calx-touchplay --size WxH [--settle MS] [--name NAME] SCRIPT|-
       calx-touchplay --size WxH --device PANEL.yml [--rotate 0|90|180|270] [--frame-ms MS] [--sample-ms MS]
                      [--jitter RAW] [--seed N] [--correction "a b c d e f"] [--settle MS] SCRIPT|-
       calx-touchplay --size WxH --check SCRIPT|-      (parse and print the expanded steps, no device)
--device: a panel's description, a libinput recording's device (name, id, codes, absinfo, properties, udev
LIBINPUT_CALIBRATION_MATRIX); the script's pixels of the WxH picture, turned by --rotate on the panel, become
its raw readings. --frame-ms: between a gesture's frames (16); --sample-ms: a resting finger reported again
(0: never); --jitter: raw units of noise on each reading; --correction: the panel's misalignment, as the
matrix that corrects it, for a board with no udev rule (else the description's LIBINPUT_CALIBRATION_MATRIX).
Script lines: down ID X Y | move ID X Y | up ID | wait MS | tap X Y | pan X1 Y1 X2 Y2
              pinch CX CY D1 D2 | hold X Y MS | say TEXT | await   ('#' starts a comment; LF or CRLF)
"""

func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = "calx-touchplay: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

/// Unbuffered, so marker lines reach the serial console in order with the kiosk's own output.
func say(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
}

/// Standard input, read through Platform's seam (EINTR retried there).
func standardInput() -> FileDescriptor { .borrowing(0, name: "standard input") }

/// Reads standard input up to a newline, or gives up after the timeout (a host that died must not hang the guest).
func awaitLine(timeoutMilliseconds: Int32) {
    let input = standardInput()
    var byte: UInt8 = 0
    while true {
        guard (try? input.waitUntilReadable(timeoutMilliseconds: timeoutMilliseconds)) == true else { return }
        let n = withUnsafeMutableBytes(of: &byte) { raw in (try? input.read(into: raw)) ?? -1 }
        if n <= 0 || byte == UInt8(ascii: "\n") { return }
    }
}

/// The first device of a recording file: the panel to clone.
func panelDescription(_ path: String) -> DeviceDescription {
    do {
        guard let bytes = try RegularFile(path: path, limit: Recording.byteLimit).read() else { fail("no such file \(path)", status: 2) }
        guard let device = try RecordingParser.parse(bytes).devices.first else { fail("\(path): no device", status: 2) }
        return device.description
    } catch let error as RecordingError {
        fail("\(path): \(error)", status: 2)
    } catch {
        fail("cannot read \(error)")
    }
}

/// Standard input to its end.
func readStandardInput() throws(PlatformError) -> String {
    let input = standardInput()
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(PlatformError) in try input.read(into: raw) } }.get()
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The script: standard input for "-", else a regular file (never a FIFO that would hang the guest).
func readScript(_ path: String) -> String {
    if path == "-" {
        do { return try readStandardInput() } catch { fail("\(error)") }
    }
    do {
        guard let bytes = try RegularFile(path: path, limit: 16 << 20).read() else { fail("cannot read \(path): it does not exist") }
        return String(decoding: bytes, as: UTF8.self)
    } catch {
        fail("cannot read \(error)")
    }
}

var size: (Int32, Int32)?
var settle = 1000
var name = "Calx virtual touchscreen"
var checkOnly = false
var scriptPath: String?
var devicePath: String?
var rotation = ScreenRotation.upright
var frameMilliseconds = 16, sampleMilliseconds = 0
var jitter: Int32 = 0
var seed: UInt64 = 1
var correction: Calibration?
@MainActor func number(_ flag: String, _ range: ClosedRange<Int>) -> Int {
    guard let v = args.popFirst().flatMap({ Int($0) }), range.contains(v) else {
        fail("\(flag) wants a number from \(range.lowerBound) to \(range.upperBound)", status: 2)
    }
    return v
}
var args = Array(CommandLine.arguments.dropFirst())[...]
while let arg = args.popFirst() {
    switch arg {
    case "--size":
        let words = (args.popFirst() ?? "").split(separator: "x", omittingEmptySubsequences: false)
        let parts = words.compactMap { Int32($0) }.filter { (2...16384).contains($0) }
        guard words.count == 2, parts.count == 2 else { fail("--size wants WxH, each from 2 to 16384", status: 2) }
        size = (parts[0], parts[1])
    case "--settle":
        guard let v = args.popFirst().flatMap({ Int($0) }), (0...600_000).contains(v) else { fail("--settle wants MS, 0 to 600000", status: 2) }
        settle = v
    case "--name": guard let v = args.popFirst() else { fail("--name wants a name", status: 2) }; name = v
    case "--device": guard let v = args.popFirst() else { fail("--device wants a panel description", status: 2) }; devicePath = v
    case "--rotate":
        guard let r = ScreenRotation(degrees: number(arg, 0...270)) else { fail("--rotate wants 0, 90, 180 or 270", status: 2) }
        rotation = r
    case "--frame-ms": frameMilliseconds = number(arg, 1...1000)
    case "--sample-ms": sampleMilliseconds = number(arg, 0...1000)
    case "--jitter": jitter = Int32(number(arg, 0...1000))
    case "--seed": seed = UInt64(number(arg, 0...Int(Int32.max)))
    case "--correction":
        guard let m = args.popFirst().flatMap({ try? Calibration.parse($0) }) else { fail("--correction wants six numbers \"a b c d e f\"", status: 2) }
        correction = m
    case "--check": checkOnly = true
    case "--help", "-h": say(usage); exit(0)
    default: if scriptPath == nil { scriptPath = arg } else { fail("unexpected '\(arg)'\n\(usage)", status: 2) }
    }
}
guard let (width, height) = size, let scriptPath else { fail(usage, status: 2) }
let source = readScript(scriptPath)
let steps: [TouchStep]
do { steps = try TouchScript(frameMilliseconds: frameMilliseconds).steps(from: source) } catch { fail("\(scriptPath): \(error)", status: 2) }

if checkOnly {
    for step in steps { say("\(step)") }
    exit(0)
}

let description = devicePath.map { panelDescription($0) }
    ?? VirtualTouchscreen.description(name: name, width: width, height: height)
let screen: VirtualTouchscreen
do { screen = try VirtualTouchscreen(description) } catch { fail("\(error)") }
say("calx-touchplay: \(screen.devnode ?? "?") \"\(description.name)\" \(width)x\(height), \(steps.count) steps")
// Give the kiosk's input hotplug watch time to find and grab the new device.
SystemClock.sleep(milliseconds: settle)
var player = Player(screen: screen, panel: PanelModel(description: description, width: Int(width), height: Int(height),
                                                      rotation: rotation, jitter: jitter, random: SplitMix64(seed: seed),
                                                      givenCorrection: correction),
                    sampleMilliseconds: sampleMilliseconds)
do {
    for step in steps { try player.play(step) }
} catch { fail("\(error)") }
