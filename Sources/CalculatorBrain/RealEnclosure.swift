extension IntervalValue {
    /// An enclosure of the real function an expression stands for, over x in `x`: every value of it, computed
    /// with exact arithmetic on the expression's own constants, lies inside.
    ///
    /// `evaluate` encloses what the compiled program computes in doubles: round-to-nearest is monotone, so
    /// the rounded corners bound the rounded points, exactly and with no margin (which the graph needs: a
    /// margin makes √(1 − M²) look undefined at its ends). The exact real operation can lie half an ulp
    /// beyond a rounded corner; an integral is of the real function, so here +, −, ×, ÷, x², x³, x⁻¹ and %
    /// round their bounds outward (`DirectedRounding`: not at all where exact). libm's functions already
    /// carry a margin of ulps around their computed ends. Folding would round constants first, so this
    /// walks the expression as written. `repeats` (`Expression.repeatedOperands()`) encloses v − v, v ÷ v and
    /// v × v exactly, as `evaluate` does: each identity holds of reals as of doubles, so √(M − M) is 0 here
    /// too, defined everywhere, and its integral is proved 0 rather than uncertain.
    static func enclosingReal(_ e: Expression, variable: String, repeats: [RepeatedOperand?]?, x: IntervalValue) -> IntervalValue {
        withUnsafeTemporaryAllocation(of: IntervalValue.self, capacity: e.nodes.count) { values in
            for (index, node) in e.nodes.enumerated() {
                var value: IntervalValue
                switch node {
                case .constant(let c):
                    value = c.isNaN ? nowhere : IntervalValue(c, c)
                case .variable(let name):
                    // Every other variable is 0, as in Expression.value with it missing.
                    value = name == variable ? x : IntervalValue(0, 0)
                case .unary(let f, let a):
                    value = values[a].definedness == .nowhere ? nowhere : f.enclosure(values[a])
                    value.roundOutward(f, values[a])
                case .binary(let f, let a, let b):
                    if let repeats, let rule = repeats[index] {
                        value = realRepeated(rule, values[a])
                    } else {
                        value = f.enclosure(values[a], values[b])
                        value.roundOutward(f, values[a], values[b])
                    }
                }
                (values.baseAddress! + index).initialize(to: value)
            }
            return values[e.nodes.count - 1]
        }
    }

    /// `repeated`'s identities of the real operation: ±0 and ±1 are exact; ±v² is rounded outward.
    private static func realRepeated(_ rule: RepeatedOperand, _ v: IntervalValue) -> IntervalValue {
        guard case .square(let sign) = rule, v.definedness != .nowhere else { return repeated(rule, v) }
        var square = UnaryFunction.square.enclosure(v)
        square.roundOutward(.square, v)
        return sign > 0 ? square : UnaryFunction.negate.enclosure(square)
    }

    /// The bounds of an arithmetic function of `a`, again with directed rounding, where they are finite.
    private mutating func roundOutward(_ f: UnaryFunction, _ a: IntervalValue) {
        guard hasFiniteBounds, a.hasFiniteBounds else { return }
        let lo = a.lower, hi = a.upper
        switch f {
        case .square:
            let low = Swift.min(DirectedRounding.product(lo, lo, up: false), DirectedRounding.product(hi, hi, up: false))
            setBounds(a.contains(0) ? 0 : low,
                      Swift.max(DirectedRounding.product(lo, lo, up: true), DirectedRounding.product(hi, hi, up: true)))
        case .cube: setBounds(DirectedRounding.cube(lo, up: false), DirectedRounding.cube(hi, up: true))
        case .reciprocal: setBounds(DirectedRounding.quotient(1, hi, up: false), DirectedRounding.quotient(1, lo, up: true))
        case .percent: setBounds(DirectedRounding.quotient(lo, 100, up: false), DirectedRounding.quotient(hi, 100, up: true))
        default: break
        }
    }

    private mutating func roundOutward(_ f: BinaryFunction, _ a: IntervalValue, _ b: IntervalValue) {
        guard hasFiniteBounds, a.hasFiniteBounds, b.hasFiniteBounds else { return }
        switch f {
        case .add:
            setBounds(DirectedRounding.sum(a.lower, b.lower, up: false), DirectedRounding.sum(a.upper, b.upper, up: true))
        case .subtract:
            setBounds(DirectedRounding.sum(a.lower, -b.upper, up: false), DirectedRounding.sum(a.upper, -b.lower, up: true))
        case .multiply: setCorners(a, b, DirectedRounding.product)
        case .divide: setCorners(a, b, DirectedRounding.quotient)
        case .power: break
        }
    }

    private var hasFiniteBounds: Bool { definedness != .nowhere && lower.isFinite && upper.isFinite }

    private mutating func setCorners(_ a: IntervalValue, _ b: IntervalValue, _ op: (Double, Double, Bool) -> Double) {
        let lo = Swift.min(op(a.lower, b.lower, false), op(a.lower, b.upper, false), op(a.upper, b.lower, false), op(a.upper, b.upper, false))
        let hi = Swift.max(op(a.lower, b.lower, true), op(a.lower, b.upper, true), op(a.upper, b.lower, true), op(a.upper, b.upper, true))
        setBounds(lo, hi)
    }

    /// New bounds of the same definedness; a bound that reached ∞ is no longer continuous.
    private mutating func setBounds(_ lo: Double, _ hi: Double) {
        lower = lo
        upper = hi
        if !(lo.isFinite && hi.isFinite) { isContinuous = false }
    }
}
