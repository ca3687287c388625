/// The calculator's model: a recorded program of operands, variables and operations,
/// replayed by a pure `evaluate(using:)`.
public struct CalculatorBrain: Equatable, Sendable {
    public private(set) var program: [ProgramStep] = []

    public init() {}

    public init(program: [ProgramStep]) {
        self.program = program
    }

    public mutating func setOperand(_ operand: Double) {
        program.append(.operand(operand))
    }

    public mutating func setOperand(variable named: String) {
        program.append(.variable(named))
    }

    /// Unknown names are ignored. Rand draws its value now and records it.
    public mutating func performOperation(_ symbol: String) {
        guard let operation = Operation.table[symbol] else { return }
        if case .random = operation {
            program.append(.random(Double.random(in: 0..<1)))
        } else {
            program.append(.operation(symbol))
        }
    }

    /// Rand with a value chosen by the caller (tests, replays).
    public mutating func performRandom(value: Double) {
        program.append(.random(value))
    }

    public mutating func undo() {
        if !program.isEmpty { program.removeLast() }
    }

    public mutating func clear() {
        program = []
    }

    /// The accumulator's value (nil before any operand), whether a binary operation waits,
    /// and the description. A variable missing from `variables` is 0. The trig keys read `angleMode`.
    public func evaluate(using variables: [String: Double]? = nil, angleMode: AngleMode = .radians)
        -> (result: Double?, isPending: Bool, description: String)
    {
        let e = evaluateWithError(using: variables, angleMode: angleMode)
        return (e.result, e.isPending, e.description)
    }

    /// `evaluate(using:)` plus the first math error on the way to the result.
    public func evaluateWithError(using variables: [String: Double]? = nil, angleMode: AngleMode = .radians)
        -> (result: Double?, isPending: Bool, description: String, error: CalculatorError?)
    {
        var walker = ProgramWalker(variables: variables, angleMode: angleMode)
        walker.replay(program)
        return BrainEvaluation.readouts(of: walker)
    }

    /// The accumulator as an expression with variables left symbolic: what a graph of the program draws.
    /// In degrees its trig nodes are the degree functions (sin°), so the graph reads degrees too.
    public func expression(angleMode: AngleMode = .radians) -> Expression? {
        var walker = ProgramWalker(variables: nil, angleMode: angleMode, buildsExpression: true)
        walker.replay(program)
        return walker.expression()
    }

    /// What the graph key freezes, from one walk: the accumulator's expression and its description.
    /// nil while an operation waits for its second operand, or before any operand.
    public func graphed(angleMode: AngleMode = .radians) -> (expression: Expression, description: String)? {
        var walker = ProgramWalker(variables: nil, angleMode: angleMode, buildsExpression: true)
        walker.replay(program)
        guard walker.pending == nil, let expression = walker.expression() else { return nil }
        return (expression, walker.description.text)
    }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var result: Double? { evaluate().result }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var description: String { evaluate().description }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var resultIsPending: Bool { evaluate().isPending }
}
