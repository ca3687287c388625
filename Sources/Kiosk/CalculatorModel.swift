import Calculator
import CalculatorBrain

/// What the screen needs from the calculator controller: keys in, readouts out, state to persist.
/// The kiosk talks to the controller only through this, so it is tested with the real controller
/// and the screen code never depends on how the controller is built.
public protocol CalculatorModel: AnyObject {
    /// Presses one key; returns the frozen program when the key starts a graph.
    func press(_ key: CalculatorKey) -> GraphRequest?
    var display: String { get }
    var descriptionText: String { get }
    /// nil while M is unset.
    var memoryReadout: String? { get }
    /// "DEG" in degrees; nil in radians, the default.
    var angleReadout: String? { get }
    var errorMessage: String? { get }
    /// The exact form of the number shown, whenever one is known ("1/3", "0").
    var exactReadout: String? { get }
    /// The exact form the screen shows beside the number, where it says more than the decimal (`Readouts`).
    var exactBesideDisplay: String? { get }
    var isGraphEnabled: Bool { get }
    /// The controller's whole state, and back. Restoring a state the keys could not make throws.
    var state: CalculatorController.State { get }
    func restore(_ state: CalculatorController.State) throws
}
