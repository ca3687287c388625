import CalculatorBrain

/// The programs the keys have made since C: the current one, evaluated as it grows, and the earlier
/// finished ones ⌫ can step back into. The one place the rules for recording a step live, for the keys
/// and for loading a saved state alike (`replaying`).
///
/// - A step that changes nothing (sin before any number, = with nothing waiting, + again after +) is not
///   recorded.
/// - An operand (a number, π, e, M, Rand, a history value) after a finished result starts a new program,
///   as on every calculator. CS193P's walk forgets the old accumulator there anyway, so no readout changes;
///   what changes is that the step bound counts the current program only, and that no key walks more.
/// - The earlier programs are kept with their evaluations, at most `earlierLimit` of them and
///   `maximumProgramLength` steps among them (the oldest go first). ⌫ that empties the current program
///   returns to the newest of them as it was, valued again under the M of now.
struct ProgramStack: Sendable {
    static let earlierLimit = 20
    static let maximumProgramLength = CalculatorBrain.maximumProgramLength

    private struct Earlier: Sendable {
        var brain: CalculatorBrain
        var evaluation: BrainEvaluation
        /// `variablesVersion` when `evaluation` was last valued.
        var valuedAt: Int
    }

    private(set) var current = CalculatorBrain()
    private var evaluation: BrainEvaluation
    /// Oldest first.
    private var earlierPrograms: [Earlier] = []
    private var earlierSteps = 0
    private(set) var variables: [String: Double]?
    /// The exact values of the variables that have one (M stored from 1/3).
    private(set) var exactVariables: [String: ExactValue] = [:]
    /// The proved values of the variables stored from a computed result (M after →M of tan near its pole).
    private(set) var provedVariables: [String: ProvedReal] = [:]
    /// Counts changes of `variables`: an earlier program valued under another count is valued again.
    private var variablesVersion = 0
    /// The work of evaluations no longer kept (and, after C, of the stack before it).
    var retiredWork = 0
    var retiredExactWork = 0

    init(variables: [String: Double]? = nil, exactVariables: [String: ExactValue] = [:], provedVariables: [String: ProvedReal] = [:]) {
        self.variables = variables
        self.exactVariables = exactVariables
        self.provedVariables = provedVariables
        evaluation = BrainEvaluation(variables: variables, exactVariables: exactVariables, provedVariables: provedVariables)
    }

    var earlier: [CalculatorBrain] { earlierPrograms.map(\.brain) }

    /// Steps walked and nodes valued by every evaluation here so far: what the cost tests count.
    var work: Int { earlierPrograms.reduce(retiredWork + evaluation.work) { $0 + $1.evaluation.work } }
    /// The rounds of the exact rules' loops in every evaluation here so far.
    var exactWork: Int { earlierPrograms.reduce(retiredExactWork + evaluation.exactWork) { $0 + $1.evaluation.exactWork } }

    enum Outcome: Equatable {
        case recorded
        /// Not recorded: it would change nothing.
        case changesNothing
        /// Not recorded: the program holds `maximumProgramLength` steps.
        case full
    }

    // MARK: Recording

    /// Records `typed` (the number being typed, committed) and then `step`, or neither when they do not fit.
    mutating func record(_ step: ProgramStep, committing typed: ProgramStep? = nil) -> Outcome {
        if typed == nil && !evaluation.changes(step) { return .changesNothing }
        let first = typed ?? step
        let startsNew = first.isOperand && evaluation.isFinished
        let count = (startsNew ? 0 : current.program.count) + (typed == nil ? 1 : 2)
        guard count <= Self.maximumProgramLength else { return .full }
        if let typed { _ = append(typed) }
        return append(step)
    }

    private mutating func append(_ step: ProgramStep) -> Outcome {
        if step.isOperand && evaluation.isFinished { startNewProgram() }
        guard evaluation.changes(step) else { return .changesNothing }
        current.append(step)
        evaluation.follow(current.program)
        return .recorded
    }

    private mutating func startNewProgram() {
        earlierPrograms.append(Earlier(brain: current, evaluation: evaluation, valuedAt: variablesVersion))
        earlierSteps += current.program.count
        while earlierPrograms.count > Self.earlierLimit || earlierSteps > Self.maximumProgramLength {
            let dropped = earlierPrograms.removeFirst()
            earlierSteps -= dropped.brain.program.count
            retiredWork += dropped.evaluation.work
            retiredExactWork += dropped.evaluation.exactWork
        }
        current = CalculatorBrain()
        evaluation = BrainEvaluation(variables: variables, exactVariables: exactVariables, provedVariables: provedVariables)
    }

    /// Takes the last step back; the newest earlier program comes back when the current one is emptied.
    mutating func undo() {
        guard !current.program.isEmpty else { return }
        current.undo()
        evaluation.follow(current.program)
        guard current.program.isEmpty, var back = earlierPrograms.popLast() else { return }
        earlierSteps -= back.brain.program.count
        // Valued again while `back` holds it alone: in place, with no copy left short of room to grow.
        if back.valuedAt != variablesVersion { back.evaluation.revalue(using: variables, exactly: exactVariables, proved: provedVariables) }
        current = back.brain
        evaluation = back.evaluation
    }

    /// New variables (→M), with the exact values of those that have one: the current program valued again
    /// now, the earlier ones when ⌫ returns to them.
    mutating func setVariables(_ variables: [String: Double]?, exactly exactVariables: [String: ExactValue] = [:],
                               proved provedVariables: [String: ProvedReal] = [:]) {
        // The same M again (bit for bit: 0 is not -0, and as exact as before) changes no value; a proved one
        // may have another ball under the same Double.
        let same = variables?.count == self.variables?.count && exactVariables == self.exactVariables
            && provedVariables.isEmpty && self.provedVariables.isEmpty
            && (variables ?? [:]).allSatisfy { self.variables?[$0.key]?.bitPattern == $0.value.bitPattern }
        guard !same else { return }
        self.variables = variables
        self.exactVariables = exactVariables
        self.provedVariables = provedVariables
        variablesVersion += 1
        evaluation.revalue(using: variables, exactly: exactVariables, proved: provedVariables)
    }

    // MARK: Readouts

    var readouts: (result: Double?, isPending: Bool, description: String, error: CalculatorError?) { evaluation.readouts }
    /// The exact value of what the display shows, when one is known.
    var exactResult: ExactValue? { evaluation.exactResult }
    var shownProof: ProvedResult? { evaluation.shownProof }
    var shownReal: ProvedReal? { evaluation.shownReal }
    var hasOperand: Bool { evaluation.hasOperand }
    var openGroups: Int { evaluation.openGroups }
    /// Whether `step` would change the current program (a step after a finished one starts a new one).
    func changes(_ step: ProgramStep) -> Bool { evaluation.changes(step) }
    var isFinished: Bool { evaluation.isFinished }

    /// The current program's expression and description, from its evaluation (`BrainEvaluation.graphed`).
    mutating func graphed() -> (expression: Expression, description: String)? {
        evaluation.graphed()
    }
}

extension ProgramStack: Equatable {
    /// The same programs under the same variables (evaluations follow from those).
    static func == (a: ProgramStack, b: ProgramStack) -> Bool {
        a.current == b.current && a.variables == b.variables && a.exactVariables == b.exactVariables && a.earlier == b.earlier
    }
}
