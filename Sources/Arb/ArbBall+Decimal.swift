import CArb

/// A ball's ends as decimals, rounded outward: what a display proves its digits from.
extension ArbBall {
    /// A decimal `significand` · 10^`exponent`: the significand's digits with a leading "-" where negative.
    public struct DecimalBound: Equatable, Sendable {
        public var significand: String
        public var exponent: Int
    }

    /// The lower end rounded down and the upper end rounded up to about `digits` significant digits, so the
    /// ball lies within [lower, upper]; nil where an end is not finite or beyond 10^±(maxBits·0.3).
    public func decimalBounds(digits: Int, maxBits: Int = 1 << 16) -> (lower: DecimalBound, upper: DecimalBound)? {
        guard let lower = bound(upper: false, digits: digits, maxBits: maxBits),
              let upper = bound(upper: true, digits: digits, maxBits: maxBits) else { return nil }
        return (lower, upper)
    }

    private func bound(upper: Bool, digits: Int, maxBits: Int) -> DecimalBound? {
        var exponent = 0
        guard let text = calx_arb_decimal_bound(storage, upper ? 1 : 0, digits, maxBits, &exponent) else { return nil }
        defer { calx_arb_free_string(text) }
        return DecimalBound(significand: String(cString: text), exponent: exponent)
    }
}
