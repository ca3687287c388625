import Calculator
import CalculatorBrain

/// The brain helper's CalculatorController behind the screen's CalculatorModel.
/// A frame asks for every readout (the display, the description, the graph key's state, ...): they are
/// worked out together once after each change, not one evaluation walk and controller copy apiece.
final class ControllerModel: CalculatorModel {
    private var held = Held()

    /// The controller and its readouts, worked out at most once a change. A struct reached through one access
    /// of the class's property: the controller is read in place, where a getter of the class's own would copy
    /// it (a retain and a release of each of its parts) for every readout.
    private struct Held {
        var controller = CalculatorController() { didSet { shown = nil } }
        var shown: CalculatorController.Readouts?

        mutating func readouts() -> CalculatorController.Readouts {
            if let shown { return shown }
            let made = controller.readouts
            shown = made
            return made
        }
    }

    var readouts: CalculatorController.Readouts { held.readouts() }

    var isGraphEnabled: Bool { held.shown?.isGraphEnabled ?? held.readouts().isGraphEnabled }

    func press(_ key: CalculatorKey) -> GraphRequest? { held.controller.press(key) }

    var state: CalculatorController.State { held.controller.state }

    func restore(_ state: CalculatorController.State) throws {
        held.controller = try CalculatorController(restoring: state)
    }
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerModel() }
}
