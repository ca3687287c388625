import Kiosk
import Platform
import Raster

/// `calx run`'s settings, every one checked before anything touches the hardware.
struct RunSettings {
    var rotation = ScreenRotation.upright
    /// nil: each touchscreen's own udev LIBINPUT_CALIBRATION_MATRIX, else none.
    var calibration: [Double]?
    var theme = Theme.light
    var request = DisplayRequest()
    var statePath: String?

    /// The settings, and a problem for every value that is wrong, named as the user gave it
    /// (`--theme`, or `theme= in /etc/calx.conf line 3`).
    static func validate(_ options: RunOptions, environment: (String) -> String? = environmentValue)
        -> (settings: RunSettings, problems: [String]) {
        var s = RunSettings()
        var problems: [String] = []
        func complain(_ key: String, _ what: String) {
            problems.append("\(options.name(of: key)) \(what) (got '\(options[key] ?? "")')")
        }
        if let v = options["rotate"] {
            if let r = Int(v).flatMap({ ScreenRotation(degrees: $0) }) { s.rotation = r } else { complain("rotate", "must be 0, 90, 180 or 270") }
        }
        if let v = options["touch-calibration"] {
            do { s.calibration = try AxisMapping.parseCalibration(v) } catch {
                complain("touch-calibration", "must be six numbers \"a b c d e f\": \(error)")
            }
        }
        if let v = options["theme"] {
            if let t = Theme(rawValue: v) { s.theme = t } else { complain("theme", "must be light or dark") }
        }
        if let v = options["mode"] {
            if let m = DisplayRequest.parseMode(v) { s.request.mode = m } else {
                complain("mode", "must be WxH or WxH@Hz, each from 1 to \(DisplayRequest.largestMode)")
            }
        }
        for key in ["card", "connector", "state"] where options[key]?.isEmpty == true { complain(key, "must not be empty") }
        s.request.card = options["card"]
        s.request.connector = options["connector"]
        s.request.rotation = s.rotation
        s.statePath = RunOptions.statePath(flag: options["state"], environment: environment)
        return (s, problems)
    }
}
