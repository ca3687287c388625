/// A function whose integral over a short piece of x can be proved (`ProvedIntegral` adds the pieces up).
public protocol IntegrableFunction {
    /// What is proved of ∫_lower^upper f(x) dx, for lower < upper.
    func integralEnclosure(from lower: Double, to upper: Double) -> IntegralEnclosure
    /// The enclosures one `integralEnclosure` costs at most: the unit work budgets count in.
    var enclosuresPerIntegralPiece: Int { get }
}

/// What is proved of an integral over one piece.
public struct IntegralEnclosure: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// lower ≤ the integral ≤ upper, both finite.
        case proved
        /// The function is undefined at every x of the piece: there is no integral.
        case undefined
        /// Nothing is proved (the function may be undefined somewhere, or unbounded); a shorter piece may do better.
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

    public static let unproved = IntegralEnclosure(lower: -.infinity, upper: .infinity, status: .unproved)
}
