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

    /// A program computes each function of its bare variable once a point for a run of columns (and a
    /// one-function program's enclosures take the values computed with them).
    public var sharesColumnWork: Bool { true }

    public func columns(at xs: UnsafeBufferPointer<Double>, values: UnsafeMutableBufferPointer<Double>,
                        enclosures: UnsafeMutableBufferPointer<Enclosure?>) {
        guard xs.count > 1 else {
            if xs.count == 1 { values[0] = program.value(at: xs[0]) }
            return
        }
        withUnsafeTemporaryAllocation(of: ProgramRange.self, capacity: xs.count - 1) { ranges in
            program.columns(at: xs, values: values, ranges: ranges)
            for i in 0..<(xs.count - 1) { enclosures[i] = Enclosure(ranges[i]) }
        }
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

    public var sharesColumnWork: Bool { true }

    public func columns(at xs: UnsafeBufferPointer<Double>, values: UnsafeMutableBufferPointer<Double>,
                        enclosures: UnsafeMutableBufferPointer<Enclosure?>) {
        function.columns(at: xs, values: values, enclosures: enclosures)
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
