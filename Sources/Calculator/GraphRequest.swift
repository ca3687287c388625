import CalculatorBrain

/// The program frozen by the graph key, to be drawn with `variable` as x.
public struct GraphRequest: Equatable, Sendable {
    public var expression: Expression
    /// How the graph is titled, e.g. "sin(M)" (no trailing "=").
    public var description: String
    public var variable: String
}
