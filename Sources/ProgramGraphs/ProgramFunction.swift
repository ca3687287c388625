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
        Enclosure(program.range(from: lower, to: upper))
    }

    public func enclosure(from lower: Double, to upper: Double, valueAtLower: Double, valueAtUpper: Double) -> Enclosure? {
        Enclosure(program.range(from: lower, to: upper, valueAtLower: valueAtLower, valueAtUpper: valueAtUpper))
    }
}

/// A frozen program with what proves its points of interest: its slope, its curvature, and a program
/// with the same zeros that stays bounded at its poles (and one for the slope), each compiled once.
public struct ProvableProgramFunction: ProvableFunction {
    public let function: ProgramFunction
    let slope: CompiledProgram
    let curvature: CompiledProgram
    let witness: CompiledProgram
    let slopeWitness: CompiledProgram

    public init(expression: Expression, variable: String) {
        function = ProgramFunction(expression: expression, variable: variable)
        let folded = function.program.folded
        slope = CompiledProgram(folded.derivative(by: variable), variable: variable)
        curvature = CompiledProgram(slope.folded.derivative(by: variable), variable: variable)
        witness = CompiledProgram(folded.zeroWitness(), variable: variable)
        slopeWitness = CompiledProgram(slope.folded.zeroWitness(), variable: variable)
    }

    public func value(at x: Double) -> Double { function.value(at: x) }

    public func enclosure(from lower: Double, to upper: Double) -> Enclosure? {
        function.enclosure(from: lower, to: upper)
    }

    public func enclosure(from lower: Double, to upper: Double, valueAtLower: Double, valueAtUpper: Double) -> Enclosure? {
        function.enclosure(from: lower, to: upper, valueAtLower: valueAtLower, valueAtUpper: valueAtUpper)
    }

    public func slopeEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        Enclosure(slope.range(from: lower, to: upper))
    }

    public func curvatureEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        Enclosure(curvature.range(from: lower, to: upper))
    }

    public func zeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        Enclosure(witness.range(from: lower, to: upper))
    }

    public func slopeZeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        Enclosure(slopeWitness.range(from: lower, to: upper))
    }
}

extension Enclosure {
    /// The brain's range in the grapher's terms: the same meaning (see `ProgramRange`).
    init(_ r: ProgramRange) {
        let definedness: Enclosure.Definedness
        switch r.definedness {
        case .everywhere: definedness = .everywhere
        case .partly: definedness = .partly
        case .nowhere: definedness = .nowhere
        }
        self.init(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous, definedness: definedness)
    }
}
