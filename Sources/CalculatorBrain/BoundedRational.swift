/// A rational number p/q in lowest terms, q > 0, with p and q within Int128 (and p never Int128.min): the
/// coefficient of an exact value. Android's calculator bounds its rationals by size too (Boehm's
/// `BoundedRational`); here the bound is the width of the integers: what would not fit is no rational at all
/// (nil), and the value it belonged to carries on as a Double. Never wrong, only less exact.
///
/// Every operation costs time bounded by the width (a binary gcd is at most 256 rounds): the count of rounds
/// goes to `work`, which the cost tests add up.
public struct BoundedRational: Hashable, Sendable {
    public let numerator: Int128
    public let denominator: Int128

    public static let zero = BoundedRational(trusted: 0, 1)
    public static let one = BoundedRational(trusted: 1, 1)

    /// Already in lowest terms with a positive denominator.
    init(trusted numerator: Int128, _ denominator: Int128) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public init(_ integer: Int128) {
        precondition(integer != .min, "BoundedRational: Int128.min has no negative")
        self.init(trusted: integer, 1)
    }

    /// n/d in lowest terms; nil when d is 0 or either is Int128.min (whose negative does not fit).
    init?(_ n: Int128, _ d: Int128, work: inout Int) {
        guard d != 0, n != .min, d != .min else { return nil }
        let g = Int128(Self.gcd(n.magnitude, d.magnitude, work: &work))
        let sign: Int128 = d < 0 ? -1 : 1
        self.init(trusted: sign * (n / g), sign * (d / g))
    }

    public var isInteger: Bool { denominator == 1 }
    public var isZero: Bool { numerator == 0 }
    public var isNegative: Bool { numerator < 0 }

    public static prefix func - (x: BoundedRational) -> BoundedRational {
        BoundedRational(trusted: -x.numerator, x.denominator)
    }

    /// Stein's binary gcd: at most one round per bit of the two operands.
    static func gcd(_ a: UInt128, _ b: UInt128, work: inout Int) -> UInt128 {
        if a == 0 { return b }
        if b == 0 { return a }
        if a == 1 || b == 1 { return 1 }
        // Most operands fit a machine word, where each round is one word's shift and subtraction.
        if a <= UInt128(UInt64.max) && b <= UInt128(UInt64.max) { return UInt128(stein(UInt64(a), UInt64(b), work: &work)) }
        return stein(a, b, work: &work)
    }

    /// The gcd of two nonzero numbers.
    @inline(__always)
    private static func stein<Word: FixedWidthInteger & UnsignedInteger>(_ a: Word, _ b: Word, work: inout Int) -> Word {
        var a = a, b = b
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            work += 1
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }

    // MARK: Arithmetic (nil when the result does not fit)

    static func sum(_ x: BoundedRational, _ y: BoundedRational, work: inout Int) -> BoundedRational? {
        if x.isZero { return y }
        if y.isZero { return x }
        if x.isInteger && y.isInteger {
            let (n, overflow) = x.numerator.addingReportingOverflow(y.numerator)
            return overflow || n == .min ? nil : BoundedRational(trusted: n, 1)
        }
        let g = Int128(gcd(x.denominator.magnitude, y.denominator.magnitude, work: &work))
        let (xd, yd) = (x.denominator / g, y.denominator / g)
        guard let a = product(x.numerator, yd), let b = product(y.numerator, xd), let d = product(x.denominator, yd) else { return nil }
        let (n, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { return nil }
        return BoundedRational(n, d, work: &work)
    }

    static func product(_ x: BoundedRational, _ y: BoundedRational, work: inout Int) -> BoundedRational? {
        if x.isZero || y.isZero { return .zero }
        // Cross-cancelled first, so the product is in lowest terms and overflows only when it must.
        let g1 = Int128(gcd(x.numerator.magnitude, y.denominator.magnitude, work: &work))
        let g2 = Int128(gcd(y.numerator.magnitude, x.denominator.magnitude, work: &work))
        guard let n = product(x.numerator / g1, y.numerator / g2),
              let d = product(x.denominator / g2, y.denominator / g1), n != .min else { return nil }
        return BoundedRational(trusted: n, d)
    }

    /// 1/x; nil for 0.
    var reciprocal: BoundedRational? {
        guard !isZero else { return nil }
        return numerator < 0 ? BoundedRational(trusted: -denominator, -numerator) : BoundedRational(trusted: denominator, numerator)
    }

    /// xᵏ by squaring: at most 2·log₂|k| products, and none once one overflows.
    static func power(_ x: BoundedRational, _ k: Int, work: inout Int) -> BoundedRational? {
        if k == 0 { return .one }
        guard var base = k < 0 ? x.reciprocal : x else { return nil }
        var e = k.magnitude
        var result = BoundedRational.one
        while true {
            if e & 1 == 1 { guard let r = product(result, base, work: &work) else { return nil }; result = r }
            e >>= 1
            if e == 0 { return result }
            guard let b = product(base, base, work: &work) else { return nil }
            base = b
        }
    }

    /// The remainder of x by the positive integer m, in [0, m): x − m·⌊x/m⌋. nil when m·denominator does not fit.
    func modulo(_ m: Int128) -> BoundedRational? {
        guard let period = Self.product(m, denominator) else { return nil }
        var r = numerator % period
        if r < 0 { r += period }
        // r/denominator stays in lowest terms: any common factor would divide the numerator too.
        return BoundedRational(trusted: r, denominator)
    }

    /// a·b, nil on overflow or when it is Int128.min.
    static func product(_ a: Int128, _ b: Int128) -> Int128? {
        let (p, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow || p == .min ? nil : p
    }

    static func < (x: BoundedRational, y: BoundedRational) -> Bool {
        // Compared by the signs first, then cross products in full width: no overflow.
        if x.isNegative != y.isNegative { return x.isNegative }
        let a = x.numerator.multipliedFullWidth(by: y.denominator), b = y.numerator.multipliedFullWidth(by: x.denominator)
        return a.high < b.high || (a.high == b.high && a.low < b.low)
    }
}
