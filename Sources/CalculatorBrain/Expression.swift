/// The tree a program computes, with variables left symbolic.
/// The brain builds it by walking its program; the compiled evaluator and the
/// interval enclosure both start from it, so all of them agree on the meaning of a program.
public indirect enum Expression: Equatable, Sendable {
    case constant(Double)
    case variable(String)
    case unary(UnaryFunction, Expression)
    case binary(BinaryFunction, Expression, Expression)

    /// Plain recursive evaluation: the reference the faster evaluators are tested against.
    public func value(using variables: [String: Double]) -> Double {
        switch self {
        case .constant(let value): return value
        case .variable(let name): return variables[name] ?? 0
        case .unary(let function, let operand): return function.apply(operand.value(using: variables))
        case .binary(let function, let lhs, let rhs):
            return function.apply(lhs.value(using: variables), rhs.value(using: variables))
        }
    }
}
