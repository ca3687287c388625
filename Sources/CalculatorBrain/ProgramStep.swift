/// One recorded input of a program: what `evaluate(using:)` replays.
public enum ProgramStep: Equatable, Sendable {
    case operand(Double)
    case variable(String)
    case operation(String)
    /// Rand, with the value it drew when pressed, so every replay sees the same number.
    case random(Double)
}
