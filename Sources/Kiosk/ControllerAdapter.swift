import Calculator
import CalculatorBrain
import FoundationEssentials

/// The brain helper's CalculatorController behind the screen's CalculatorModel.
final class ControllerModel: CalculatorModel {
    private(set) var controller = CalculatorController()

    func press(_ key: CalculatorKey) -> GraphProgram? {
        guard let request = controller.press(key) else { return nil }
        return GraphProgram(expression: request.expression, description: request.description, variable: request.variable)
    }
    var display: String { controller.display }
    var descriptionText: String { controller.description }
    var memoryReadout: String? { controller.memoryReadout }
    var errorMessage: String? { controller.errorMessage }
    var isGraphEnabled: Bool { controller.isGraphEnabled }

    func encodedState() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(controller.state))
    }

    func restoreState(from bytes: [UInt8]) throws {
        let state = try JSONDecoder().decode(CalculatorController.State.self, from: Data(bytes))
        controller = try CalculatorController(restoring: state)
    }
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerModel() }
}
