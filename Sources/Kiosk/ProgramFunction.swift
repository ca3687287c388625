import CalculatorBrain
import Grapher

/// A frozen program as the grapher's function of x: the program's variable stands for x.
/// It evaluates through the compiled program, whose own dictionary-free bytecode means
/// graphing never touches the stored M, and it offers the program's interval enclosure.
public struct ProgramFunction: GraphableFunction {
    public let program: CompiledProgram

    public init(expression: Expression, variable: String) {
        program = CompiledProgram(expression, variable: variable)
    }

    public func value(at x: Double) -> Double {
        program.value(at: x)
    }

    public func enclosure(from lower: Double, to upper: Double) -> Enclosure? {
        let r = program.range(from: lower, to: upper)
        let definedness: Enclosure.Definedness
        switch r.definedness {
        case .everywhere: definedness = .everywhere
        case .partly: definedness = .partly
        case .nowhere: definedness = .nowhere
        }
        return Enclosure(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous, definedness: definedness)
    }
}
