extension IntervalValue {
    /// Ulps every operation's bounds are stepped outward by in `enclosingReal`: +, −, ×, ÷, x², x³ and the
    /// percent round once or twice to nearest, which one ulp each covers; libm's functions carry their own
    /// margin already.
    static let realUlps = 2

    /// An enclosure of the real function an expression stands for, over x in `x`: every value of it, computed
    /// with exact arithmetic on the expression's own constants, lies inside.
    ///
    /// `evaluate` encloses what the compiled program computes in doubles: round-to-nearest is monotone, so
    /// the rounded corners bound the rounded points, exactly and with no margin (which the graph needs: a
    /// margin makes √(1 − M²) look undefined at its ends). The exact real operation can lie half an ulp
    /// beyond a rounded corner; an integral is of the real function, so here each node's bounds are stepped
    /// outward. Folding would round constants first, so this walks the expression as written.
    static func enclosingReal(_ e: Expression, variable: String, x: IntervalValue) -> IntervalValue {
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
                    value.stepOutward()
                case .binary(let f, let a, let b):
                    value = f.enclosure(values[a], values[b])
                    value.stepOutward()
                }
                (values.baseAddress! + index).initialize(to: value)
            }
            return values[e.nodes.count - 1]
        }
    }

    /// `realUlps` steps outward, where there are values to bound; a bound that reaches ∞ is no longer finite,
    /// so no longer continuous.
    private mutating func stepOutward() {
        guard definedness != .nowhere, !lower.isNaN, !upper.isNaN else { return }
        lower = IntervalValue.widenDown(lower, IntervalValue.realUlps)
        upper = IntervalValue.widenUp(upper, IntervalValue.realUlps)
        if !(lower.isFinite && upper.isFinite) { isContinuous = false }
    }
}
