#if canImport(Glibc)
import Glibc
#endif
import Platform
import Raster
import Typeface

/// `calx doctor [run flags]`: what Calx would use on this machine, and how to fix what is missing.
/// `calx doctor --record FILE [--seconds N]` records the touchscreen instead (DoctorRecordCommand.swift).
func runDoctorCommand(_ arguments: [String]) -> Int32 {
    if arguments.contains("--record") || arguments.contains("--seconds") { return runDoctorRecordCommand(arguments) }
    var (options, problems) = RunOptions.loadConfig()
    if let problem = options.apply(flags: arguments) { printError("calx doctor: \(problem)"); return 2 }
    let (settings, badValues) = RunSettings.validate(options)
    problems += badValues
    var missing = 0
    // The same checks `calx run` makes before it touches anything: each one would stop it.
    for problem in summarized(problems.filter { !$0.hasPrefix(options.name(of: "rotate")) }) {
        printLine("settings: MISSING \(problem)")
        missing += 1
    }
    let framebuffer = framebufferLine(options["card"] == nil ? "/dev/fb0" : nil)
    let cards = DRMProbe.cardPaths()
    let fallback = framebuffer?.usable == true
    if cards.isEmpty {
        printLine("display: \(fallback ? "" : "MISSING ")no /dev/dri/card* (load a KMS driver, e.g. virtio-gpu, i915, vc4; or boot with a GPU)")
        if !fallback { missing += 1 }
    }
    if let framebuffer { printLine("display: \(framebuffer.text)") }
    var connected = false
    for card in cards {
        for line in DRMProbe.describe(card: card) { printLine("display: \(line)"); connected = connected || line.contains(": connected") }
    }
    if !cards.isEmpty && !connected {
        printLine("display: \(fallback ? "" : "MISSING ")no connected connector (plug in a screen)")
        if !fallback { missing += 1 }
    }
    let rotateValue = options["rotate"] ?? "0"
    if ScreenRotation(degrees: Int(rotateValue) ?? -1) != nil {
        let rotation = settings.rotation
        printLine("rotation: \(rotation.degrees)° clockwise, picture and touch together (--rotate, or rotate= in \(RunOptions.configPath))")
    } else {
        printLine("rotation: MISSING \(rotateValue.quotedForMessage) is not a rotation (use 0, 90, 180 or 270; \(options.name(of: "rotate")))")
        missing += 1
    }
    if let calibration = settings.calibration {
        printLine("touch calibration: \(calibration.text) (\(options.name(of: "touch-calibration")), over udev's)")
    } else {
        printLine("touch calibration: each touchscreen's udev LIBINPUT_CALIBRATION_MATRIX, if set (see deploy/70-calx-touchscreen.rules)")
    }
    // Neither is required: without them Calx still runs, with the limits the lines say.
    printLine("console: \(VirtualTerminal.describeConsole())")
    if let monitor = DRMUeventMonitor() {
        printLine("hotplug: drm uevents (kernel netlink): a screen plugged in later is set up")
        monitor.close()
    } else {
        printLine("hotplug: unavailable (no netlink uevent socket): a screen plugged in later is not noticed")
    }
    let inputs = InputDevice.eventPaths().compactMap { InputDevice.describe(path: $0) }
    for line in inputs { printLine("input: \(line)") }
    if inputs.isEmpty {
        printLine("input: MISSING no usable /dev/input/event* (touchscreen, tablet or keyboard; run as root or join group input)")
        missing += 1
    }
    do { let face = try Typeface.default(); printLine("font: \(face.path)") } catch {
        printLine("font: MISSING \(error) (apt-get install fonts-dejavu-core)")
        missing += 1
    }
    let stateLine = describeState(settings.statePath)
    printLine("state: \(stateLine.text)")
    if !stateLine.usable { missing += 1 }
    return missing == 0 ? 0 : 1
}

/// Where the state would be kept, and whether the kiosk could read it there.
func describeState(_ path: String?) -> (text: String, usable: Bool) {
    guard let path else { return ("MISSING (set STATE_DIRECTORY, XDG_STATE_HOME or HOME, or pass --state)", false) }
    do {
        guard let bytes = try AtomicFile(path: path).read() else { return ("\(path) (none yet: the first save makes it)", true) }
        return ("\(path) (\(bytes.count) bytes)", true)
    } catch {
        let fix = error.isTransient ? "" : "; the kiosk would set it aside and start afresh"
        return ("MISSING \(error)\(fix)", false)
    }
}

/// The fbdev fallback as `calx run` would find it, when there is one.
func framebufferLine(_ path: String?) -> (text: String, usable: Bool)? {
    guard let path, access(path, F_OK) == 0 else { return nil }
    do {
        let fb = try FBDevDisplay(path: path)
        defer { fb.close() }
        return ("\(path) \(fb.summary) (fbdev, used when no DRM card has a connected connector)", true)
    } catch {
        return ("\(path) unusable: \(error)", false)
    }
}
