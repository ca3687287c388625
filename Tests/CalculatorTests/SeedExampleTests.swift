import Calculator
import CalculatorBrain
import Testing

/// Every worked example of the seeds (Assignment 1's table, Assignment 2's M examples, the precedence extra).
struct SeedExample: Sendable, CustomTestStringConvertible {
    let keys: String
    let description: String
    let display: String
    /// The math error shown where the number would be ("" then).
    var error: CalculatorError? = nil
    var testDescription: String { keys }
}

// The seeds' displays at CS193P's six fraction digits (12.566371) are these rounded: the display shows every digit
// that fits its 12 characters and is proved (issue 32).
let seedExamples: [SeedExample] = [
    .init(keys: "7 +", description: "7 + …", display: "7"),
    .init(keys: "7 + 9", description: "7 + …", display: "9"),
    .init(keys: "7 + 9 =", description: "7 + 9 =", display: "16"),
    .init(keys: "7 + 9 = √", description: "√(7 + 9) =", display: "4"),
    .init(keys: "7 + 9 = √ + 2 =", description: "√(7 + 9) + 2 =", display: "6"),
    .init(keys: "7 + 9 √", description: "7 + √(9) …", display: "3"),
    .init(keys: "7 + 9 √ =", description: "7 + √(9) =", display: "10"),
    .init(keys: "7 + 9 = + 6 = + 3 =", description: "7 + 9 + 6 + 3 =", display: "25"),
    .init(keys: "7 + 9 = √ 6 + 3 =", description: "6 + 3 =", display: "9"),
    .init(keys: "5 + 6 = 7 3", description: "5 + 6 =", display: "73"),
    .init(keys: "4 × π =", description: "4 × π =", display: "12.566370614"),
    .init(keys: "6 × 5 × 4 × 3 =", description: "6 × 5 × 4 × 3 =", display: "360"),
    .init(keys: "9 + M = √", description: "√(9 + M) =", display: "3"),
    .init(keys: "9 + M = √ 7 →M", description: "√(9 + M) =", display: "4"),
    .init(keys: "9 + M = √ 7 →M + 14 =", description: "√(9 + M) + 14 =", display: "18"),
    .init(keys: "M cos", description: "cos(M) =", display: "1"),
    .init(keys: "M cos π →M", description: "π =", display: "3.1415926536"),
    .init(keys: "M cos π →M ⌫", description: "cos(M) =", display: "-1"),
    .init(keys: "M sin + M = ÷ M =", description: "(sin(M) + M) ÷ M =", display: "", error: .divisionByZero),
    .init(keys: "M sin + M = / M = pi / 2 = sto undo undo undo undo", description: "(sin(M) + M) ÷ M =", display: "1.6366197724"),
    .init(keys: "1 + 2 × 3 =", description: "(1 + 2) × 3 =", display: "9"),
    .init(keys: "1 + 2 + 3 =", description: "1 + 2 + 3 =", display: "6"),
    .init(keys: "4 + 5 = x²", description: "(4 + 5)² =", display: "81"),
    .init(keys: "1 + 3 = x⁻¹", description: "(1 + 3)⁻¹ =", display: "0.25"),
    .init(keys: "7 x²", description: "7² =", display: "49"),
    .init(keys: "9 ± √", description: "√(-9) =", display: "", error: .squareRootOfNegative),
]

func run(_ keys: String) -> CalculatorController {
    var controller = CalculatorController()
    guard case .success(let parsed) = KeyTokens.parse(keys) else { Issue.record("bad keys \(keys)"); return controller }
    for key in parsed { controller.press(key) }
    return controller
}

@Suite struct SeedExampleTests {
    @Test(arguments: seedExamples)
    func controllerReproducesTheSeed(_ example: SeedExample) {
        let controller = run(example.keys)
        #expect(controller.description == example.description)
        #expect(controller.display == example.display)
        #expect(controller.error == example.error)
    }
}

/// What the controller said of the last key: why it was refused, else the math error shown. Values; the
/// screen words them (Kiosk's `ShownReadouts`, in its locale).
enum Said: Equatable {
    case refusal(Refusal)
    case error(CalculatorError)
}

extension CalculatorController {
    var said: Said? { refusal.map(Said.refusal) ?? error.map(Said.error) }
}
