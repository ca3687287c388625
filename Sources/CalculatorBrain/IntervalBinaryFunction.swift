extension BinaryFunction {
    /// A sound enclosure of this function over every pair of values of `a` and `b`.
    /// Round-to-nearest +−×÷ are monotone in each operand and the compiled program computes with the
    /// same `apply`, so corner values bound the computed points exactly: no margin is added. A margin
    /// would do harm: M² − 1 at M = 1 would reach an ulp below 0, and √ of it would seem undefined at its
    /// end, a defined end drawn as a hole.
    func enclosure(_ a: IntervalValue, _ b: IntervalValue) -> IntervalValue {
        if self == .power { return BinaryFunction.powerEnclosure(a, b) }
        if a.definedness == .nowhere || b.definedness == .nowhere { return .nowhere }
        switch self {
        case .add:
            let nan = (a.upper == .infinity && b.lower == -.infinity) || (a.lower == -.infinity && b.upper == .infinity)
            if nan { return .result(-.infinity, .infinity, ulps: 0, operands: a, b, mayBeNaN: true) }
            return .result(a.lower + b.lower, a.upper + b.upper, ulps: 0, operands: a, b)
        case .subtract:
            let nan = (a.upper == .infinity && b.upper == .infinity) || (a.lower == -.infinity && b.lower == -.infinity)
            if nan { return .result(-.infinity, .infinity, ulps: 0, operands: a, b, mayBeNaN: true) }
            return .result(a.lower - b.upper, a.upper - b.lower, ulps: 0, operands: a, b)
        case .multiply:
            // 0 × ∞ is NaN.
            if (a.contains(0) && b.mayBeInfinite) || (b.contains(0) && a.mayBeInfinite) {
                return .result(-.infinity, .infinity, ulps: 0, operands: a, b, mayBeNaN: true)
            }
            let (lo, hi) = BinaryFunction.corners(a, b) { $0 * $1 }
            return .result(lo, hi, ulps: 0, operands: a, b)
        case .divide:
            if b.contains(0) {
                // A pole (or 0/0): unbounded, never certainly continuous.
                return .result(-.infinity, .infinity, ulps: 0, operands: a, b, mayBeNaN: a.contains(0) || a.mayBeInfinite,
                               continuous: false)
            }
            if a.mayBeInfinite && b.mayBeInfinite {
                return .result(-.infinity, .infinity, ulps: 0, operands: a, b, mayBeNaN: true)
            }
            let (lo, hi) = BinaryFunction.corners(a, b) { $0 / $1 }
            return .result(lo, hi, ulps: 0, operands: a, b)
        case .power:
            return BinaryFunction.powerEnclosure(a, b)
        }
    }

    static func corners(_ a: IntervalValue, _ b: IntervalValue, _ f: (Double, Double) -> Double) -> (Double, Double) {
        let p = f(a.lower, b.lower), q = f(a.lower, b.upper), r = f(a.upper, b.lower), s = f(a.upper, b.upper)
        // Callers rule out 0×∞, ∞/∞ and ∞−∞ first; a NaN corner anyway makes the result unknown.
        if p.isNaN || q.isNaN || r.isNaN || s.isNaN { return (.nan, .nan) }
        return (Swift.min(p, q, r, s), Swift.max(p, q, r, s))
    }

    /// pow: an integer constant exponent works on any base; otherwise the base must be ≥ 0
    /// (a negative base with a non-integer exponent is NaN).
    static func powerEnclosure(_ a: IntervalValue, _ b: IntervalValue) -> IntervalValue {
        let ulps = IntervalValue.libmUlps
        // pow(NaN, 0) and pow(1, NaN) are 1, so an undefined operand does not always propagate.
        if a.definedness == .nowhere || b.definedness == .nowhere {
            let one = (a.definedness == .nowhere && b.contains(0)) || (b.definedness == .nowhere && a.contains(1))
            return one ? .unknown : .nowhere
        }
        if a.definedness != .everywhere || b.definedness != .everywhere {
            // Points where one side is NaN may still give 1; keep 1 inside the bounds.
            var r = powerEnclosure(a.defined, b.defined)
            if r.definedness == .nowhere { r = IntervalValue(lower: 1, upper: 1, definedness: .partly, isContinuous: false) }
            r.lower = Swift.min(r.lower, 1)
            r.upper = Swift.max(r.upper, 1)
            r.definedness = .partly
            r.isContinuous = false
            return r
        }
        if b.lower == b.upper, b.lower.isFinite, b.lower == b.lower.rounded() {
            let n = b.lower
            if n == 0 { return IntervalValue(1, 1) }
            let s = libm_pow(a.lower, n), t = libm_pow(a.upper, n)
            let even = (n / 2).rounded() == n / 2
            if a.contains(0) {
                if n < 0 { return .result(-.infinity, .infinity, ulps: 0, operands: a, continuous: false) }
                var r = IntervalValue.result(even ? 0 : s, even ? Swift.max(s, t) : t, ulps: ulps, operands: a)
                if even { r.lower = Swift.max(r.lower, 0) }
                return r
            }
            var r = IntervalValue.result(Swift.min(s, t), Swift.max(s, t), ulps: ulps, operands: a)
            if even { r.lower = Swift.max(r.lower, 0) }
            return r
        }
        if a.lower >= 0 {
            // 0^negative is ∞ and ±0 with an odd negative exponent is ±∞: give up on the sign there.
            if a.lower == 0 && b.lower < 0 {
                return .result(-.infinity, .infinity, ulps: 0, operands: a, b, continuous: false)
            }
            let (lo, hi) = corners(a, b) { libm_pow($0, $1) }
            // 0^0 is 1 but 0^b is 0 for b > 0: a jump at the corner.
            var r = IntervalValue.result(lo, hi, ulps: ulps, operands: a, b, continuous: !(a.lower == 0 && b.lower <= 0))
            r.lower = Swift.max(r.lower, 0)
            return r
        }
        if b.lower == b.upper, b.lower.isFinite {
            // A fixed non-integer exponent: NaN for the negative bases, as √ below 0.
            // Except that pow(−∞, y) is +∞ for y > 0 and 0 for y < 0.
            let fromMinusInfinity = b.lower > 0 ? Double.infinity : 0
            if a.upper < 0 {
                if a.lower > -.infinity { return .nowhere }
                return IntervalValue(lower: fromMinusInfinity, upper: fromMinusInfinity, definedness: .partly,
                                     isContinuous: false)
            }
            var r = powerEnclosure(IntervalValue(lower: 0, upper: a.upper, definedness: .everywhere,
                                                 isContinuous: a.isContinuous), b)
            r.definedness = .partly
            if a.lower == -.infinity {
                r.lower = Swift.min(r.lower, fromMinusInfinity)
                r.upper = Swift.max(r.upper, fromMinusInfinity)
                r.isContinuous = false
            }
            return r
        }
        if a.upper < 0, a.lower > -.infinity, b.lower.isFinite, b.upper.isFinite, b.lower.rounded(.up) > b.upper {
            // A negative base is defined only at integer exponents (pow(−2, y) is NaN for y not an
            // integer), and this range of exponents holds none.
            return .nowhere
        }
        return .unknown
    }
}

extension IntervalValue {
    /// The same bounds, assumed defined: the bounds of a partly defined value cover its defined points.
    var defined: IntervalValue {
        IntervalValue(lower: lower, upper: upper, definedness: .everywhere, isContinuous: isContinuous)
    }
}
