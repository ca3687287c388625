import CalculatorBrain

/// Every key of the calculator: what the keypad shows and what `calx keys` accepts.
public enum CalculatorKey: Hashable, Sendable {
    case digit(Int)
    case point
    case unary(UnaryFunction)
    case binary(BinaryFunction)
    /// π, e
    case constant(String)
    case random
    case equals
    /// "(" and ")": a group computed on its own, whose value is an operand, as on a TI-30.
    case openGroup
    case closeGroup
    case clear
    /// Backspace while typing, undo otherwise.
    case undo
    /// →M
    case storeMemory
    /// M
    case memory
    /// →A: stores the display in A, the graphs' parameter.
    case storeParameter
    /// A: the parameter a curve may use beside M (1 until →A).
    case parameter
    case graph
    /// DRG: radians ⇄ degrees.
    case toggleAngleMode
    /// Sets the angle mode ("deg", "rad").
    case angleMode(AngleMode)
    /// EE: what is typed next is the power of ten ("6.02 EE 23" is 6.02e+23).
    case exponent
    /// Uses a history entry's value as an operand; 0 is the newest.
    case history(Int)
    /// 2nd: the keypad's other page (the screen's own key; the controller ignores it).
    case secondPage
    /// Opens the history list over the keypad (the screen's own key; the controller ignores it).
    case historyList

    /// The label on the key; also the brain's operation name for operations.
    public var label: String {
        switch self {
        case .digit(let d): return String(d)
        case .point: return "."
        case .unary(let f): return f.rawValue
        case .binary(let f): return f.rawValue
        case .constant(let name): return name
        case .random: return "Rand"
        case .equals: return "="
        case .openGroup: return "("
        case .closeGroup: return ")"
        case .clear: return "C"
        case .undo: return "⌫"
        case .storeMemory: return "→M"
        case .memory: return "M"
        case .storeParameter: return "→A"
        case .parameter: return "A"
        case .graph: return "graph"
        case .toggleAngleMode: return "DRG"
        case .angleMode(let mode): return mode == .degrees ? "DEG" : "RAD"
        case .exponent: return "EE"
        case .history(let index): return "ans\(index + 1)"
        case .secondPage: return "2nd"
        case .historyList: return "Hist"
        }
    }

    /// ASCII spellings accepted beside the labels.
    static let aliases: [String: CalculatorKey] = [
        "-": .binary(.subtract), "*": .binary(.multiply), "/": .binary(.divide), "pow": .binary(.power),
        "sqrt": .unary(.squareRoot), "cbrt": .unary(.cubeRoot), "sq": .unary(.square), "cube": .unary(.cube),
        "inv": .unary(.reciprocal), "neg": .unary(.negate), "pct": .unary(.percent),
        "asin": .unary(.arcSine), "acos": .unary(.arcCosine), "atan": .unary(.arcTangent),
        "log": .unary(.commonLog), "exp": .unary(.exponential), "exp10": .unary(.powerOfTen),
        "pi": .constant("π"), "rand": .random, "undo": .undo, "sto": .storeMemory,
        "drg": .toggleAngleMode, "deg": .angleMode(.degrees), "rad": .angleMode(.radians), "ee": .exponent,
        "ans": .history(0), "a": .parameter, ">a": .storeParameter,
    ]

    /// Every controller key on the keypad's two pages once, in no particular order.
    public static let all: [CalculatorKey] =
        (0...9).map { .digit($0) } + [.point]
        + UnaryFunction.keyFunctions.map { .unary($0) } + BinaryFunction.allCases.map { .binary($0) }
        + [.constant("π"), .constant("e"), .random, .equals, .openGroup, .closeGroup, .clear, .undo, .storeMemory, .memory,
           .storeParameter, .parameter, .graph,
           .toggleAngleMode, .exponent]

    /// Keys the screen handles itself: the keypad has them, `calx keys` does not (they change no calculation).
    public static let screenOnly: [CalculatorKey] = [.secondPage, .historyList]

    /// Keys that `calx keys` and keyboards reach but no keypad key is (the history list reaches `history`).
    public static let offKeypad: [CalculatorKey] =
        [.angleMode(.degrees), .angleMode(.radians)] + (0..<CalculatorHistory.capacity).map { .history($0) }

    /// Every label and alias, for one lookup per token however long the text.
    private static let byToken: [String: CalculatorKey] = {
        var table = aliases
        for key in all + offKeypad { table[key.label] = key }
        return table
    }()

    /// A key by its label or ASCII alias; nil if there is none.
    public init?(token: String) {
        guard let key = CalculatorKey.byToken[token] else { return nil }
        self = key
    }

    /// A key of the keypad's two pages by the name an exhibit's settings give it (`disable=rand hist`): its
    /// label or an ASCII alias in any case, 2nd and Hist among them; nil for a key no keypad has.
    public init?(keypadName name: String) {
        let wanted = name.lowercased()
        let keypad = CalculatorKey.all + CalculatorKey.screenOnly
        let named = keypad.first { $0.label.lowercased() == wanted }
            ?? CalculatorKey.aliases.first { $0.key.lowercased() == wanted && keypad.contains($0.value) }?.value
        guard let named else { return nil }
        self = named
    }
}
