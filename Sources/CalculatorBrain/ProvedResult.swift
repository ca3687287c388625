/// What the real number a node stands for is proved to be: an enclosure by two decimals, or why none shows.
///
/// The keys denote real numbers (a typed 0.1 is 1/10, π is π); the Double a node computes is only near one.
/// A `ProvedResult` is about the real number: Arb's ball arithmetic evaluates the node's operations from its
/// exact leaves (`ProgramTape.proof(of:)`), so every digit a display takes from `lower` and `upper` is true.
public enum ProvedResult: Equatable, Sendable {
    /// lower ≤ x ≤ upper, both of one sign and neither 0: `CalculatorNumberFormat.proved` shows their common digits.
    case enclosure(lower: ProvedDecimal, upper: ProvedDecimal)
    /// Exactly 0 (known so, as 5 − 5 is).
    case zero
    /// The ball holds 0 and the number is not known to be 0 (∛2³ − 2): its sign, and any digit, are not known;
    /// or an operand is so (the reciprocal of ∛2³ − 2), so Arb could not bound it.
    case tooCloseToZero
    /// Nonzero, and below the smallest Double's magnitude: no display can carry it on to the next key.
    case underflow
    /// The budget ran out before a single digit was proved (or Arb could not bound it).
    case undecided
}

extension ProvedResult {
    var isEnclosure: Bool { if case .enclosure = self { true } else { false } }
}

/// A positive decimal: `digits` (no leading or trailing zero) for d₀.d₁d₂… × 10^`exponent`, and its sign.
public struct ProvedDecimal: Equatable, Sendable {
    var magnitude: CalculatorNumberFormat.Decimal
    var isNegative: Bool
}
