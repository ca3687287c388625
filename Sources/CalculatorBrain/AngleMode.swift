/// How the trig keys read their operand and the inverse trig keys give their answer.
/// The mode is part of how a program is evaluated, like the variables: the program records "sin",
/// and the walk picks `sin` or `sin°` for it, so toggling the mode re-reads what is shown.
public enum AngleMode: String, Sendable, Codable, CaseIterable {
    case radians, degrees
}

extension UnaryFunction {
    /// The function a key means in `mode`: the sin key in degrees is sin°.
    public func inAngleMode(_ mode: AngleMode) -> UnaryFunction {
        guard mode == .degrees else { return self }
        switch self {
        case .sine: return .sineDegrees
        case .cosine: return .cosineDegrees
        case .tangent: return .tangentDegrees
        case .arcSine: return .arcSineDegrees
        case .arcCosine: return .arcCosineDegrees
        case .arcTangent: return .arcTangentDegrees
        default: return self
        }
    }

    /// The key that names this function: sin° is the sin key's.
    public var keyFunction: UnaryFunction {
        switch self {
        case .sineDegrees: return .sine
        case .cosineDegrees: return .cosine
        case .tangentDegrees: return .tangent
        case .arcSineDegrees: return .arcSine
        case .arcCosineDegrees: return .arcCosine
        case .arcTangentDegrees: return .arcTangent
        default: return self
        }
    }

    /// The functions a key names (the brain's operations): every function but the degree variants.
    public static let keyFunctions: [UnaryFunction] = allCases.filter { $0.keyFunction == $0 }
}
