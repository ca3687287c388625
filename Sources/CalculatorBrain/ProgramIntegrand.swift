/// What is proved of ∫ f over one piece [lower, upper] of x.
public struct IntegralPiece: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// lower ≤ the integral ≤ upper, both finite.
        case proved
        /// f is undefined at every x of the piece: there is no integral.
        case undefined
        /// Nothing proved: f may be undefined somewhere, or unbounded (a pole). A shorter piece may do better.
        case unproved
    }
    public var lower: Double
    public var upper: Double
    public var status: Status

    public init(lower: Double, upper: Double, status: Status) {
        self.lower = lower
        self.upper = upper
        self.status = status
    }

    static let undefined = IntegralPiece(lower: -.infinity, upper: .infinity, status: .undefined)
    static let unproved = IntegralPiece(lower: -.infinity, upper: .infinity, status: .unproved)
}

/// A program's integral over short pieces, proved by interval arithmetic on the real function.
///
/// Over a piece [l, u] with midpoint m, Taylor's theorem to order N gives
///     ∫ f = Σ_{k<N} f⁽ᵏ⁾(m)/k! · ∫(x−m)ᵏ dx + ∫ f⁽ᴺ⁾(ξₓ)/N! · (x−m)ᴺ dx,
/// and since (x−m)ᴺ keeps one sign on each side of m, the remainder lies in f⁽ᴺ⁾([l, u])/N! times
/// ∫_l^m (x−m)ᴺ plus the same times ∫_m^u (x−m)ᴺ. The derivatives are the expression's own symbolic ones;
/// f⁽ᵏ⁾(m) are enclosures at the one point m (so the rounding of f(m) is enclosed), f⁽ᴺ⁾ over the piece.
/// With N = 4 a piece of width h errs by O(h⁵ · width of f⁗). Where a derivative is not bounded on the piece
/// (√ at 0) the order drops, down to the plain enclosure f([l, u]) · (u − l), which is also intersected in.
public struct ProgramIntegrand: Sendable {
    public let variable: String
    /// f, f′, f″, …: as many as `maximumOrder` and `maximumDerivativeNodes` allow.
    let derivatives: [Expression]
    /// Each derivative's repeated operands (v − v, v ÷ v, v × v), found once.
    let repeats: [[RepeatedOperand?]?]

    public static let maximumOrder = 4
    /// A derivative larger than this is not built (each is a few times its function's size): the pieces then
    /// use the orders below it.
    public static let maximumDerivativeNodes = 20_000
    /// Derivatives carry constants rounded when they were built (ln 10 for log₁₀, π/180 in degrees, folded
    /// products): their terms are widened by this fraction, far more than that rounding can move them.
    static let derivativeSlack = 0x1p-40

    public init(_ expression: Expression, variable: String) {
        self.variable = variable
        var derivatives = [expression]
        while derivatives.count <= Self.maximumOrder, derivatives[derivatives.count - 1].nodes.count <= Self.maximumDerivativeNodes {
            let next = derivatives[derivatives.count - 1].derivative(by: variable)
            guard next.nodes.count <= Self.maximumDerivativeNodes else { break }
            derivatives.append(next)
        }
        self.derivatives = derivatives
        repeats = derivatives.map { $0.repeatedOperands() }
    }

    /// The k-th derivative's real enclosure over x.
    private func enclosure(_ k: Int, over x: IntervalValue) -> IntervalValue {
        IntervalValue.enclosingReal(derivatives[k], variable: variable, repeats: repeats[k], x: x)
    }

    /// The highest order a piece may use.
    public var order: Int { derivatives.count - 1 }

    /// The most enclosures one `piece` computes (each derivative over the piece, each below the top at m):
    /// the unit budgets count in.
    public var enclosuresPerPiece: Int { 2 * order + 1 }

    /// The most program steps one `piece` evaluates: each of its enclosures walks its derivative's every node,
    /// so a piece of a 10,000-step program costs thousands of times one of x², and a budget of work counts these.
    public var stepsPerPiece: Int {
        derivatives.indices.reduce(0) { sum, k in sum + derivatives[k].nodes.count * (k < order ? 2 : 1) }
    }

    /// What is proved of ∫_lower^upper f (lower < upper, both finite).
    public func piece(from lower: Double, to upper: Double) -> IntegralPiece {
        guard lower < upper, lower.isFinite, upper.isFinite else { return .unproved }
        let x = IntervalValue(lower, upper)
        let f = enclosure(0, over: x)
        if f.definedness == .nowhere { return .undefined }
        guard f.definedness == .everywhere, f.lower.isFinite, f.upper.isFinite else { return .unproved }
        let width = OutwardInterval.outward(upper - lower, upper - lower)
        // Bounded and defined everywhere: integrable, and the plain bound holds whatever else is known.
        let plain = OutwardInterval(f.lower, f.upper) * width
        guard f.isContinuous else { return Self.proved(plain) }

        var overPiece = [OutwardInterval(f.lower, f.upper)]
        for k in 1..<derivatives.count {
            let d = enclosure(k, over: x)
            guard d.definedness == .everywhere, d.isContinuous, d.lower.isFinite, d.upper.isFinite else { break }
            overPiece.append(OutwardInterval(d.lower, d.upper).widened(relative: Self.derivativeSlack))
        }
        let n = overPiece.count - 1
        let m = lower / 2 + upper / 2
        guard n > 0, lower < m, m < upper else { return Self.proved(plain) }

        // x − m at the ends: dl ≤ 0 ≤ du.
        let dl = OutwardInterval.outward(lower - m, lower - m), du = OutwardInterval.outward(upper - m, upper - m)
        let below = OutwardInterval(dl.lower, Swift.min(dl.upper, 0)), above = OutwardInterval(Swift.max(du.lower, 0), du.upper)
        /// ∫_l^m (x−m)ᵏ dx and ∫_m^u (x−m)ᵏ dx.
        func moments(_ k: Int) -> (left: OutwardInterval, right: OutwardInterval) {
            let left = -(below.power(k + 1).divided(by: Double(k + 1)))
            let right = above.power(k + 1).divided(by: Double(k + 1))
            return (left, right)
        }
        var sum = OutwardInterval(exactly: 0)
        var factorial = 1.0
        let point = IntervalValue(m, m)
        for k in 0..<n {
            if k > 0 { factorial *= Double(k) }
            let d = enclosure(k, over: point)
            guard d.definedness == .everywhere, d.lower.isFinite, d.upper.isFinite else { return Self.proved(plain) }
            var value = OutwardInterval(d.lower, d.upper)
            if k > 0 { value = value.widened(relative: Self.derivativeSlack) }
            let (left, right) = moments(k)
            sum = sum + value.divided(by: factorial) * (left + right)
        }
        factorial *= Double(n)
        let remainder = overPiece[n].divided(by: factorial)
        let (left, right) = moments(n)
        let taylor = sum + remainder * left + remainder * right
        guard taylor.isFinite else { return Self.proved(plain) }
        return Self.proved(plain.intersection(taylor))
    }

    private static func proved(_ bounds: OutwardInterval) -> IntegralPiece {
        bounds.isFinite ? IntegralPiece(lower: bounds.lower, upper: bounds.upper, status: .proved) : .unproved
    }
}
