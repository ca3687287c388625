/// A closed interval of real numbers whose arithmetic rounds outward: each bound is computed to nearest,
/// then stepped one ulp away, so the exact result of the real operation lies inside. The sums and
/// products of a proved integral go through it (its terms are reals, not the doubles a program computes).
public struct OutwardInterval: Sendable, Equatable {
    public var lower: Double
    public var upper: Double

    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The one real number `value` (a double is a real number exactly).
    public init(exactly value: Double) {
        self.init(value, value)
    }

    /// Knows nothing.
    public static let unbounded = OutwardInterval(-.infinity, .infinity)

    public var isFinite: Bool { lower.isFinite && upper.isFinite }

    /// upper − lower, rounded up.
    public var width: Double { (upper - lower).nextUp }

    /// The middle, rounded to nearest: inside, not a bound.
    public var middle: Double { lower / 2 + upper / 2 }

    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }

    public static func + (a: OutwardInterval, b: OutwardInterval) -> OutwardInterval {
        outward(a.lower + b.lower, a.upper + b.upper)
    }

    public static func - (a: OutwardInterval, b: OutwardInterval) -> OutwardInterval {
        outward(a.lower - b.upper, a.upper - b.lower)
    }

    public static prefix func - (a: OutwardInterval) -> OutwardInterval {
        OutwardInterval(-a.upper, -a.lower)
    }

    public static func * (a: OutwardInterval, b: OutwardInterval) -> OutwardInterval {
        let p = a.lower * b.lower, q = a.lower * b.upper, r = a.upper * b.lower, s = a.upper * b.upper
        // 0 × ∞: nothing is known.
        if p.isNaN || q.isNaN || r.isNaN || s.isNaN { return .unbounded }
        return outward(Swift.min(p, q, r, s), Swift.max(p, q, r, s))
    }

    /// Divided by a positive double.
    public func divided(by n: Double) -> OutwardInterval {
        precondition(n > 0, "OutwardInterval.divided(by:) takes a positive divisor")
        return OutwardInterval.outward(lower / n, upper / n)
    }

    /// Raised to a power of at least 1, by repeated products (each rounded outward).
    public func power(_ n: Int) -> OutwardInterval {
        precondition(n >= 1, "OutwardInterval.power takes n >= 1")
        var result = self
        for _ in 1..<n { result = result * self }
        return result
    }

    /// Grown by `fraction` of each bound's size: room for the rounding of constants a computation was
    /// built with (ln 10, π/180), which the interval arithmetic itself does not see.
    public func widened(relative fraction: Double) -> OutwardInterval {
        OutwardInterval.outward(lower - Swift.abs(lower) * fraction, upper + Swift.abs(upper) * fraction)
    }

    /// Both hold the same real number: what they share. Two sound enclosures always overlap; if they do
    /// not, the first is kept (the caller's plainer one).
    public func intersection(_ other: OutwardInterval) -> OutwardInterval {
        let lo = Swift.max(lower, other.lower), hi = Swift.min(upper, other.upper)
        return lo <= hi ? OutwardInterval(lo, hi) : self
    }

    /// A bound computed to nearest lies within half an ulp of the exact one: one step away covers it.
    /// (NaN never reaches here: the callers rule out ∞ − ∞ and 0 × ∞.)
    static func outward(_ lo: Double, _ hi: Double) -> OutwardInterval {
        if lo.isNaN || hi.isNaN { return .unbounded }
        return OutwardInterval(lo.nextDown, hi.nextUp)
    }
}
