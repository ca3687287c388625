/// One loop per operation over a column of values: the switch is hoisted out of the loop,
/// and each body is the very `apply` that `Expression.value(using:)` calls.
enum CompiledKernels {
    @inline(__always)
    static func map(_ a: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>, _ n: Int,
                    _ body: (Double) -> Double) {
        for i in 0..<n { d[i] = body(a[i]) }
    }

    @inline(__always)
    static func zip(_ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>,
                    _ d: UnsafeMutablePointer<Double>, _ n: Int, _ body: (Double, Double) -> Double) {
        for i in 0..<n { d[i] = body(a[i], b[i]) }
    }

    static func unary(_ f: UnaryFunction, _ a: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>, _ n: Int) {
        switch f {
        case .squareRoot: map(a, d, n) { UnaryFunction.squareRoot.apply($0) }
        case .cubeRoot: map(a, d, n) { UnaryFunction.cubeRoot.apply($0) }
        case .square: map(a, d, n) { UnaryFunction.square.apply($0) }
        case .cube: map(a, d, n) { UnaryFunction.cube.apply($0) }
        case .reciprocal: map(a, d, n) { UnaryFunction.reciprocal.apply($0) }
        case .negate: map(a, d, n) { UnaryFunction.negate.apply($0) }
        case .percent: map(a, d, n) { UnaryFunction.percent.apply($0) }
        case .sine: map(a, d, n) { UnaryFunction.sine.apply($0) }
        case .cosine: map(a, d, n) { UnaryFunction.cosine.apply($0) }
        case .tangent: map(a, d, n) { UnaryFunction.tangent.apply($0) }
        case .arcSine: map(a, d, n) { UnaryFunction.arcSine.apply($0) }
        case .arcCosine: map(a, d, n) { UnaryFunction.arcCosine.apply($0) }
        case .arcTangent: map(a, d, n) { UnaryFunction.arcTangent.apply($0) }
        case .naturalLog: map(a, d, n) { UnaryFunction.naturalLog.apply($0) }
        case .commonLog: map(a, d, n) { UnaryFunction.commonLog.apply($0) }
        case .exponential: map(a, d, n) { UnaryFunction.exponential.apply($0) }
        case .powerOfTen: map(a, d, n) { UnaryFunction.powerOfTen.apply($0) }
        case .sineDegrees: map(a, d, n) { UnaryFunction.sineDegrees.apply($0) }
        case .cosineDegrees: map(a, d, n) { UnaryFunction.cosineDegrees.apply($0) }
        case .tangentDegrees: map(a, d, n) { UnaryFunction.tangentDegrees.apply($0) }
        case .arcSineDegrees: map(a, d, n) { UnaryFunction.arcSineDegrees.apply($0) }
        case .arcCosineDegrees: map(a, d, n) { UnaryFunction.arcCosineDegrees.apply($0) }
        case .arcTangentDegrees: map(a, d, n) { UnaryFunction.arcTangentDegrees.apply($0) }
        }
    }

    static func binary(_ f: BinaryFunction, _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>,
                       _ d: UnsafeMutablePointer<Double>, _ n: Int) {
        switch f {
        case .add: zip(a, b, d, n) { BinaryFunction.add.apply($0, $1) }
        case .subtract: zip(a, b, d, n) { BinaryFunction.subtract.apply($0, $1) }
        case .multiply: zip(a, b, d, n) { BinaryFunction.multiply.apply($0, $1) }
        case .divide: zip(a, b, d, n) { BinaryFunction.divide.apply($0, $1) }
        case .power: zip(a, b, d, n) { BinaryFunction.power.apply($0, $1) }
        }
    }
}
