import CalculatorBrain

/// Loading by the keys' rules: a saved program is what the keys made iff recording its steps one after
/// another, as the keys record them, gives it back. One checker for the calculator's programs and the curves'.
extension ProgramStack {
    /// How steps from an older file are taken: as they are, or as the keys before state format 7 made them.
    enum Replay {
        /// Every step must be recorded as it is (state format 7 on).
        case exact
        /// Older keys recorded steps that changed nothing ("sin sin M", "5 + +", "= ="): they are dropped,
        /// which changes no readout; and one program ran from C, which now splits where a new one starts.
        case droppingStepsThatChangeNothing
    }

    /// The stack the keys make from `steps` under `variables`. Throws at a step no key makes (a variable
    /// other than M, a step past the bound) and, when `replay` is exact, at a step that changes nothing.
    static func replaying(_ steps: [ProgramStep], variables: [String: Double]?, exactVariables: [String: ExactValue] = [:],
                          provedVariables: [String: ProvedReal] = [:],
                          _ replay: Replay) throws(CalculatorController.StateError) -> ProgramStack
    {
        var stack = ProgramStack(variables: variables, exactVariables: exactVariables, provedVariables: provedVariables)
        for (index, step) in steps.enumerated() {
            if case .variable(let name) = step, name != CalculatorController.memoryName, name != CalculatorController.parameterName {
                throw .init(reason: "step \(index): no key enters the variable '\(name.prefix(20))'")
            }
            switch stack.record(step) {
            case .recorded: break
            case .changesNothing where replay == .droppingStepsThatChangeNothing: break
            case .changesNothing: throw .init(reason: "step \(index): no key records a step that changes nothing")
            case .full: throw .init(reason: "step \(index): past \(maximumProgramLength) steps in one program")
            }
        }
        return stack
    }

    /// The stack of a saved state: its earlier programs (oldest first) and the current one, each exactly
    /// as the keys make it (`replaying` them all gives them back, split where they are split).
    init(validating earlier: [CalculatorBrain], current: CalculatorBrain, variables: [String: Double]?,
         exactVariables: [String: ExactValue] = [:], provedVariables: [String: ProvedReal] = [:])
        throws(CalculatorController.StateError)
    {
        guard earlier.count <= Self.earlierLimit,
              earlier.reduce(0, { $0 + $1.program.count }) <= Self.maximumProgramLength else {
            throw .init(reason: "more earlier programs than \(Self.earlierLimit), or more than \(Self.maximumProgramLength) steps")
        }
        let steps = earlier.flatMap(\.program) + current.program
        let stack = try Self.replaying(steps, variables: variables, exactVariables: exactVariables,
                                       provedVariables: provedVariables, .exact)
        guard stack.earlier == earlier, stack.current == current else {
            throw .init(reason: "the programs are not split where the keys split them")
        }
        self = stack
    }
}
