import CalculatorBrain
import Grapher

/// A frozen program as the grapher's function of x: the program's variable stands for x.
/// Evaluation uses its own dictionary, so graphing never touches the stored M.
struct ProgramFunction: GraphableFunction {
    let expression: Expression
    let variable: String

    func value(at x: Double) -> Double {
        expression.value(using: [variable: x])
    }
}
