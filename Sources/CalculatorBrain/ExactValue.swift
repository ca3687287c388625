/// A number known exactly: a bounded rational times one constant of a small set, 1, π, e or √n with n
/// square-free (1/3, 2√2, π/4, -√3/2, e). The brain keeps one beside a value's Double wherever it can be
/// known cheaply and for certain (`ExactArithmetic`); where it cannot (ln 2, π², 1 + √2, or a rational too
/// big for `BoundedRational`), there is none and the Double carries on alone.
///
/// After Boehm's "Towards an API for the real numbers" (PLDI 2020) and Android's calculator, whose
/// `UnifiedReal` is a rational times a real with a known symbolic form; here the forms are few and fixed,
/// so equality, the decimal and every rule are decided without evaluating anything.
public struct ExactValue: Hashable, Sendable {
    /// The constant a rational multiplies.
    public enum Constant: Hashable, Sendable {
        case one, pi, e
        /// √n, n square-free and from 2 to `maximumRadicand`.
        case squareRoot(UInt64)
    }

    /// The radicands √n keeps: below 2⁵³, so n and √n are Doubles within half an ulp.
    public static let maximumRadicand: UInt64 = 1 << 53 - 1

    public let coefficient: BoundedRational
    /// `.one` whenever the coefficient is 0.
    public let constant: Constant

    public init(_ coefficient: BoundedRational, _ constant: Constant = .one) {
        self.coefficient = coefficient
        self.constant = coefficient.isZero ? .one : constant
    }

    /// A whole number: a typed 7.
    public init(_ integer: Int) { self.init(BoundedRational(Int128(integer))) }

    public static let zero = ExactValue(.zero)
    public static let one = ExactValue(.one)
    public static let pi = ExactValue(.one, .pi)
    public static let e = ExactValue(.one, .e)

    public var isRational: Bool { constant == .one }
    /// The rational itself, when the constant is 1.
    public var rational: BoundedRational? { isRational ? coefficient : nil }

    /// The value as a Double: a rational correctly rounded (a typed number is the Double its digits parse
    /// to), a multiple of a constant within about two ulps.
    public var double: Double {
        var work = 0
        return double(work: &work)
    }

    func double(work: inout Int) -> Double {
        let q = coefficient.double(work: &work)
        switch constant {
        case .one: return q
        case .pi: return q * Double.pi
        case .e: return q * Operation.eValue
        case .squareRoot(let n): return q * Double(n).squareRoot()
        }
    }

    /// The decimal a typed number's digits say: `digits` (at most 15 of them, as entry allows, or more) times
    /// 10^`exponent`; nil when it does not fit a bounded rational (1e-320, 1e300).
    public init?(decimalDigits digits: [UInt8], exponent: Int, negative: Bool) {
        var work = 0
        var integer: Int128 = 0
        for digit in digits {
            guard digit < 10, let shifted = BoundedRational.product(integer, 10) else { return nil }
            integer = shifted + Int128(digit)
        }
        guard let power = BoundedRational.power(BoundedRational(trusted: 10, 1), exponent, work: &work),
              let value = BoundedRational.product(BoundedRational(negative ? -integer : integer), power, work: &work) else { return nil }
        self.init(value)
    }
}
