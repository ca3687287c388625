/// A named math error, found while evaluating a program.
public enum CalculatorError: Error, Equatable, Sendable, CustomStringConvertible {
    case divisionByZero
    case squareRootOfNegative
    case logarithmOfNonPositive
    case reciprocalOfZero
    case arcSineOutOfDomain
    case arcCosineOutOfDomain
    case powerOfNegativeBase
    case overflow
    case undefined

    public var description: String {
        switch self {
        case .divisionByZero: return "Division by zero"
        case .squareRootOfNegative: return "Square root of a negative number"
        case .logarithmOfNonPositive: return "Logarithm of a non-positive number"
        case .reciprocalOfZero: return "Reciprocal of zero"
        case .arcSineOutOfDomain: return "sin⁻¹ outside [−1, 1]"
        case .arcCosineOutOfDomain: return "cos⁻¹ outside [−1, 1]"
        case .powerOfNegativeBase: return "Fractional power of a negative number"
        case .overflow: return "Overflow"
        case .undefined: return "Undefined result"
        }
    }

    /// The error applying `function` to `x` causes, if any.
    static func check(_ function: UnaryFunction, _ x: Double) -> CalculatorError? {
        switch function {
        case .squareRoot where x < 0: return .squareRootOfNegative
        case .naturalLog where x <= 0, .commonLog where x <= 0: return .logarithmOfNonPositive
        case .reciprocal where x == 0: return .reciprocalOfZero
        case .arcSine where abs(x) > 1, .arcSineDegrees where abs(x) > 1: return .arcSineOutOfDomain
        case .arcCosine where abs(x) > 1, .arcCosineDegrees where abs(x) > 1: return .arcCosineOutOfDomain
        default: return nil
        }
    }

    static func check(_ function: BinaryFunction, _ x: Double, _ y: Double) -> CalculatorError? {
        switch function {
        case .divide where y == 0: return .divisionByZero
        case .power where x == 0 && y < 0: return .divisionByZero
        case .power where x < 0 && y.isFinite && y != y.rounded(): return .powerOfNegativeBase
        default: return nil
        }
    }

    /// Errors that show only in the result: a finite computation that overflowed, or NaN from nowhere.
    static func check(result: Double, operandsFinite: Bool) -> CalculatorError? {
        if result.isInfinite && operandsFinite { return .overflow }
        if result.isNaN && operandsFinite { return .undefined }
        return nil
    }
}
