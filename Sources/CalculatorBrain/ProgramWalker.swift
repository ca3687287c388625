/// Replays a program with CS193P's immediate execution ("1 + 2 × 3 =" is 9),
/// building the value, the description and the expression tree of the accumulator together,
/// so that what is shown, what is computed and what is graphed can never disagree.
struct ProgramWalker {
    /// One computed operand: its value, how it reads, what it is, and the first error on its way.
    struct Term {
        var value: Double
        var text: String
        var expression: Expression
        /// Lower binds looser; atoms and function calls are `Int.max`.
        var precedence: Int
        var error: CalculatorError?
        /// A bare negative number, which needs parentheses before a postfix operator.
        var isNegativeLiteral = false
    }

    struct Pending {
        var function: BinaryFunction
        var first: Term
    }

    let variables: [String: Double]
    private(set) var accumulator: Term?
    private(set) var pending: Pending?

    init(variables: [String: Double]?) {
        self.variables = variables ?? [:]
    }

    mutating func replay(_ program: [ProgramStep]) {
        for step in program { apply(step) }
    }

    mutating func apply(_ step: ProgramStep) {
        switch step {
        case .operand(let value):
            accumulator = Term(value: value, text: CalculatorNumberFormat.string(value), expression: .constant(value),
                               precedence: .max, isNegativeLiteral: value < 0)
        case .variable(let name):
            accumulator = Term(value: variables[name] ?? 0, text: name, expression: .variable(name), precedence: .max)
        case .random(let value):
            accumulator = Term(value: value, text: "Rand", expression: .constant(value), precedence: .max)
        case .operation(let name):
            guard let operation = Operation.table[name] else { return }
            perform(operation, named: name)
        }
    }

    private mutating func perform(_ operation: Operation, named name: String) {
        switch operation {
        case .constant(let value):
            accumulator = Term(value: value, text: name, expression: .constant(value), precedence: .max)
        case .random:
            break // a recorded Rand is a `.random` step; a bare name has no value to replay
        case .unary(let function):
            guard let operand = accumulator else { return }
            accumulator = Self.apply(function, to: operand)
        case .binary(let function):
            performPending()
            guard let first = accumulator else { return }
            pending = Pending(function: function, first: first)
            accumulator = nil
        case .equals:
            performPending()
        }
    }

    private mutating func performPending() {
        guard let pending else { return }
        // "7 + =" repeats the first operand, as pocket calculators do.
        let second = accumulator ?? pending.first
        accumulator = Self.apply(pending.function, pending.first, second)
        self.pending = nil
    }

    static func apply(_ function: UnaryFunction, to operand: Term) -> Term {
        let value = function.apply(operand.value)
        let error = operand.error ?? CalculatorError.check(function, operand.value)
            ?? CalculatorError.check(result: value, operandsFinite: operand.value.isFinite)
        return Term(value: value, text: describe(function, operand), expression: .unary(function, operand.expression),
                    precedence: .max, error: error)
    }

    static func apply(_ function: BinaryFunction, _ lhs: Term, _ rhs: Term) -> Term {
        let value = function.apply(lhs.value, rhs.value)
        let error = lhs.error ?? rhs.error ?? CalculatorError.check(function, lhs.value, rhs.value)
            ?? CalculatorError.check(result: value, operandsFinite: lhs.value.isFinite && rhs.value.isFinite)
        let p = function.precedence
        let left = lhs.precedence < p || (function == .power && lhs.isNegativeLiteral) ? "(\(lhs.text))" : lhs.text
        // Right operands of − ÷ xʸ group to the right only with parentheses.
        let right = rhs.precedence <= p && rhs.precedence != .max ? "(\(rhs.text))" : rhs.text
        let symbol = function == .power ? "^" : " \(function.rawValue) "
        return Term(value: value, text: left + symbol + right, expression: .binary(function, lhs.expression, rhs.expression),
                    precedence: p, error: error)
    }

    static func describe(_ function: UnaryFunction, _ operand: Term) -> String {
        let needsGroup = operand.precedence != .max || operand.isNegativeLiteral
        let grouped = needsGroup ? "(\(operand.text))" : operand.text
        switch function {
        case .square: return grouped + "²"
        case .cube: return grouped + "³"
        case .reciprocal: return grouped + "⁻¹"
        case .percent: return grouped + "%"
        case .negate: return "-(\(operand.text))"
        case .exponential: return "e^(\(operand.text))"
        case .powerOfTen: return "10^(\(operand.text))"
        default: return "\(function.rawValue)(\(operand.text))"
        }
    }

    /// What the description shows: the pending operation with what is typed so far after it.
    var description: String {
        if let pending {
            let first = pending.first.precedence < pending.function.precedence ? "(\(pending.first.text))" : pending.first.text
            let symbol = pending.function == .power ? "^" : " \(pending.function.rawValue)"
            guard let second = accumulator else { return first + symbol }
            return first + symbol + (pending.function == .power ? "" : " ") + second.text
        }
        return accumulator?.text ?? ""
    }
}
