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

    /// Records `step` as it is (the controller decides which steps its keys record).
    public mutating func append(_ step: ProgramStep) {
        program.append(step)
    }

    public mutating func undo() {
        if !program.isEmpty { program.removeLast() }
    }

    public mutating func clear() {
        program = []
    }

    /// The accumulator's value (nil before any operand), whether a binary operation waits,
    /// and the description. A variable missing from `variables` is 0. Each trig step is in the angle mode
    /// it was pressed in: the program records sin° for the sin key in degrees.
    public func evaluate(using variables: [String: Double]? = nil)
        -> (result: Double?, isPending: Bool, description: String)
    {
        let e = evaluateWithError(using: variables)
        return (e.result, e.isPending, e.description)
    }

    /// `evaluate(using:)` plus the first math error on the way to the result.
    public func evaluateWithError(using variables: [String: Double]? = nil)
        -> (result: Double?, isPending: Bool, description: String, error: CalculatorError?)
    {
        let (walker, tape) = walk(variables: variables)
        return BrainEvaluation.readouts(of: walker, on: tape)
    }

    /// The exact value of what `evaluate(using:)` shows, when one is known: its result is then this value's
    /// Double. `exactVariables` holds the exact values of those variables that have one.
    public func exactValue(using variables: [String: Double]? = nil, exactVariables: [String: ExactValue] = [:]) -> ExactValue? {
        BrainEvaluation(program: program, variables: variables, exactVariables: exactVariables).exactResult
    }

    /// The accumulator as an expression with variables left symbolic: what a graph of the program draws.
    public func expression() -> Expression? {
        let (walker, tape) = walk(variables: nil)
        return walker.shown.map { tape.expression(root: $0.node) }
    }

    /// What the graph key freezes, from one walk: the accumulator's expression and its description.
    /// nil while an operation waits for its second operand, or before any operand.
    public func graphed() -> (expression: Expression, description: String)? {
        var evaluation = BrainEvaluation(program: program, variables: nil)
        return evaluation.graphed()
    }

    private func walk(variables: [String: Double]?) -> (ProgramWalker, ProgramTape) {
        var walker = ProgramWalker()
        var tape = ProgramTape(variables: variables)
        for step in program { walker.apply(step, on: &tape) }
        return (walker, tape)
    }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var result: Double? { evaluate().result }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var description: String { evaluate().description }

    @available(*, deprecated, message: "use evaluate(using:)")
    public var resultIsPending: Bool { evaluate().isPending }
}
