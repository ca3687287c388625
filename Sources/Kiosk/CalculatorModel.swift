import Calculator
import CalculatorBrain

/// What the screen needs from the calculator controller: keys in, readouts out, state to persist.
/// The kiosk talks to the controller only through this, so it is tested with the real controller
/// and the screen code never depends on how the controller is built.
public protocol CalculatorModel: AnyObject {
    /// Presses one key; returns the frozen program when the key starts a graph.
    func press(_ key: CalculatorKey) -> GraphRequest?
    /// What it shows now: numbers as text with "." for the point, the error and the refusal as values (the
    /// screen words them in its locale: `ShownReadouts`).
    var readouts: CalculatorController.Readouts { get }
    /// Whether the graph key works now (`readouts.isGraphEnabled`, which a model may answer without copying them all).
    var isGraphEnabled: Bool { get }
    /// The controller's whole state, and back. Restoring a state the keys could not make throws.
    var state: CalculatorController.State { get }
    func restore(_ state: CalculatorController.State) throws
}

extension CalculatorModel {
    var isGraphEnabled: Bool { readouts.isGraphEnabled }
}
