import CalculatorBrain

extension ProgramStep {
    /// The step a typed whole number records: its digits exactly.
    static func typed(_ n: Int) -> ProgramStep { .exactOperand(ExactValue(n)) }
}
