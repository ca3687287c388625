#if canImport(Glibc)
import Glibc
#endif

/// `calx run` settings: /etc/calx.conf (key=value) first, command-line flags over it.
struct RunOptions {
    var values: [String: String] = [:]
    static let keys: Set<String> = ["card", "connector", "mode", "rotate", "touch-calibration", "state", "theme"]

    /// Parses "key=value" lines; '#' starts a comment.
    static func parseConfig(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let eq = content.firstIndex(of: "=") else { continue }
            let key = content[..<eq].trimmingSpaces, value = content[content.index(after: eq)...].trimmingSpaces
            if keys.contains(key) { out[key] = value }
        }
        return out
    }

    /// Flags as "--key value"; returns an error message for anything else.
    mutating func apply(flags: [String]) -> String? {
        var i = 0
        while i < flags.count {
            let flag = flags[i]
            guard flag.hasPrefix("--"), RunOptions.keys.contains(String(flag.dropFirst(2))) else { return "unknown option '\(flag)'" }
            guard i + 1 < flags.count else { return "\(flag) needs a value" }
            values[String(flag.dropFirst(2))] = flags[i + 1]
            i += 2
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

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
    }
}
