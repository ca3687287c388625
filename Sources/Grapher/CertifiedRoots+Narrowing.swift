/// A proved sign change narrowed to the width the points report promises, every sign it relies on proved by
/// an enclosure at a point, so the zero stays inside.
extension CertifiedRoots {
    /// Secant steps while they pay: the secant of the bracket's end values estimates the zero, and a probe
    /// a quarter of the tolerance either side of it either closes the bracket at once (the signs differ:
    /// the zero is between them) or moves the end on their side up to them. A step that does not halve the
    /// bracket is followed by a bisection, so a bad estimate costs no more than bisecting would. Near a
    /// simple zero the estimates converge fast: a few steps where bisection took twenty or more, so a
    /// budget proves more zeros (M·sin M over ±1000).
    func narrowed(_ a: Double, _ b: Double, values: (Double, Double), rising: Bool, budget: inout Int) -> Root? {
        var (a, b) = (a, b)
        var (fa, fb) = values
        var bisectNext = false
        while b - a > Self.tolerance(a, b) {
            let width = b - a
            if !bisectNext, secantStep(&a, &b, &fa, &fb, rising: rising, budget: &budget) {
                bisectNext = b - a > width / 2
                continue
            }
            bisectNext = false
            budget -= 1
            var sign = 0, m = a, middle = 0.0
            for ratio in [0.5, 0.375, 0.625] {
                m = a + (b - a) * ratio
                guard m > a, m < b else { break }
                let v = value(m, m)
                sign = v.sign
                middle = v.middle
                if sign != 0 { break }
            }
            guard sign != 0 else { return nil } // the value is too close to 0 to tell a side: undecided
            if (sign < 0) == rising { (a, fa) = (m, middle) } else { (b, fb) = (m, middle) }
        }
        return Root(lower: a, upper: b, direction: rising ? 1 : -1, isUnique: false)
    }

    /// One secant step: false when there is none to take (no usable estimate, a probe outside the bracket,
    /// too near 0 to sign, or signed against the bracket's direction), true when its probes closed the
    /// bracket around the zero or moved one end.
    private func secantStep(_ a: inout Double, _ b: inout Double, _ fa: inout Double, _ fb: inout Double,
                            rising: Bool, budget: inout Int) -> Bool {
        guard fa.isFinite, fb.isFinite, fa != fb else { return false }
        let estimate = a - fa * ((b - a) / (fb - fa))
        let d = Self.tolerance(a, b) / 4
        let lo = estimate - d, hi = estimate + d
        guard estimate.isFinite, lo > a, hi < b, lo < hi else { return false }
        budget -= 2
        let vlo = value(lo, lo), vhi = value(hi, hi)
        let slo = vlo.sign, shi = vhi.sign
        guard slo != 0, shi != 0 else { return false }
        if slo != shi {
            // A sign change between the probes, the bracket's way round: the zero is between them.
            guard (slo < 0) == rising else { return false }
            (a, fa, b, fb) = (lo, vlo.middle, hi, vhi.middle)
            return true
        }
        // Both on one side of the zero: the end on that side comes up to the nearer probe.
        if (slo < 0) == rising { (a, fa) = (hi, vhi.middle) } else { (b, fb) = (lo, vlo.middle) }
        return true
    }
}

extension Enclosure {
    /// The middle of the bounds: at a point, about the function's value there (an estimate, never a proof).
    var middle: Double { lower / 2 + upper / 2 }
}
