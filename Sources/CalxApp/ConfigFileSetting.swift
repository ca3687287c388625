import Platform

/// One setting of a key=value config file (calx.conf's format, `RunOptions.parseConfig`) set in place: the
/// line that gives it replaced, or one added at the end; every other line, comment and line ending kept. The
/// file is replaced atomically (SystemFiles' AtomicFile), so a power cut leaves the old file or the new one.
enum ConfigFileSetting {
    /// The config's text with `key=value` in it.
    static func text(_ original: String, setting key: String, to value: String) -> String {
        // By bytes: "\r\n" is one Character, and a CRLF line must keep its CR.
        var lines = original.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let line = "\(key)=\(value)"
        let existing = lines.firstIndex { raw in
            let content = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces
            guard let eq = content.firstIndex(of: "=") else { return false }
            return content[..<eq].trimmingSpaces == key
        }
        if let existing {
            lines[existing] = line + (lines[existing].utf8.last == 13 ? "\r" : "")
        } else {
            if lines.last == "" { lines.removeLast() }
            lines.append(line)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Sets `key=value` in the file at `path` (made if it is not there).
    static func write(_ path: String, setting key: String, to value: String) throws(PlatformError) {
        let original = try readTextFile(path, limit: 64 << 10) ?? ""
        try AtomicFile(path: path, permissions: 0o644).write(Array(text(original, setting: key, to: value).utf8))
    }

    /// The calibration a first start saved beside the state (the kiosk may not write /etc: it runs under
    /// ProtectSystem=strict): `touch-calibration=` in the state directory's calx.conf.
    static func savedCalibrationPath(stateFile: String) -> String {
        AtomicFile(path: stateFile).directory + "/calx.conf"
    }

    /// The `touch-calibration=` of the file at `path`, if it has a usable one; the problem otherwise.
    static func calibration(in path: String) -> Result<Calibration, OptionProblem>? {
        guard let text = try? readTextFile(path, limit: 64 << 10) else { return nil }
        guard let setting = RunOptions.parseConfig(text, path: path).settings["touch-calibration"] else { return nil }
        do { return .success(try Calibration.parse(setting.value)) } catch {
            return .failure(OptionProblem("touch-calibration= in \(path) is not usable: \(error)"))
        }
    }
}
