import Calculator
import CalculatorBrain
import Kiosk
import Locales

/// What `calx value`, `calx table` and `calx integral` share: one TOKENS argument, numbers given by flags
/// (every one required), `--set A=VALUE` before the keys, and the curves the tokens graph, oldest first, by the screen's rules (the same
/// program twice is one curve, at most six).
struct GraphToolArguments {
    var graphs: [GraphRequest]
    var numbers: [String: Double]

    /// A flag's number: what it accepts (for the message) and whether a value is one.
    struct Number: Sendable {
        var accepts: String
        var parse: @Sendable (String) -> Double?

        static let finite = Number(accepts: "a finite number (at most 1e15 in size)") {
            Double($0).flatMap { $0.isFinite && abs($0) <= 1e15 ? $0 : nil }
        }
    }

    /// Why nothing was graphed: the graph key's own refusal, as `calx keys` words it, when it was pressed.
    static func nothingGraphed(_ refusal: Refusal?) -> String {
        guard let refusal else { return "nothing graphed (press graph in TOKENS, e.g. \"M sin graph\")" }
        return "nothing graphed: the graph key in TOKENS was refused: \(CalxLocale.english.words(for: refusal))"
    }

    /// Reads `arguments`; a refusal names the option and what it accepts.
    init(_ arguments: [String], flags: [(flag: String, number: Number)]) throws(OptionProblem) {
        var tokens: String?
        var numbers: [String: Double] = [:]
        var parameter: ParameterSetting?
        var reader = OptionReader(arguments)
        while let argument = reader.next() {
            if let wanted = flags.first(where: { $0.flag == argument }) {
                numbers[argument] = try reader.value(of: argument, accepts: wanted.number.accepts, wanted.number.parse)
            } else if argument == ParameterSetting.flag {
                parameter = try reader.value(of: argument, accepts: ParameterSetting.accepted, ParameterSetting.init)
            } else {
                try KeyTokensArgument.take(argument, into: &tokens)
            }
        }
        for wanted in flags where numbers[wanted.flag] == nil {
            throw OptionProblem("\(wanted.flag) is required: \(wanted.number.accepts)")
        }
        let keys = try KeyTokensArgument.parse(tokens ?? "", name: "TOKENS").get()
        var controller = CalculatorController()
        parameter?.apply(to: &controller)
        var curves = GraphedCurves()
        var refusedGraph: Refusal?
        for key in keys {
            if let graph = controller.press(key) { curves.add(graph) } else if key == .graph { refusedGraph = controller.refusal }
        }
        guard !curves.isEmpty else { throw OptionProblem(Self.nothingGraphed(refusedGraph)) }
        graphs = curves.curves.map(\.program)
        self.numbers = numbers
    }

    /// A curve's value as the display writes numbers; "undefined" where it is none (a pole, a domain gap).
    static func text(_ value: Double?) -> String {
        value.map(CalculatorNumberFormat.string) ?? "undefined"
    }
}
