import CalculatorBrain

/// The program frozen by the graph key, to be drawn with `variable` as x: what the controller hands
/// over, what the kiosk shows until the key is pressed again, and what its state file keeps.
public struct GraphRequest: Equatable, Sendable, Codable {
    public var expression: Expression
    /// How the graph is titled, e.g. "sin(M)" (no trailing "=").
    public var description: String
    /// The variable plotted as x.
    public var variable: String

    public init(expression: Expression, description: String, variable: String) {
        self.expression = expression
        self.description = description
        self.variable = variable
    }
}
