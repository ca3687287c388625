import Calculator
import CalculatorBrain

extension PersistedState {
    /// Every operation name formats 7 and 8 could hold: the keys of then, and the degree variants.
    /// A name outside it (a parenthesis, a function added later) is format 9's.
    static let format8Operations: Set<String> = [
        "√", "∛", "x²", "x³", "x⁻¹", "±", "%", "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹",
        "ln", "log₁₀", "eˣ", "10ˣ", "sin°", "cos°", "tan°", "sin⁻¹°", "cos⁻¹°", "tan⁻¹°",
        "+", "−", "×", "÷", "xʸ", "π", "e", "=",
    ]

    /// The first operation in any program here that format 8 had no key for, if there is one.
    var operationNewerThanFormat8: String? {
        func newer(_ program: [ProgramStep]) -> String? {
            for case .operation(let name) in program where !Self.format8Operations.contains(name) { return name }
            return nil
        }
        if let calculator {
            if let name = newer(calculator.program.program) { return name }
            for program in calculator.earlier { if let name = newer(program.program) { return name } }
        }
        for curve in curves { if let name = newer(curve.graph.program) { return name } }
        return nil
    }
}
