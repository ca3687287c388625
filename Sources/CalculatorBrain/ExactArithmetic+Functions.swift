/// The functions of one operand, exact where their value is in the set:
/// - sin, cos, tan at rational multiples of π whose values are 0, ±1/2, ±√2/2, ±√3/2, ±1, ±√3/3, ±√3
///   (multiples of π/6 and π/4), and in degrees at multiples of 30° and 45°; sin(π°) is no such angle;
/// - their inverses at those values, giving the angle in the function's own unit (sin⁻¹(1/2) is π/6, or 30);
/// - ln 1, ln e, eˣ at 0 and 1, 10ˣ at whole numbers, log₁₀ of whole powers of 10.
/// A table of twelfths of π, as NumWorks' Poincaré keeps a table of exact trigonometric values.
extension ExactArithmetic {
    mutating func apply(_ function: UnaryFunction, _ x: ExactValue) -> ExactValue? {
        switch function {
        case .squareRoot: return squareRoot(x)
        case .cubeRoot: return cubeRoot(x)
        case .square: return product(x, x)
        case .cube: return product(x, x).flatMap { product($0, x) }
        case .reciprocal: return reciprocal(x)
        case .negate: return negative(x)
        case .percent: return product(x, ExactValue(BoundedRational(trusted: 1, 100)))
        case .sine, .cosine, .tangent:
            guard x.constant == .pi || x.coefficient.isZero else { return nil }
            return twelfths(ofHalfTurns: x.coefficient).flatMap { trig(function, twelfths: $0) }
        case .sineDegrees, .cosineDegrees, .tangentDegrees:
            guard let degrees = x.rational else { return nil }
            return twelfths(ofHalfTurns: BoundedRational.product(degrees, BoundedRational(trusted: 1, 180), work: &work))
                .flatMap { trig(function.keyFunction, twelfths: $0) }
        case .arcSine, .arcCosine, .arcTangent, .arcSineDegrees, .arcCosineDegrees, .arcTangentDegrees:
            guard let t = inverseTrigTwelfths(function.keyFunction, x) else { return nil }
            // The angle in the function's unit: t·π/12 radians, or 15t degrees.
            return function == function.keyFunction
                ? ExactValue(BoundedRational(Int128(t), 12, work: &work)!, .pi)
                : ExactValue(BoundedRational(Int128(15 * t)))
        case .naturalLog: return x == .one ? .zero : x == .e ? .one : nil
        case .commonLog: return powerOfTen(x).map { ExactValue(BoundedRational(Int128($0))) }
        case .exponential: return x == .zero ? .one : x == .one ? .e : nil
        case .powerOfTen:
            guard let k = x.rational, k.isInteger, k.numerator.magnitude <= 38 else { return nil }
            return BoundedRational.power(BoundedRational(trusted: 10, 1), Int(k.numerator), work: &work).map { ExactValue($0) }
        }
    }

    /// A number of half turns (q, for the angle qπ) as twelfths of a half turn in [0, 24), when q is a
    /// multiple of 1/6 or 1/4: the angles of the table.
    private func twelfths(ofHalfTurns q: BoundedRational?) -> Int? {
        guard let q, [1, 2, 3, 4, 6].contains(q.denominator), let r = q.modulo(2) else { return nil }
        return Int(r.numerator * (12 / r.denominator))
    }

    /// sin, cos or tan of t·π/12, t a multiple of 2 or 3 in [0, 24).
    private mutating func trig(_ function: UnaryFunction, twelfths t: Int) -> ExactValue? {
        switch function {
        case .sine: return Self.sine(twelfths: t)
        case .cosine: return Self.sine(twelfths: (t + 6) % 24)
        default:
            // sin/cos: 0 at the poles (π/2, 3π/2) gives nil, as tan(π/2) is no number.
            return reciprocal(Self.sine(twelfths: (t + 6) % 24)).flatMap { product(Self.sine(twelfths: t), $0) }
        }
    }

    /// sin(t·π/12) for t in [0, 24): the first quadrant's values, mirrored.
    static func sine(twelfths t: Int) -> ExactValue {
        if t >= 12 { return ExactValue(-sine(twelfths: t - 12).coefficient, sine(twelfths: t - 12).constant) }
        switch min(t, 12 - t) {
        case 0: return .zero
        case 2: return ExactValue(BoundedRational(trusted: 1, 2))
        case 3: return ExactValue(BoundedRational(trusted: 1, 2), .squareRoot(2))
        case 4: return ExactValue(BoundedRational(trusted: 1, 2), .squareRoot(3))
        default: return .one // 6: a quarter turn
        }
    }

    /// The angle, in twelfths of π, whose sin, cos or tan is `x`, when it is in the table: sin⁻¹ in [−6, 6],
    /// cos⁻¹ in [0, 12], tan⁻¹ in (−6, 6).
    private func inverseTrigTwelfths(_ function: UnaryFunction, _ x: ExactValue) -> Int? {
        let positive = ExactValue(x.coefficient.isNegative ? -x.coefficient : x.coefficient, x.constant)
        let sign = x.coefficient.isNegative ? -1 : 1
        switch function {
        case .arcSine, .arcCosine:
            guard let t = [0, 2, 3, 4, 6].first(where: { Self.sine(twelfths: $0) == positive }) else { return nil }
            return function == .arcSine ? sign * t : 6 - sign * t
        default:
            let tangents = [0: ExactValue.zero, 2: ExactValue(BoundedRational(trusted: 1, 3), .squareRoot(3)),
                            3: ExactValue.one, 4: ExactValue(.one, .squareRoot(3))]
            return tangents.first(where: { $0.value == positive }).map { sign * $0.key }
        }
    }

    /// k when x is 10ᵏ (1000 is 3, 1/100 is −2).
    private func powerOfTen(_ x: ExactValue) -> Int? {
        guard let q = x.rational, !q.isNegative, !q.isZero else { return nil }
        let (n, d) = (q.numerator, q.denominator)
        guard n == 1 || d == 1 else { return nil }
        var m = n == 1 ? d : n, k = 0
        while m % 10 == 0 { m /= 10; k += 1 }
        guard m == 1 else { return nil }
        return n == 1 ? -k : k
    }
}
