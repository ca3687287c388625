import CalxApp
import Calculator
import CalculatorBrain
import FoundationEssentials
import Kiosk
import ReferenceCalculator
import SeededRandom

extension FuzzTarget {
    /// Random key texts through `calx keys`'s path: the token parser, the controller and its
    /// readouts, then the state the kiosk would save, restored.
    /// What `calx keys` prints is bounded by its history: 20 lines of a description of at most 160
    /// characters (at most 4 UTF-8 bytes each) and a number, about 13.5 kB, and the readouts' 1 kB.
    /// One case in ten is a visitor session of up to 3,000 keys checked key by key against the reference
    /// calculator (`VisitorSession`), the rest texts through the parser.
    static let keys = FuzzTarget(name: "keys", hangSeconds: 5, outputLimit: 16_384) { rng in
        if rng.below(10) == 0 {
            var session = VisitorSession(seed: rng.next())
            for _ in 0..<200 + rng.below(2_800) {
                if let problem = session.pressNext() { return Outcome(problem: problem) }
            }
            return Outcome()
        }
        let text = keyText(&rng)
        switch KeyTokens.parse(text) {
        case .failure(let unknown):
            return Outcome(outputBytes: "\(unknown)".utf8.count)
        case .success(let keys):
            var controller = CalculatorController()
            for key in keys { controller.press(key) }
            let printed = readouts(of: controller)
            var outcome = Outcome(outputBytes: printed.utf8.count)
            outcome.problem = problems(of: controller)
            if outcome.problem == nil {
                do {
                    let data = try JSONEncoder().encode(controller.state)
                    let restored = try CalculatorController(restoring: JSONDecoder().decode(CalculatorController.State.self, from: data))
                    // A refused key's message is not state: it lasts until the next key.
                    if restored.display != controller.display || restored.description != controller.description
                        || restored.memoryReadout != controller.memoryReadout || restored.isGraphEnabled != controller.isGraphEnabled {
                        outcome.problem = "restored state reads differently"
                    }
                } catch {
                    outcome.problem = "state does not load back: \(error)"
                }
            }
            return outcome
        }
    }

    private static func problems(of c: CalculatorController) -> String? {
        // The number's line as the screen and `calx keys` show it: the number, or the error's words. The
        // controller leaves the words to the screen (its own display is blank under an error), so the check
        // reads what is shown.
        if ShownReadouts(c.readouts, locale: .english).display.isEmpty { return "blank display" }
        if c.display.count > 40 { return "display of \(c.display.count) characters" }
        let d = c.description
        if d.count > DescriptionText.lineLimit { return "description of \(d.count) characters" }
        if !(d.isEmpty || d.hasSuffix(" …") || d.hasSuffix(" =")) { return "description '\(d.prefix(40))' ends oddly" }
        if c.typing == nil && c.display == "-0" { return "display -0" }
        return nil
    }

    private static let words: [String] = CalculatorKey.all.map(\.label)
        + ["-", "*", "/", "pow", "sqrt", "neg", "sto", "undo", "rand", "pi", "exp", "log"]
        + ["drg", "deg", "rad", "ee", "ee", "ans", "ans2", "ans20"]

    /// Mostly short, person-like texts; now and then a long hostile run of one key or of operators,
    /// and now and then junk.
    private static func keyText(_ rng: inout SplitMix64) -> String {
        var tokens: [String] = []
        switch rng.below(20) {
        case 0:
            let key = words[rng.below(words.count)]
            tokens = ["1"] + Array(repeating: key, count: rng.below(20_000))
        case 1:
            for _ in 0..<rng.below(8_000) { tokens.append(["+", "=", "×", "xʸ", "M", "sin"][rng.below(6)]) }
        case 2:
            tokens = (0..<rng.below(10)).map { _ in String(decoding: (0..<rng.below(6)).map { _ in rng.byte() }, as: UTF8.self) }
        case 3:
            tokens = [String(repeating: "9", count: rng.below(400)), ".", String(repeating: "0", count: rng.below(40))]
        default:
            for _ in 0..<rng.below(60) {
                tokens.append(rng.below(3) == 0 ? String(rng.below(1_000)) : words[rng.below(words.count)])
            }
        }
        return tokens.joined(separator: " ")
    }
}
