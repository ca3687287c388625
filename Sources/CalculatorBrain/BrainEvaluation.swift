/// `CalculatorBrain.evaluateWithError(using:)` kept up to date while a program grows and shrinks,
/// for a controller that asks after every key.
///
/// Replaying the whole program after each key makes n keys cost n² steps. This keeps the walk
/// after the last step, and a copy every `checkpointSpacing` steps: a new step costs one step,
/// an undo at most `checkpointSpacing` steps.
public struct BrainEvaluation: Sendable {
    static let checkpointSpacing = 32

    public let variables: [String: Double]?
    public let angleMode: AngleMode
    /// The walk after 0, spacing, 2·spacing, … steps.
    private var checkpoints: [ProgramWalker]
    private var walker: ProgramWalker
    public private(set) var stepCount = 0

    public init(program: [ProgramStep] = [], variables: [String: Double]?, angleMode: AngleMode = .radians) {
        self.variables = variables
        self.angleMode = angleMode
        walker = ProgramWalker(variables: variables, angleMode: angleMode)
        checkpoints = [walker]
        for step in program { append(step) }
    }

    /// Follows `program`, which must be this evaluation's program with steps added or removed at its end.
    public mutating func follow(_ program: [ProgramStep]) {
        if program.count < stepCount {
            let kept = program.count / Self.checkpointSpacing
            checkpoints.removeSubrange((kept + 1)...)
            walker = checkpoints[kept]
            stepCount = kept * Self.checkpointSpacing
        }
        while stepCount < program.count { append(program[stepCount]) }
    }

    private mutating func append(_ step: ProgramStep) {
        walker.apply(step)
        stepCount += 1
        if stepCount % Self.checkpointSpacing == 0 { checkpoints.append(walker) }
    }

    public var readouts: (result: Double?, isPending: Bool, description: String, error: CalculatorError?) {
        Self.readouts(of: walker)
    }

    public var hasOperand: Bool { walker.accumulator != nil || walker.pending != nil }

    static func readouts(of walker: ProgramWalker)
        -> (result: Double?, isPending: Bool, description: String, error: CalculatorError?)
    {
        let shown = walker.accumulator ?? walker.pending?.first
        return (shown?.value, walker.pending != nil, walker.description.text, shown?.error)
    }
}
