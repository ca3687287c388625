/// A named math error, found while evaluating a program. A value: the screen words it in its locale.
public enum CalculatorError: Error, Equatable, Hashable, Sendable, CaseIterable {
    case divisionByZero
    case squareRootOfNegative
    case logarithmOfNonPositive
    case reciprocalOfZero
    case arcSineOutOfDomain
    case arcCosineOutOfDomain
    case powerOfNegativeBase
    case overflow
    case underflow
    case undefined
    /// The display's verdicts on a proof (`ProvedResult`), not the walk's: the real number is too near 0 to
    /// tell its sign or a digit (∛2³ − 2), or no digit was proved within the budget.
    case tooCloseToZero
    case undecided

    /// The error applying `function` to `x` makes, if any, given the `result` it gave.
    static func check(_ function: UnaryFunction, _ x: Double, result: Double) -> CalculatorError? {
        check(function, x) ?? check(result: result, operandsFinite: x.isFinite)
            ?? (result == 0 && x.isFinite && underflowsToZero(function, x) ? .underflow : nil)
    }

    /// The error applying `function` to `x` and `y` makes, if any, given the `result` it gave.
    static func check(_ function: BinaryFunction, _ x: Double, _ y: Double, result: Double) -> CalculatorError? {
        check(function, x, y) ?? check(result: result, operandsFinite: x.isFinite && y.isFinite)
            ?? (result == 0 && x.isFinite && y.isFinite && underflowsToZero(function, x, y) ? .underflow : nil)
    }

    /// The domain errors of `function` at `x`.
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

    /// Whether a 0 that `function` gave at the finite `x` is a nonzero answer rounded away: underflow,
    /// which is named as overflow is (e^(-1000), 0.5^2000), not shown as an exact 0.
    static func underflowsToZero(_ function: UnaryFunction, _ x: Double) -> Bool {
        switch function {
        case .square, .cube, .percent: return x != 0
        case .exponential, .powerOfTen: return true
        // Exactly 0 at whole multiples of 180°; anywhere else only a subnormal angle gives 0.
        case .sineDegrees, .tangentDegrees: return x.truncatingRemainder(dividingBy: 180) != 0
        default: return false // exact (±), or never 0 but at a true zero (sin 0, ln 1)
        }
    }

    static func underflowsToZero(_ function: BinaryFunction, _ x: Double, _ y: Double) -> Bool {
        switch function {
        case .multiply: return x != 0 && y != 0
        case .divide, .power: return x != 0
        case .add, .subtract: return false // a sum of doubles is 0 only when it is exactly 0
        }
    }
}
