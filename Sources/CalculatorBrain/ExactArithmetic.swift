/// The rules by which an exact value stays exact: +, −, ×, ÷, ±, %, x², x³, x⁻¹, xʸ with a whole exponent,
/// √ and ∛ of rationals, and the functions at the points where their value is in the set
/// (`ExactArithmetic+Functions`). Each answers nil wherever the result is not in the set, does not fit, or is
/// no real number (√-4, 1 ÷ 0, tan(π/2)): the Double decides there, as it always did.
///
/// Every rule costs time bounded by the operands' width, never by what came before; `work` counts the rounds
/// of its loops (gcds, divisions, conversions) for the cost tests.
struct ExactArithmetic: Sendable {
    var work = 0

    /// The most `work` one rule and one conversion to a Double can cost: a binary gcd of two 128-bit numbers is
    /// at most 256 rounds, xʸ takes at most 18 products of two gcds each (the exponent is at most 256), √ at
    /// most 168 trial divisions and 64 more for the factors found, the Double 183 rounds.
    static let workPerNode = 12_000

    mutating func apply(_ function: BinaryFunction, _ x: ExactValue, _ y: ExactValue) -> ExactValue? {
        switch function {
        case .add: return sum(x, y)
        case .subtract: return sum(x, negative(y))
        case .multiply: return product(x, y)
        case .divide: return quotient(x, y)
        case .power: return power(x, y)
        }
    }

    func negative(_ x: ExactValue) -> ExactValue { ExactValue(-x.coefficient, x.constant) }

    mutating func sum(_ x: ExactValue, _ y: ExactValue) -> ExactValue? {
        if x.coefficient.isZero { return y }
        if y.coefficient.isZero { return x }
        // 1 + √2 and π + 1 are not in the set.
        guard x.constant == y.constant, let q = BoundedRational.sum(x.coefficient, y.coefficient, work: &work) else { return nil }
        return ExactValue(q, x.constant)
    }

    mutating func product(_ x: ExactValue, _ y: ExactValue) -> ExactValue? {
        guard let q = BoundedRational.product(x.coefficient, y.coefficient, work: &work) else { return nil }
        switch (x.constant, y.constant) {
        case (.one, let c), (let c, .one): return ExactValue(q, c)
        case (.squareRoot(let a), .squareRoot(let b)):
            // √a·√b = g·√((a/g)(b/g)), g = gcd(a, b): both square-free, so the rest is too.
            let g = UInt64(BoundedRational.gcd(UInt128(a), UInt128(b), work: &work))
            let (rest, overflow) = (a / g).multipliedReportingOverflow(by: b / g)
            guard !overflow, rest <= ExactValue.maximumRadicand,
                  let scaled = BoundedRational.product(q, BoundedRational(Int128(g)), work: &work) else { return nil }
            return ExactValue(scaled, rest == 1 ? .one : .squareRoot(rest))
        default: return nil // π², πe, π√2
        }
    }

    /// x/y: over a rational or a root by its reciprocal; over the same constant a rational (π/π is 1, e/(2e) is 1/2).
    mutating func quotient(_ x: ExactValue, _ y: ExactValue) -> ExactValue? {
        if !x.coefficient.isZero, x.constant == y.constant, x.constant == .pi || x.constant == .e {
            guard let r = y.coefficient.reciprocal, let q = BoundedRational.product(x.coefficient, r, work: &work) else { return nil }
            return ExactValue(q)
        }
        return reciprocal(y).flatMap { product(x, $0) }
    }

    /// 1/x: 1/(q√n) = √n/(qn); nil for 0, and for π and e (1/π is not in the set).
    mutating func reciprocal(_ x: ExactValue) -> ExactValue? {
        guard let r = x.coefficient.reciprocal else { return nil }
        switch x.constant {
        case .one: return ExactValue(r)
        case .squareRoot(let n):
            guard let q = BoundedRational.product(r, BoundedRational(trusted: 1, Int128(n)), work: &work) else { return nil }
            return ExactValue(q, x.constant)
        case .pi, .e: return nil
        }
    }

    /// xᵏ for a whole k: (q√n)ᵏ is qᵏ·n^(k/2), times √n when k is odd; π and e only to the powers 0 and 1.
    /// 0⁰ is 1, as the Double's pow says; 0 to a negative power is no number.
    mutating func power(_ x: ExactValue, _ y: ExactValue) -> ExactValue? {
        guard let k = y.rational, k.isInteger else { return nil }
        if k.isZero { return .one }
        if x.coefficient.isZero { return k.isNegative ? nil : .zero }
        if x.isRational, x.coefficient.isInteger, x.coefficient.numerator.magnitude == 1 {
            return k.numerator & 1 == 0 ? .one : x // (±1)ᵏ, whatever k
        }
        // Past 256 every other base overflows: no need to try.
        guard k.numerator.magnitude <= 256 else { return nil }
        let exponent = Int(k.numerator)
        switch x.constant {
        case .one:
            return BoundedRational.power(x.coefficient, exponent, work: &work).map { ExactValue($0) }
        case .pi, .e:
            return exponent == 1 ? x : nil
        case .squareRoot(let n):
            let odd = exponent & 1 // 1 for odd k of either sign: (√n)⁻³ = n⁻²·√n
            guard let q = BoundedRational.power(x.coefficient, exponent, work: &work),
                  let radical = BoundedRational.power(BoundedRational(Int128(n)), (exponent - odd) / 2, work: &work),
                  let coefficient = BoundedRational.product(q, radical, work: &work) else { return nil }
            return ExactValue(coefficient, odd == 1 ? x.constant : .one)
        }
    }

    /// √ of a rational p/q ≥ 0: √(pq)/q, with the square part of pq taken out (√8 = 2√2, √(1/2) = √2/2).
    mutating func squareRoot(_ x: ExactValue) -> ExactValue? {
        guard let r = x.rational, !r.isNegative else { return nil }
        let (radicand, overflow) = UInt128(r.numerator).multipliedReportingOverflow(by: UInt128(r.denominator))
        guard !overflow, radicand <= UInt128(UInt64.max),
              let (square, squareFree) = IntegerRoots.squareFreeDecomposition(UInt64(radicand), work: &work),
              squareFree <= ExactValue.maximumRadicand,
              let q = BoundedRational(Int128(square), r.denominator, work: &work) else { return nil }
        return ExactValue(q, squareFree == 1 ? .one : .squareRoot(squareFree))
    }

    /// ∛ of a rational p/q: ∛(pq²)/q when pq² is a cube (∛(27/8) = 3/2); nil otherwise (∛2 is not in the set).
    mutating func cubeRoot(_ x: ExactValue) -> ExactValue? {
        guard let r = x.rational else { return nil }
        let d = UInt128(r.denominator)
        let (d2, o1) = d.multipliedReportingOverflow(by: d)
        let (radicand, o2) = r.numerator.magnitude.multipliedReportingOverflow(by: d2)
        work += 1
        guard !o1, !o2, let root = IntegerRoots.exactCubeRoot(radicand), root <= UInt128(Int128.max),
              let q = BoundedRational(Int128(root) * (r.isNegative ? -1 : 1), r.denominator, work: &work) else { return nil }
        return ExactValue(q)
    }

    mutating func double(_ x: ExactValue) -> Double { x.double(work: &work) }
}
