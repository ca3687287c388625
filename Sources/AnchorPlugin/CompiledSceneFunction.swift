import CalculatorBrain
import Grapher

/// A scene's program as Grapher's function, compiled with its interval enclosure: what the kiosk's
/// ProgramFunction does, kept here so that the bench plugin sits beside the kiosk rather than on it.
struct CompiledSceneFunction: GraphableFunction {
    let program: CompiledProgram

    init(_ expression: Expression, variable: String) {
        program = CompiledProgram(expression, variable: variable)
    }

    func value(at x: Double) -> Double { program.value(at: x) }

    /// The brain's range and Grapher's enclosure mean the same (see `Enclosure.isContinuous`).
    func enclosure(from lower: Double, to upper: Double) -> Enclosure? {
        let r = program.range(from: lower, to: upper)
        let definedness: Enclosure.Definedness = switch r.definedness {
        case .everywhere: .everywhere
        case .partly: .partly
        case .nowhere: .nowhere
        }
        return Enclosure(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous, definedness: definedness)
    }
}
