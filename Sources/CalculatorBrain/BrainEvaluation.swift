/// `CalculatorBrain.evaluateWithError(using:)` kept up to date while a program grows and shrinks,
/// for a controller that asks after every key.
///
/// Replaying the whole program after each key makes n keys cost n² steps. This keeps the walk after the
/// last step and its tape, and a copy of the walk every `checkpointSpacing` steps (with the tape's length
/// there): a new step costs one step, an undo at most `checkpointSpacing` steps. New variables cost one
/// pass over the tape's values from its first variable on, never a walk: descriptions do not read them.
public struct BrainEvaluation: Sendable {
    static let checkpointSpacing = 32

    private var tape: ProgramTape
    private var walker = ProgramWalker()
    /// The walk after 0, spacing, 2·spacing, … steps, and the tape's length then.
    private var checkpoints: [(walker: ProgramWalker, nodeCount: Int)]
    public private(set) var stepCount = 0
    /// Steps walked and nodes valued so far: the work the cost tests count, since seconds are no measure.
    public private(set) var work = 0

    /// `exactVariables` are the exact values of those variables that have one (M after →M of 1/3).
    public init(program: [ProgramStep] = [], variables: [String: Double]?, exactVariables: [String: ExactValue] = [:],
                provedVariables: [String: ProvedReal] = [:]) {
        tape = ProgramTape(variables: variables, exactVariables: exactVariables, provedVariables: provedVariables)
        checkpoints = [(walker, 0)]
        for step in program { append(step) }
        prove()
    }

    /// What the real number shown is proved to be (nil before an operand, or where the walk found an error):
    /// worked out once per change of the program or its variables, since each readout asks for it.
    public private(set) var shownProof: ProvedResult?
    /// The real number shown as far as `shownProof` proved it: what →M keeps.
    public private(set) var shownReal: ProvedReal?

    private mutating func prove() {
        guard let node = walker.shown?.node, tape.errors[node] == nil else { (shownProof, shownReal) = (nil, nil); return }
        let proved = tape.provedBall(of: node)
        (shownProof, shownReal) = (proved.result, ProvedReal(proved.ball))
    }

    public var variables: [String: Double]? { tape.variables }
    public var exactVariables: [String: ExactValue] { tape.exactVariables }

    /// The rounds of the exact rules' loops so far (`ExactArithmetic`): at most `exactWorkPerNode` per node valued.
    public var exactWork: Int { tape.exactWork }
    public static let exactWorkPerNode = ExactArithmetic.workPerNode

    /// Follows `program`, which must be this evaluation's program with steps added or removed at its end.
    public mutating func follow(_ program: [ProgramStep]) {
        if program.count < stepCount {
            let kept = program.count / Self.checkpointSpacing
            checkpoints.removeSubrange((kept + 1)...)
            (walker, _) = checkpoints[kept]
            tape.truncate(to: checkpoints[kept].nodeCount)
            stepCount = kept * Self.checkpointSpacing
        }
        while stepCount < program.count { append(program[stepCount]) }
        prove()
    }

    private mutating func append(_ step: ProgramStep) {
        walker.apply(step, on: &tape)
        stepCount += 1
        work += 1
        if stepCount % Self.checkpointSpacing == 0 { checkpoints.append((walker, tape.count)) }
    }

    /// The same program under other variables (→M): its values again, its walk as it was.
    public mutating func revalue(using variables: [String: Double]?, exactly exactVariables: [String: ExactValue] = [:],
                                 proved provedVariables: [String: ProvedReal] = [:]) {
        work += tape.revalue(using: variables, exactly: exactVariables, proved: provedVariables)
        prove()
    }

    /// Whether `step` would change anything after this program (`CalculatorBrain.changes`).
    public func changes(_ step: ProgramStep) -> Bool { walker.changes(step) }

    /// A result stands and nothing waits: the next operand starts a new program.
    public var isFinished: Bool { walker.isFinished }

    public var readouts: (result: Double?, isPending: Bool, description: String, error: CalculatorError?) {
        Self.readouts(of: walker, on: tape)
    }

    public var hasOperand: Bool { walker.shown != nil }

    /// How many "(" wait for their ")".
    public var openGroups: Int { walker.groups.count }

    /// The exact value of what the display shows, when one is known (`readouts`' result is its Double).
    public var exactResult: ExactValue? { walker.shown.flatMap { tape.exacts[$0.node] } }

    /// What the graph key freezes: the accumulator's expression and the description, from what this
    /// evaluation has built (no walk); nil while an operation waits, or before any operand.
    /// Costs the nodes the accumulator reaches, at most the program's length.
    public mutating func graphed() -> (expression: Expression, description: String)? {
        guard !walker.isPending, let root = walker.accumulator?.node else { return nil }
        let expression = tape.expression(root: root)
        work += expression.nodes.count
        return (expression, walker.description.text)
    }

    static func readouts(of walker: ProgramWalker, on tape: ProgramTape)
        -> (result: Double?, isPending: Bool, description: String, error: CalculatorError?)
    {
        let shown = walker.shown
        return (shown.map { tape.values[$0.node] }, walker.isPending, walker.description.text,
                shown.flatMap { tape.errors[$0.node] })
    }
}
