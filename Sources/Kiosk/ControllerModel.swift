import Calculator
import CalculatorBrain

/// The brain helper's CalculatorController behind the screen's CalculatorModel.
final class ControllerModel: CalculatorModel {
    private(set) var controller = CalculatorController()

    func press(_ key: CalculatorKey) -> GraphRequest? { controller.press(key) }
    var display: String { controller.display }
    var descriptionText: String { controller.description }
    var memoryReadout: String? { controller.memoryReadout }
    var angleReadout: String? { controller.angleReadout }
    var errorMessage: String? { controller.errorMessage }
    var isGraphEnabled: Bool { controller.isGraphEnabled }

    var state: CalculatorController.State { controller.state }

    func restore(_ state: CalculatorController.State) throws {
        controller = try CalculatorController(restoring: state)
    }
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerModel() }
}
