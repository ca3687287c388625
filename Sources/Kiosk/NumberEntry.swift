import Locales
import Calculator
import CalculatorBrain

/// A number a graph tool asks for (its x, a table's step, an integral's bounds), typed on the keypad.
/// The keys go to a calculator of its own, which starts with the visitor's M and angle mode: digits, EE,
/// ±, π, and whole expressions ("π ÷ 4 =") work as they do on the calculator, bounded as they are there.
/// = uses the result; C on an entry with nothing in it gives up.
struct NumberEntry: Equatable {
    enum Outcome: Equatable {
        case typing
        case accepted(Double)
        case cancelled
    }
    let field: GraphTools.Field
    private(set) var calculator: CalculatorController
    /// The graph was pushed over the calculator when the entry began: it comes back when the entry ends.
    let returnsToGraph: Bool

    init(field: GraphTools.Field, memory: [String: Double]?, parameter: Double? = nil, angleMode: AngleMode, returnsToGraph: Bool) {
        self.field = field
        self.returnsToGraph = returnsToGraph
        let seed = CalculatorController.State(memory: memory, parameter: parameter, angleMode: angleMode)
        calculator = (try? CalculatorController(restoring: seed)) ?? CalculatorController()
    }

    /// One key. The graph key, →M, →A and the history list are not the entry's (they would change the
    /// calculator's own state, or leave the entry); they do nothing.
    mutating func press(_ key: CalculatorKey) -> Outcome {
        switch key {
        case .graph, .storeMemory, .storeParameter, .historyList, .history, .secondPage:
            return .typing
        case .clear where calculator.brain.program.isEmpty && calculator.typing == nil:
            return .cancelled
        case .equals:
            calculator.press(.equals)
            // The entry's calculator keeps no older results: a result "=" recorded is this one.
            guard calculator.error == nil, let value = calculator.history.entries.first?.value, value.isFinite else {
                return .typing
            }
            return .accepted(value)
        default:
            calculator.press(key)
            return .typing
        }
    }

    /// What the display strip shows while typing, in the locale's numbers: what is asked for, then what is typed.
    func readout(locale: CalxLocale) -> ReadoutView.Content {
        var shown = ShownReadouts(calculator.readouts, locale: locale)
        shown.description = shown.description.isEmpty ? field.prompt(locale) : field.name(locale) + " = " + shown.description
        return ReadoutView.Content(shown)
    }
}

extension GraphTools.Field {
    /// How the field is named on its key and in the display strip, in the locale.
    func name(_ locale: CalxLocale) -> String {
        switch self {
        case .x: "x"
        case .step: locale[.stepField]
        case .from: locale[.fromField]
        case .to: locale[.toField]
        }
    }

    /// What the display strip asks while nothing is typed.
    func prompt(_ locale: CalxLocale) -> String {
        switch self {
        case .x: locale[.xPrompt]
        case .step: locale[.stepPrompt]
        case .from: locale[.fromPrompt]
        case .to: locale[.toPrompt]
        }
    }
}
