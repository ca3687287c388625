#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Platform

/// Where a setting's value came from, so that a complaint points at what the user wrote.
package enum SettingSource: Equatable {
    case flag
    case file(path: String, line: Int)
}

package struct Setting: Equatable {
    package var value: String
    package var source: SettingSource
}

/// `calx run` settings: the config file (key=value lines) first, command-line flags over it.
package struct RunOptions {
    package var settings: [String: Setting] = [:]

    package init(settings: [String: Setting] = [:]) { self.settings = settings }
    package static let keys = ["card", "connector", "mode", "rotate", "touch-calibration", "state", "theme", "text-scale",
                               "idle-attract", "idle-reset", "locale", "disable"]

    /// What each setting accepts, for every message about it.
    static let accepted: [String: String] = [
        "card": "the path of a DRM card, e.g. /dev/dri/card0",
        "connector": "a connector's name, e.g. HDMI-A-1",
        "mode": "WxH or WxH@Hz, each from 1 to \(DisplayRequest.largestMode)",
        "rotate": "0, 90, 180 or 270",
        "touch-calibration": "six numbers \"a b c d e f\"",
        "state": "the path of a state file",
        "theme": Theme.accepted,
        "text-scale": textScaleAccepted,
        "idle-attract": "a number of seconds from 0 (off) to \(Int(maximumIdleReset))",
        "idle-reset": "a number of seconds from 0 (off) to \(Int(maximumIdleReset))",
        "locale": LocaleArgument.accepted,
        "disable": DisabledKeysArgument.accepted,
    ]

    /// /etc/calx.conf, or $CALX_CONFIG (for tests and trials).
    static var configPath: String { environmentValue("CALX_CONFIG").flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/calx.conf" }

    subscript(key: String) -> String? { settings[key]?.value }

    /// How a message names `key`: `--theme`, or `theme= in /etc/calx.conf line 3`.
    func name(of key: String) -> String {
        switch settings[key]?.source {
        case .file(let path, let line)?: "\(key)= in \(path) line \(line)"
        default: "--\(key)"
        }
    }

    /// The config file, when there is one; every problem with it (unreadable, a bad line, an unknown key).
    static func loadConfig(path: String = configPath) -> (options: RunOptions, problems: [String]) {
        let text: String?
        do { text = try readTextFile(path, limit: 64 << 10) } catch {
            return (RunOptions(), ["cannot read the config: \(error)"])
        }
        guard let text else { return (RunOptions(), []) }
        let parsed = parseConfig(text, path: path)
        return (RunOptions(settings: parsed.settings), parsed.problems)
    }

    /// Parses "key=value" lines, LF or CRLF; '#' starts a comment; a value may be in double quotes.
    /// A key Calx does not know is a problem (most likely a misspelling), as is a line without '='.
    /// A leading byte-order mark is no part of the first key: editors on a boot partition write one.
    package static func parseConfig(_ text: String, path: String) -> (settings: [String: Setting], problems: [String]) {
        var settings: [String: Setting] = [:]
        var problems: [String] = []
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        // Character.isNewline holds for "\r\n" as one character, for "\n" and for a lone "\r".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces
            guard !content.isEmpty else { continue }
            let place = "\(path) line \(index + 1)"
            guard let eq = content.firstIndex(of: "=") else {
                problems.append("\(place): \(content.quotedForMessage) is not key=value")
                continue
            }
            let key = content[..<eq].trimmingSpaces
            var value = content[content.index(after: eq)...].trimmingSpaces
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            guard keys.contains(key) else {
                problems.append("\(place): unknown key \(key.quotedForMessage) (known: \(keys.joined(separator: ", ")))")
                continue
            }
            if case .file(_, let earlier)? = settings[key]?.source {
                problems.append("\(place): \(key)= is given twice (first on line \(earlier)); give it once")
                continue
            }
            settings[key] = Setting(value: value, source: .file(path: path, line: index + 1))
        }
        return (settings, problems)
    }

    /// Flags as "--key value", each once, over the file's settings; returns an error message for
    /// anything else. The values are checked by `RunSettings.validate`.
    mutating func apply(flags: [String]) -> String? {
        var reader = OptionReader(flags)
        do throws(OptionProblem) {
            while let flag = reader.next() {
                let key = String(flag.dropFirst(2))
                guard flag.hasPrefix("--"), let accepts = RunOptions.accepted[key] else {
                    throw OptionProblem("unknown option \(flag.quotedForMessage)")
                }
                settings[key] = Setting(value: try reader.value(of: flag, accepts: accepts), source: .flag)
            }
        } catch {
            return error.text
        }
        return nil
    }

    /// --state, else $STATE_DIRECTORY/state, else $XDG_STATE_HOME/calx/state, else ~/.local/state/calx/state.
    static func statePath(flag: String?, environment: (String) -> String?) -> String? {
        if let flag { return flag }
        if let d = environment("STATE_DIRECTORY"), !d.isEmpty {
            return (d.split(separator: ":").first.map(String.init) ?? d) + "/state"
        }
        if let x = environment("XDG_STATE_HOME"), !x.isEmpty { return x + "/calx/state" }
        if let h = environment("HOME"), !h.isEmpty { return h + "/.local/state/calx/state" }
        return nil
    }
}

func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

/// Creates every missing directory above `path` (mode 0700).
func makeParentDirectories(of path: String) {
    var prefix = ""
    for part in path.split(separator: "/").dropLast() {
        prefix += "/" + part
        if !path.hasPrefix("/") && prefix.hasPrefix("/") { prefix.removeFirst() }
        _ = mkdir(prefix, 0o700)
    }
}

/// The first `limit` problems, then how many more: a junk file must not flood the journal.
package func summarized(_ problems: [String], limit: Int = 20) -> [String] {
    problems.count <= limit ? problems : Array(problems.prefix(limit)) + ["… and \(problems.count - limit) more"]
}

extension StringProtocol {
    /// At most 40 characters of what the user wrote, for quoting it back.
    var quotedPrefix: String { count <= 40 ? String(self) : prefix(40) + "…" }

    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
