import CalxApp
import Kiosk
import SeededRandom

extension FuzzTarget {
    /// Touch scripts as a person, an editor (CRLF, comments) or an attacker writes them: parsed by the
    /// shared parser, then played on a kiosk. A script that parses plays without a trap; one that does
    /// not names its line.
    static let touch = FuzzTarget(name: "touch", hangSeconds: 5, outputLimit: 4_096) { rng in
        let text = touchScriptText(&rng)
        let script: TouchScript
        do throws(TouchScript.ParseError) { script = try TouchScript(parsing: text) } catch {
            var outcome = Outcome(outputBytes: error.description.utf8.count)
            if !error.description.hasPrefix("line \(error.line): ") || error.line < 1 { outcome.problem = "error names no line: \(error)" }
            return outcome
        }
        let size = [(800, 480), (480, 800), (320, 240)][rng.below(3)]
        let app = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: MemoryStateStorage())
        app.play(script)
        var outcome = Outcome(outputBytes: app.messages.joined().utf8.count)
        for case .frame(let events) in script.steps where events.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            outcome.problem = "a frame with a point that is not finite"
        }
        return outcome
    }

    private static let verbs = ["down", "move", "up", "wait", "tap", "pan", "pinch", "hold", "say", "await", "frob", "#"]

    private static func touchScriptText(_ rng: inout SplitMix64) -> String {
        let newline = ["\n", "\r\n", "\r"][rng.below(3)]
        var lines: [String] = []
        var down: [Int] = []
        for _ in 0..<rng.below(rng.below(10) == 0 ? 3_000 : 40) {
            func number() -> String {
                switch rng.below(12) {
                case 0: return ["nan", "inf", "-inf", "1e300", "-1e300", "9999999", "1e7", "0x10", "", "-0", "1_0"][rng.below(11)]
                case 1: return String(decoding: (0..<rng.below(4)).map { _ in rng.byte() }, as: UTF8.self)
                default: return String(rng.below(1_000) - (rng.below(8) == 0 ? 500 : 0))
                }
            }
            let verb = verbs[rng.below(verbs.count)]
            var words = [verb]
            switch verb {
            case "down", "move", "up":
                // Mostly ids that make sense (a finger that is down moves and lifts).
                let id = rng.below(3) == 0 ? Int(rng.below(5)) : (down.randomElement(using: &rng) ?? rng.below(4))
                if verb == "down" { down.append(id) } else if verb == "up" { down.removeAll { $0 == id } }
                words.append(String(id))
                if verb != "up" { words += [number(), number()] }
            case "say": words.append("marker \(rng.below(100))")
            case "#": words.append("a comment")
            default: words += (0..<[1, 2, 3, 4, 5][rng.below(5)]).map { _ in number() }
            }
            if rng.below(8) == 0 { words.append("# note") }
            lines.append(words.joined(separator: rng.below(10) == 0 ? "\t" : " "))
        }
        return lines.joined(separator: newline)
    }
}
