/// Replays a program with CS193P's immediate execution ("1 + 2 × 3 =" is 9),
/// building the value, the description and the expression of the accumulator together,
/// so that what is shown, what is computed and what is graphed can never disagree.
///
/// Every step costs a bounded amount of work (descriptions are `DescriptionText`, expressions
/// share their nodes), so replaying a program costs time and memory linear in its length.
struct ProgramWalker: Sendable {
    /// One computed operand: its value, how it reads, what it is, and the first error on its way.
    struct Term: Sendable {
        var value: Double
        var text: DescriptionText
        /// Its node in `builder`; nil when the walker builds no expression.
        var node: Int?
        var precedence: Int
        var error: CalculatorError?
        /// Reads with a leading minus ("-2", "-(M)"): grouped before a postfix, a power or as a right operand.
        var startsWithMinus = false
    }

    struct Pending: Sendable {
        var function: BinaryFunction
        var first: Term
    }

    /// Binding strengths of what a text ends with; lower binds looser.
    enum Precedence {
        static let postfix = 3 // x², x³, x⁻¹, %
        static let atom = Int.max // numbers, names, f(…)
    }

    let variables: [String: Double]
    /// Which functions the trig keys mean: sin or sin°.
    let angleMode: AngleMode
    private(set) var accumulator: Term?
    private(set) var pending: Pending?
    /// The expression nodes of every term so far, when asked for.
    private(set) var builder: ExpressionBuilder?

    init(variables: [String: Double]?, angleMode: AngleMode = .radians, buildsExpression: Bool = false) {
        self.variables = variables ?? [:]
        self.angleMode = angleMode
        builder = buildsExpression ? ExpressionBuilder() : nil
    }

    mutating func replay(_ program: [ProgramStep]) {
        for step in program { apply(step) }
    }

    mutating func apply(_ step: ProgramStep) {
        switch step {
        case .operand(let value):
            accumulator = Term(value: value, text: DescriptionText(CalculatorNumberFormat.string(value)),
                               node: node(.constant(value)), precedence: Precedence.atom,
                               startsWithMinus: value < 0 && CalculatorNumberFormat.string(value).hasPrefix("-"))
        case .variable(let name):
            accumulator = Term(value: variables[name] ?? 0, text: DescriptionText(name), node: node(.variable(name)),
                               precedence: Precedence.atom)
        case .random(let value):
            accumulator = Term(value: value, text: DescriptionText("Rand"), node: node(.constant(value)),
                               precedence: Precedence.atom)
        case .operation(let name):
            guard let operation = Operation.table[name] else { return }
            perform(operation, named: name)
        }
    }

    /// The accumulator's expression (or the pending operand's), with variables symbolic.
    func expression() -> Expression? {
        guard let builder, let index = (accumulator ?? pending?.first)?.node else { return nil }
        return builder.expression(root: index)
    }

    private mutating func node(_ node: Expression.Node) -> Int? {
        builder?.add(node)
    }

    private mutating func perform(_ operation: Operation, named name: String) {
        switch operation {
        case .constant(let value):
            accumulator = Term(value: value, text: DescriptionText(name), node: node(.constant(value)),
                               precedence: Precedence.atom)
        case .random:
            break // a recorded Rand is a `.random` step; a bare name has no value to replay
        case .unary(let function):
            guard let operand = accumulator else { return }
            accumulator = apply(function, to: operand)
        case .binary(let function):
            if accumulator == nil, pending != nil {
                // "5 × −": the second operator replaces the first, as on a pocket calculator.
                pending?.function = function
                return
            }
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
        accumulator = apply(pending.function, pending.first, second)
        self.pending = nil
    }

    /// The description reads as the key was pressed ("sin(30)"); value and expression use the
    /// function the angle mode means.
    private mutating func apply(_ key: UnaryFunction, to operand: Term) -> Term {
        let function = key.inAngleMode(angleMode)
        let value = function.apply(operand.value)
        let error = operand.error ?? CalculatorError.check(function, operand.value)
            ?? CalculatorError.check(result: value, operandsFinite: operand.value.isFinite)
        var term = Self.describe(key, operand)
        term.value = value
        term.error = error
        if let a = operand.node { term.node = node(.unary(function, a)) }
        return term
    }

    private mutating func apply(_ function: BinaryFunction, _ lhs: Term, _ rhs: Term) -> Term {
        let value = function.apply(lhs.value, rhs.value)
        let error = lhs.error ?? rhs.error ?? CalculatorError.check(function, lhs.value, rhs.value)
            ?? CalculatorError.check(result: value, operandsFinite: lhs.value.isFinite && rhs.value.isFinite)
        var expressionNode: Int?
        if let a = lhs.node, let b = rhs.node { expressionNode = node(.binary(function, a, b)) }
        let left = Self.leftText(lhs, of: function)
        return Term(value: value, text: left + Self.symbol(function) + Self.rightText(rhs, of: function),
                    node: expressionNode, precedence: function.precedence, error: error,
                    startsWithMinus: lhs.startsWithMinus && !left.text.hasPrefix("("))
    }

    /// The left operand of `function` as it must read: grouped when it binds looser, and before a
    /// power also when it binds equally (xʸ groups to the right) or starts with a minus (-2^2 is -4).
    static func leftText(_ lhs: Term, of function: BinaryFunction) -> DescriptionText {
        let p = function.precedence
        let grouped = lhs.precedence < p
            || (function == .power && (lhs.precedence == p || lhs.startsWithMinus))
        return grouped ? "(" + lhs.text + ")" : lhs.text
    }

    /// The right operand: grouped when it binds no tighter than `function` (1 − (2 − 3)) or starts
    /// with a minus (8 − (-2)).
    static func rightText(_ rhs: Term, of function: BinaryFunction) -> DescriptionText {
        let grouped = (rhs.precedence <= function.precedence && rhs.precedence != Precedence.atom) || rhs.startsWithMinus
        return grouped ? "(" + rhs.text + ")" : rhs.text
    }

    static func symbol(_ function: BinaryFunction) -> String {
        function == .power ? "^" : " \(function.rawValue) "
    }

    /// The text, precedence and sign of `function` applied to `operand`.
    static func describe(_ function: UnaryFunction, _ operand: Term) -> Term {
        func term(_ text: DescriptionText, _ precedence: Int, minus: Bool = false) -> Term {
            Term(value: 0, text: text, node: nil, precedence: precedence, startsWithMinus: minus)
        }
        let needsGroup = operand.precedence != Precedence.atom || operand.startsWithMinus
        let grouped = needsGroup ? "(" + operand.text + ")" : operand.text
        switch function {
        case .square: return term(grouped + "²", Precedence.postfix)
        case .cube: return term(grouped + "³", Precedence.postfix)
        case .reciprocal: return term(grouped + "⁻¹", Precedence.postfix)
        case .percent: return term(grouped + "%", Precedence.postfix)
        case .negate: return term("-(" + operand.text + ")", Precedence.atom, minus: true)
        case .exponential: return term("e^(" + operand.text + ")", BinaryFunction.power.precedence)
        case .powerOfTen: return term("10^(" + operand.text + ")", BinaryFunction.power.precedence)
        default: return term("\(function.rawValue)(" + operand.text + ")", Precedence.atom)
        }
    }

    /// What the description shows: the pending operation with what is typed so far after it.
    var description: DescriptionText {
        if let pending {
            let first = Self.leftText(pending.first, of: pending.function)
            let symbol = pending.function == .power ? "^" : " \(pending.function.rawValue)"
            guard let second = accumulator else { return first + symbol }
            return first + symbol + (pending.function == .power ? "" : " ") + Self.rightText(second, of: pending.function)
        }
        return accumulator?.text ?? DescriptionText("")
    }
}
