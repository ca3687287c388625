/// One recorded input of a program: what `evaluate(using:)` replays.
public enum ProgramStep: Equatable, Sendable {
    /// A number known only as a Double: a result recalled without an exact value, a program of an older file.
    case operand(Double)
    /// A number known exactly: typed digits (0.1 is 1/10), or a result recalled with its exact value.
    case exactOperand(ExactValue)
    case variable(String)
    /// An operation by its name: a key's label, or a degree function's (sin° is the sin key in degrees).
    case operation(String)
    /// Rand, with the value it drew when pressed, so every replay sees the same number.
    case random(Double)

    /// Whether the step puts a new operand in the accumulator: a number, a variable, a constant or a Rand,
    /// or a "(" whose group will be one.
    public var isOperand: Bool {
        switch self {
        case .operand, .exactOperand, .variable, .random: return true
        case .operation(let name):
            switch Operation.table[name] {
            case .constant, .openGroup: return true
            default: return false
            }
        }
    }
}
