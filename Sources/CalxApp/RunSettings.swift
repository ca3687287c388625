import Calculator
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Locales
import Platform
import Raster

/// `calx run`'s settings, every one checked before anything touches the hardware.
package struct RunSettings {
    package var rotation = ScreenRotation.upright
    /// nil: each touchscreen's own udev LIBINPUT_CALIBRATION_MATRIX, else none.
    package var calibration: Calibration?
    package var theme = Theme.light
    /// Text this much larger than usual: 1 to 2.
    package var textScale = 1.0
    package var request = DisplayRequest()
    package var statePath: String?
    /// Seconds without a touch before a fresh start; nil (the default, or 0) never.
    package var idleReset: Double?
    /// Seconds without a touch before the attract screen; nil (the default, or 0) never.
    package var idleAttract: Double?
    /// The language and the keys left out of the keypad.
    package var layout = LayoutSettings()

    /// The settings, and a problem for every value that is wrong, named as the user gave it
    /// (`--theme`, or `theme= in /etc/calx.conf line 3`).
    package static func validate(_ options: RunOptions, environment: (String) -> String? = environmentValue)
        -> (settings: RunSettings, problems: [String]) {
        var s = RunSettings()
        var problems: [String] = []
        /// "--theme must be light, dark or high-contrast (got 'blue')", with what is wrong beyond that if there is more to say.
        func complain(_ key: String, _ detail: String = "") {
            problems.append("\(options.name(of: key)) must be \(RunOptions.accepted[key] ?? "")\(detail) (got \((options[key] ?? "").quotedForMessage))")
        }
        if let v = options["rotate"] {
            if let r = Int(v).flatMap({ ScreenRotation(degrees: $0) }) { s.rotation = r } else { complain("rotate") }
        }
        if let v = options["touch-calibration"] {
            do { s.calibration = try Calibration.parse(v) } catch { complain("touch-calibration", ": \(error)") }
        }
        if let v = options["theme"] {
            if let t = Theme(rawValue: v) { s.theme = t } else { complain("theme") }
        }
        if let v = options["text-scale"] {
            if let scale = parseTextScale(v) { s.textScale = scale } else { complain("text-scale") }
        }
        if let v = options["mode"] {
            if let m = DisplayRequest.parseMode(v) { s.request.mode = m } else { complain("mode") }
        }
        if let v = options["idle-reset"] {
            switch parseIdleReset(v) {
            case .some(let seconds): s.idleReset = seconds
            case .none: complain("idle-reset")
            }
        }
        if let v = options["idle-attract"] {
            switch parseIdleReset(v) {
            case .some(let seconds): s.idleAttract = seconds
            case .none: complain("idle-attract")
            }
        }
        if let v = options["locale"] {
            if let locale = CalxLocale.named(v) { s.layout.locale = locale } else { complain("locale") }
        }
        if let v = options["disable"] {
            switch DisabledKeysArgument.parse(v, name: options.name(of: "disable")) {
            case .success(let keys): s.layout.disabledKeys = keys
            case .failure(let problem): problems.append(problem.text)
            }
        }
        for key in ["card", "connector", "state"] where options[key]?.isEmpty == true { complain(key, ", not empty") }
        // A calx.conf line can hold a NUL that no argument can: the system calls would read the path only up to
        // it, and setting a corrupt state aside would look for a free name forever, finding the cut path each time.
        for key in ["card", "connector", "state"] where options[key]?.utf8.contains(0) == true { complain(key, ", with no NUL byte") }
        s.request.card = options["card"]
        s.request.connector = options["connector"]
        s.request.rotation = s.rotation
        s.statePath = RunOptions.statePath(flag: options["state"], environment: environment)
        if let path = s.statePath, let kind = unusableStateKind(path) {
            problems.append("\(options["state"] == nil ? "the state path \(path)" : options.name(of: "state")) is \(kind); give the path of a file")
        }
        return (s, problems)
    }
}

/// What is at `path` when it is anything but a regular file (a directory, a device, a FIFO, a symbolic
/// link): a state path the user gave is theirs, so what is there is refused and left as it is, never
/// renamed aside and replaced.
func unusableStateKind(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    return type == S_IFREG ? nil : RegularFile.typeName(type)
}

/// What `--text-scale` and `text-scale=` take.
let textScaleAccepted = "a number from 1 to 2 (how much larger text is drawn)"

/// "1.5" → 1.5; nil for anything outside 1...2 (NaN included).
func parseTextScale(_ text: String) -> Double? {
    guard let scale = Double(text), ScreenLayout.textScales.contains(scale) else { return nil }
    return scale
}

/// The longest idle reset or attract time: a week.
let maximumIdleReset = 7 * 24 * 3600.0

/// "120" → 120 seconds; "0" → off (.some(nil)); nil when it is no such number (idle reset and attract alike).
func parseIdleReset(_ text: String) -> Double?? {
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= maximumIdleReset else { return nil }
    return .some(seconds == 0 ? nil : seconds)
}
