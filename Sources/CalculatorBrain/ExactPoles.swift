/// Where an exact argument is a pole: tan at π/2 + kπ, tan° at 90° + k·180°. The Double of π/2 is not π/2, so
/// its tangent is 1.6e16 and no error; the exact argument says the answer is no number ("Undefined result").
extension ExactArithmetic {
    static func isPole(_ function: UnaryFunction, _ x: ExactValue) -> Bool {
        switch function {
        case .tangent:
            // qπ with q an odd multiple of 1/2.
            return x.constant == .pi && x.coefficient.denominator == 2
        case .tangentDegrees:
            // A whole number of degrees that leaves 90 over by 180.
            guard let degrees = x.rational, degrees.isInteger else { return false }
            return degrees.modulo(180) == BoundedRational(90)
        default:
            return false
        }
    }
}
