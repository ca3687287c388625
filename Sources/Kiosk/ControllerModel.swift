import Calculator
import CalculatorBrain

/// The brain helper's CalculatorController behind the screen's CalculatorModel.
/// A frame asks for every readout (the display, the description, the graph key's state, ...): they are
/// worked out together once after each change, not one evaluation walk and controller copy apiece.
final class ControllerModel: CalculatorModel {
    private(set) var controller = CalculatorController() { didSet { shown = nil } }
    private var shown: CalculatorController.Readouts?

    private var readouts: CalculatorController.Readouts {
        if let shown { return shown }
        let made = controller.readouts
        shown = made
        return made
    }

    func press(_ key: CalculatorKey) -> GraphRequest? { controller.press(key) }
    var display: String { readouts.display }
    var descriptionText: String { readouts.description }
    var memoryReadout: String? { readouts.memoryReadout }
    var angleReadout: String? { readouts.angleReadout }
    var errorMessage: String? { readouts.errorMessage }
    var exactReadout: String? { readouts.exact }
    var exactBesideDisplay: String? { readouts.exactBesideDisplay }
    var isGraphEnabled: Bool { readouts.isGraphEnabled }

    var state: CalculatorController.State { controller.state }

    func restore(_ state: CalculatorController.State) throws {
        controller = try CalculatorController(restoring: state)
    }
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerModel() }
}
