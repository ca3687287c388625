extension UnaryFunction {
    /// A sound enclosure of this function applied to every value of `a` (which is not nowhere).
    /// `ends`, when given, are `apply(a.lower)` and `apply(a.upper)`, already computed by the caller (the
    /// grapher has them as samples): the functions whose bounds are exactly those use them instead of
    /// calling libm again (`usesEnds`), so the enclosure is the same doubles.
    func enclosure(_ a: IntervalValue, ends: (lower: Double, upper: Double)? = nil) -> IntervalValue {
        let lo = a.lower, hi = a.upper
        let ulps = keyFunction == self ? IntervalValue.libmUlps : UnaryFunction.degreeUlps
        switch self {
        case .negate:
            return .result(-hi, -lo, ulps: 0, operands: a)
        // Correctly rounded and monotone, computed as the program computes them: the ends bound
        // exactly (see BinaryFunction.enclosure).
        case .percent:
            return .result(lo / 100, hi / 100, ulps: 0, operands: a)
        case .square:
            let l = lo * lo, h = hi * hi
            return .result(a.contains(0) ? 0 : Swift.min(l, h), Swift.max(l, h), ulps: 0, operands: a)
        case .cube:
            return .result(lo * lo * lo, hi * hi * hi, ulps: 0, operands: a)
        case .cubeRoot:
            return .result(ends?.lower ?? libm_cbrt(lo), ends?.upper ?? libm_cbrt(hi), ulps: ulps, operands: a)
        case .reciprocal:
            // 1/±0 is ±∞: a pole, and with ±0 we cannot tell which sign.
            if a.contains(0) { return .result(-.infinity, .infinity, ulps: 0, operands: a, continuous: false) }
            return .result(1 / hi, 1 / lo, ulps: 0, operands: a)
        case .squareRoot:
            // Correctly rounded and monotone, as the arithmetic above: √ of 0 is exactly 0, so √(M − M) is.
            if hi < 0 { return .nowhere }
            return .result(Swift.max(lo, 0).squareRoot(), hi.squareRoot(), ulps: 0, operands: a, mayBeNaN: lo < 0)
        case .naturalLog, .commonLog:
            if hi < 0 { return .nowhere }
            let l = Swift.max(lo, 0)
            return .result(apply(l), apply(hi), ulps: ulps, operands: a, mayBeNaN: lo < 0)
        case .exponential, .powerOfTen:
            var r = IntervalValue.result(ends?.lower ?? apply(lo), ends?.upper ?? apply(hi), ulps: ulps, operands: a)
            r.lower = Swift.max(r.lower, 0)
            // Values that underflow through the subnormals to 0 step; something like x^0.01
            // downstream turns those steps into visible jumps.
            if r.lower < Double.leastNormalMagnitude { r.isContinuous = false }
            return r
        case .arcTangent, .arcTangentDegrees:
            var r = IntervalValue.result(ends?.lower ?? apply(lo), ends?.upper ?? apply(hi), ulps: ulps, operands: a)
            r.isContinuous = a.isContinuous
            return r
        case .arcSine, .arcCosine, .arcSineDegrees, .arcCosineDegrees:
            if hi < -1 || lo > 1 { return .nowhere }
            let l = Swift.max(lo, -1), h = Swift.min(hi, 1)
            let (from, to) = keyFunction == .arcSine ? (apply(l), apply(h)) : (apply(h), apply(l))
            return .result(from, to, ulps: ulps, operands: a, mayBeNaN: lo < -1 || hi > 1)
        case .sine, .cosine, .sineDegrees, .cosineDegrees:
            return periodicEnclosure(a, halfTurn: self == keyFunction ? Double.pi : 180, ulps: ulps, ends: ends)
        case .tangent, .tangentDegrees:
            return tangentEnclosure(a, halfTurn: self == keyFunction ? Double.pi : 180, ulps: ulps, ends: ends)
        }
    }

    /// Whether `enclosure(_:ends:)` bounds by exactly `apply` at both ends whenever it looks at them, so
    /// that ends computed by the caller give the same enclosure (√ and log clamp their ends, the inverse
    /// sines too; the arithmetic ones cost less than the lookup).
    var usesEnds: Bool {
        switch self {
        case .cubeRoot, .exponential, .powerOfTen, .arcTangent, .arcTangentDegrees,
             .sine, .cosine, .sineDegrees, .cosineDegrees, .tangent, .tangentDegrees:
            return true
        case .squareRoot, .square, .cube, .reciprocal, .negate, .percent, .naturalLog, .commonLog,
             .arcSine, .arcCosine, .arcSineDegrees, .arcCosineDegrees:
            return false
        }
    }

    /// The degree functions round once more than libm (the conversion), and give exact values at
    /// special angles beside libm's neighbours: a wider margin keeps their enclosures sound.
    static let degreeUlps = 2 * IntervalValue.libmUlps

    /// sin or cos, whose period is two half turns (π, or 180 in degrees).
    private func periodicEnclosure(_ a: IntervalValue, halfTurn: Double, ulps: Int,
                                   ends: (lower: Double, upper: Double)?) -> IntervalValue {
        let lo = a.lower, hi = a.upper
        if a.mayBeInfinite {
            return .result(-1, 1, ulps: 0, operands: a, mayBeNaN: true, continuous: false)
        }
        let isSine = keyFunction == .sine
        let (peak, trough) = isSine ? (halfTurn / 2, -halfTurn / 2) : (0, halfTurn)
        let s = ends?.lower ?? apply(lo), t = ends?.upper ?? apply(hi)
        var r = IntervalValue.result(Swift.min(s, t), Swift.max(s, t), ulps: ulps, operands: a)
        if UnaryFunction.meets(lo, hi, offset: peak, period: 2 * halfTurn) { r.upper = 1 }
        if UnaryFunction.meets(lo, hi, offset: trough, period: 2 * halfTurn) { r.lower = -1 }
        r.lower = Swift.max(r.lower, -1)
        r.upper = Swift.min(r.upper, 1)
        // Out there an argument's rounding (100 + M, then exp) is worth many periods: the computed
        // values step and scatter, so continuity is not something worth claiming.
        if Swift.max(Swift.abs(lo), Swift.abs(hi)) >= UnaryFunction.unresolvedArgument { r.isContinuous = false }
        return r
    }

    private func tangentEnclosure(_ a: IntervalValue, halfTurn: Double, ulps: Int,
                                  ends: (lower: Double, upper: Double)?) -> IntervalValue {
        if a.mayBeInfinite || UnaryFunction.meets(a.lower, a.upper, offset: halfTurn / 2, period: halfTurn) {
            return .result(-.infinity, .infinity, ulps: 0, operands: a, mayBeNaN: a.mayBeInfinite, continuous: false)
        }
        return .result(ends?.lower ?? apply(a.lower), ends?.upper ?? apply(a.upper), ulps: ulps, operands: a)
    }

    /// Where periodic functions stop being worth reasoning about point by point.
    static let unresolvedArgument = 1e9

    /// Whether some offset + k·period may lie in [lo, hi]. Errs towards yes: a small tolerance
    /// covers the rounding of the candidates, and huge arguments (where π's rounding
    /// dominates) always answer yes.
    static func meets(_ lo: Double, _ hi: Double, offset: Double, period: Double) -> Bool {
        let size = Swift.max(Swift.abs(lo), Swift.abs(hi))
        guard size < unresolvedArgument, hi - lo < period else { return true }
        let tolerance = 1e-12 * (1 + size)
        var k = ((lo - offset) / period).rounded(.down) - 1
        while true {
            let candidate = offset + k * period
            if candidate > hi + tolerance { return false }
            if candidate >= lo - tolerance { return true }
            k += 1
        }
    }
}
