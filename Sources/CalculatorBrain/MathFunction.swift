/// A function of one operand that a program can apply.
/// The raw value is the brain's operation name: the key's label, or for the degree variants (which have no
/// key of their own; `keyFunctions` lists those that do) its label and "°". A trig key pressed in degrees
/// records its degree variant.
public enum UnaryFunction: String, Sendable, CaseIterable, Codable {
    case squareRoot = "√", cubeRoot = "∛", square = "x²", cube = "x³", reciprocal = "x⁻¹"
    case negate = "±", percent = "%"
    case sine = "sin", cosine = "cos", tangent = "tan"
    case arcSine = "sin⁻¹", arcCosine = "cos⁻¹", arcTangent = "tan⁻¹"
    case naturalLog = "ln", commonLog = "log₁₀", exponential = "eˣ", powerOfTen = "10ˣ"
    case sineDegrees = "sin°", cosineDegrees = "cos°", tangentDegrees = "tan°"
    case arcSineDegrees = "sin⁻¹°", arcCosineDegrees = "cos⁻¹°", arcTangentDegrees = "tan⁻¹°"

    @inline(__always)
    public func apply(_ x: Double) -> Double {
        switch self {
        case .squareRoot: return x.squareRoot()
        case .cubeRoot: return libm_cbrt(x)
        case .square: return x * x
        case .cube: return x * x * x
        case .reciprocal: return 1 / x
        case .negate: return -x
        case .percent: return x / 100
        case .sine: return libm_sin(x)
        case .cosine: return libm_cos(x)
        case .tangent: return libm_tan(x)
        case .arcSine: return libm_asin(x)
        case .arcCosine: return libm_acos(x)
        case .arcTangent: return libm_atan(x)
        case .naturalLog: return libm_log(x)
        case .commonLog: return libm_log10(x)
        case .exponential: return libm_exp(x)
        case .powerOfTen: return libm_pow(10, x)
        case .sineDegrees: return DegreeTrigonometry.sine(x)
        case .cosineDegrees: return DegreeTrigonometry.cosine(x)
        case .tangentDegrees: return DegreeTrigonometry.tangent(x)
        case .arcSineDegrees: return DegreeTrigonometry.arcSine(x)
        case .arcCosineDegrees: return DegreeTrigonometry.arcCosine(x)
        case .arcTangentDegrees: return DegreeTrigonometry.arcTangent(x)
        }
    }
}

/// A function of two operands. Precedence drives the parentheses of the description.
public enum BinaryFunction: String, Sendable, CaseIterable, Codable {
    case add = "+", subtract = "−", multiply = "×", divide = "÷", power = "xʸ"

    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .add: return x + y
        case .subtract: return x - y
        case .multiply: return x * y
        case .divide: return x / y
        case .power: return libm_pow(x, y)
        }
    }

    /// ×÷ bind tighter than +−, and xʸ tighter still.
    public var precedence: Int {
        switch self {
        case .add, .subtract: return 0
        case .multiply, .divide: return 1
        case .power: return 2
        }
    }
}
