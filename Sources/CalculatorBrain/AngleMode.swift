/// How the trig keys read their operand and the inverse trig keys give their answer.
/// A key keeps the mode it was pressed in: in degrees the sin key records sin° (`inAngleMode`), so
/// toggling the mode changes the keys to come, never a result already given, and costs nothing.
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

    /// The functions a key names: every function but the degree variants.
    public static let keyFunctions: [UnaryFunction] = allCases.filter { $0.keyFunction == $0 }
}

extension ProgramStep {
    /// The step as the programs of state formats before 7 meant it: they recorded the key ("sin") and were
    /// read in one mode for the whole program, so in degrees a trig key's step is its degree function.
    public func readIn(_ mode: AngleMode) -> ProgramStep {
        guard case .operation(let name) = self, let function = UnaryFunction(rawValue: name) else { return self }
        return .operation(function.inAngleMode(mode).rawValue)
    }
}
