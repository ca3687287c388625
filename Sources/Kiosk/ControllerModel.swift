import Calculator
import CalculatorBrain

/// The brain helper's CalculatorController behind the screen's CalculatorModel.
/// A frame asks for every readout (the display, the description, the graph key's state, ...): they are
/// worked out together once after each change, not one evaluation walk and controller copy apiece.
final class ControllerModel: CalculatorModel {
    private(set) var controller = CalculatorController() { didSet { shown = nil } }
    private var shown: CalculatorController.Readouts?

    var readouts: CalculatorController.Readouts {
        if shown == nil { shown = controller.readouts }
        return shown.unsafelyUnwrapped
    }

    var isGraphEnabled: Bool { shown?.isGraphEnabled ?? readouts.isGraphEnabled }

    func press(_ key: CalculatorKey) -> GraphRequest? { controller.press(key) }

    var state: CalculatorController.State { controller.state }

    func restore(_ state: CalculatorController.State) throws {
        controller = try CalculatorController(restoring: state)
    }
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerModel() }
}
