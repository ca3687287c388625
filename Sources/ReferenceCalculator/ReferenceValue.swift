#if canImport(Glibc)
import Glibc
#endif

/// What the reference computes for a term: a number with a bound on how far the calculator's own value
/// may lie from it, a named math error, or "unsure" when the two could honestly disagree (a divisor within
/// its bound of 0, an argument within its bound of a domain's edge): then nothing is checked.
///
/// The bound is first-order (derivative times the operands' bounds, plus a few last places where the
/// reference's formula is not the definition the calculator may use), with room to spare. Exact operands
/// under +, −, ×, ÷ and libm's functions give the IEEE result, which any calculator doing the arithmetic
/// gets too: bound 0. Degrees are where they may differ (converted here, reduced to an octant there), and
/// cancellation can make that last-place difference large compared with the answer.
///
/// The calculator may also know a term exactly, and then show the Double of the exact answer (sin π is 0,
/// 0.1 + 0.2 − 0.3 is 0) where the reference's doubles give the IEEE result (1.2e-16, 5.6e-17). So a number
/// also carries `truth`, how far the true value lies from it, wherever the calculator may know it exactly
/// (all its operands may, and it lies where the calculator's exact values lie); there the bound reaches the
/// true value too. A typed number is the decimal its digits say (within half a last place of its Double,
/// none for a whole number), π and e are within half a last place, and each function adds a few last places
/// of its answer unless the IEEE result is the answer itself.
public enum ReferenceValue: Equatable, Sendable {
    /// `truth`: nil where the calculator cannot know the term exactly (it computes with the Doubles as they are).
    case number(Double, bound: Double, truth: Double?)
    case error
    case unsure

    static let ulps = 8 * Double.ulpOfOne

    /// Where the calculator's exact values may lie: rationals of 128-bit integers (up to 1.7e38), times at most
    /// √n or π, so 7.3e37·π (2.3e38) is one. Wider errs safe: a value called exact that is not only makes the
    /// reference unsure near the special points.
    static func inExactRange(_ x: Double) -> Bool { x == 0 || (abs(x) >= 5e-39 && abs(x) <= 1e39) }

    static func exact(_ x: Double) -> ReferenceValue { .number(x, bound: 0, truth: 0) }

    /// π, e, a typed 0.1: the true value is within half a last place of `x` (none for a whole number a Double
    /// holds), and the calculator shows the true value's digits (its proof), so that is also the bound; a number
    /// the calculator cannot hold exactly (1e300) is its decimal there, as near.
    static func rounded(_ x: Double) -> ReferenceValue {
        // Half an ulp of a subnormal rounds to 0: a whole one there.
        let gap = x == x.rounded() && abs(x) < 0x1p53 ? 0 : max(x.ulp / 2, Double.leastNonzeroMagnitude)
        return .number(x, bound: gap, truth: inExactRange(x) ? gap : nil)
    }

    public var number: Double? {
        if case .number(let x, _, _) = self { return x }
        return nil
    }
}

/// Whether an IEEE operation on doubles gave its answer without rounding (checked by the exact residual an
/// fma leaves): then the true answer of true operands that are those doubles is that result.
enum IEEEExactness {
    static func sum(_ x: Double, _ y: Double, _ s: Double) -> Bool {
        guard s.isFinite else { return false }
        let b = s - x
        return (x - (s - b)) + (y - b) == 0 // TwoSum's error term
    }

    static func product(_ x: Double, _ y: Double, _ p: Double) -> Bool { p.isFinite && fma(x, y, -p) == 0 }

    static func quotient(_ x: Double, _ y: Double, _ q: Double) -> Bool { q.isFinite && fma(q, y, -x) == 0 }

    /// xⁿ by n exact products, for a whole n from 0 to 64.
    static func power(_ x: Double, _ n: Double, _ z: Double) -> Bool {
        guard n == n.rounded(), n >= 0, n <= 64 else { return false }
        var p = 1.0
        for _ in 0..<Int(n) {
            let q = p * x
            guard product(p, x, q) else { return false }
            p = q
        }
        return p == z
    }
}
