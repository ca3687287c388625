import CalxApp
import Platform
import SeededRandom

extension FuzzTarget {
    /// /etc/calx.conf as people and editors write it: every key, misspelled keys, CRLF, quotes, comments,
    /// junk values. Nothing traps; every problem names its file and line or its key; and what is accepted
    /// is sane (a mode within bounds, a finite calibration that is not singular).
    static let config = FuzzTarget(name: "config", hangSeconds: 5, outputLimit: 16_384) { rng in
        let text = configText(&rng)
        let parsed = RunOptions.parseConfig(text, path: "/etc/calx.conf")
        let (settings, problems) = RunSettings.validate(RunOptions(settings: parsed.settings), environment: { _ in nil })
        let all = parsed.problems + problems
        // What `calx run` prints.
        var outcome = Outcome(outputBytes: summarized(all).joined(separator: "\n").utf8.count)
        if let bad = all.first(where: { !$0.contains("/etc/calx.conf line ") }) {
            outcome.problem = "a problem that names no line: \(bad)"
        } else if let mode = settings.request.mode,
                  ![mode.width, mode.height, mode.refresh ?? 1].allSatisfy({ (1...DisplayRequest.largestMode).contains($0) }) {
            outcome.problem = "accepted mode \(mode)"
        } else if let c = settings.calibration, !c.isFinite || c.a * c.e - c.b * c.d == 0 {
            outcome.problem = "accepted calibration \(c)"
        }
        return outcome
    }

    private static let configKeys = RunOptions.keys + ["rotation", "Theme", "mode ", "touch_calibration", ""]
    private static let configValues = ["dark", "light", "90", "45", "800x480", "800x480@60", "", "@", "x", "0x0",
                                       "1 0 0 0 1 0", "\"0 1 0 -1 0 1\"", "nan 0 0 0 1 0", "0 0 0 0 0 0", "1e300 0 0 0 1 0",
                                       "/var/lib/calx/state", "HDMI-A-1", "99999999999999999999x1", "\"", "a=b"]

    private static func configText(_ rng: inout SplitMix64) -> String {
        let newline = ["\n", "\r\n", "\r"][rng.below(3)]
        var lines: [String] = []
        for _ in 0..<rng.below(rng.below(20) == 0 ? 2_000 : 12) {
            switch rng.below(10) {
            case 0: lines.append("# " + String(decoding: (0..<rng.below(20)).map { _ in rng.byte() }, as: UTF8.self))
            case 1: lines.append(String(decoding: (0..<rng.below(30)).map { _ in rng.byte() }, as: UTF8.self))
            case 2: lines.append("")
            default:
                let key = configKeys[rng.below(configKeys.count)], value = configValues[rng.below(configValues.count)]
                let spaced = rng.below(4) == 0 ? " = " : "="
                lines.append(key + spaced + value + (rng.below(6) == 0 ? " # why" : ""))
            }
        }
        return lines.joined(separator: newline)
    }
}
