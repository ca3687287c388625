import Calculator
import CalculatorBrain

// TEMPORARY until the brain helper's CalculatorController lands on main: the screen is built
// and tested against CalculatorModel with a test double; this placeholder is replaced by the adapter.
final class ControllerNotYetAvailable: CalculatorModel {
    func press(_ key: CalculatorKey) -> GraphProgram? { nil }
    var display: String { "0" }
    var descriptionText: String { "" }
    var memoryReadout: String? { nil }
    var errorMessage: String? { "Calculator not built yet" }
    var isGraphEnabled: Bool { false }
    func encodedState() throws -> [UInt8] { [] }
    func restoreState(from bytes: [UInt8]) throws {}
}

extension KioskApp {
    static func makeController() -> any CalculatorModel { ControllerNotYetAvailable() }
}
