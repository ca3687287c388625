import Calculator
import CalculatorBrain

/// A program frozen by the graph key: what the graph shows until the key is pressed again.
public struct GraphProgram: Equatable, Sendable {
    public var expression: Expression
    /// Shown with the graph, e.g. "sin(M)".
    public var description: String
    /// The variable plotted as x.
    public var variable: String

    public init(expression: Expression, description: String, variable: String) {
        self.expression = expression
        self.description = description
        self.variable = variable
    }
}

/// What the screen needs from the calculator controller: keys in, readouts out, state to persist.
/// The kiosk talks to the controller only through this, so it is tested with the real controller
/// and the screen code never depends on how the controller is built.
public protocol CalculatorModel: AnyObject {
    /// Presses one key; returns the frozen program when the key starts a graph.
    func press(_ key: CalculatorKey) -> GraphProgram?
    var display: String { get }
    var descriptionText: String { get }
    /// nil while M is unset.
    var memoryReadout: String? { get }
    /// "DEG" in degrees; nil in radians, the default.
    var angleReadout: String? { get }
    var errorMessage: String? { get }
    var isGraphEnabled: Bool { get }
    /// The controller's whole state, and back. Restoring a state the keys could not make throws.
    var state: CalculatorController.State { get }
    func restore(_ state: CalculatorController.State) throws
}

/// The brain's Expression, named where Foundation's own `Expression` would make it ambiguous.
typealias ProgramExpression = Expression
