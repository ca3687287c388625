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
public enum ReferenceValue: Equatable, Sendable {
    case number(Double, bound: Double)
    case error
    case unsure

    static let ulps = 8 * Double.ulpOfOne

    static func exact(_ x: Double) -> ReferenceValue { .number(x, bound: 0) }

    public var number: Double? {
        if case .number(let x, _) = self { return x }
        return nil
    }
}

/// The reference's own functions, written from the definitions (libm, and degrees reduced by whole turns),
/// independent of the calculator's. Names are the keys' labels.
enum ReferenceMath {
    static let degree = Double.pi / 180

    /// Whether the interval of `x` ± `bound` reaches past `edge` on both sides.
    static func straddles(_ x: Double, _ bound: Double, _ edge: Double) -> Bool {
        x - bound <= edge && x + bound >= edge && bound > 0
    }

    /// A result that is a named error when `isError`, unsure when the operand is within its bound of that.
    static func domain(_ isError: Bool, unsure: Bool) -> ReferenceValue? {
        if unsure { return .unsure }
        return isError ? .error : nil
    }

    /// The finish of every function: infinite or NaN from finite operands is an error; 0 from an answer that
    /// is not 0 (`underflows`) is one too; near those edges, unsure. `bound` is what the operands' bounds
    /// spread to; a few last places are added unless it is 0 and `definition` (the formula is the definition).
    static func finish(_ y: Double, bound spread: Double, underflows: Bool, definition: Bool = true) -> ReferenceValue {
        let bound = spread.isNaN ? .infinity : spread == 0 && definition ? 0 : spread + ReferenceValue.ulps * abs(y)
        if y.isNaN || y.isInfinite { return .error }
        if abs(y) + bound >= Double.greatestFiniteMagnitude { return .unsure }
        if underflows {
            if y == 0 { return bound > 0 ? .unsure : .error }
            if abs(y) - bound <= Double.leastNonzeroMagnitude { return .unsure }
        }
        return .number(y, bound: bound)
    }

    static func unary(_ name: String, degrees: Bool, _ a: ReferenceValue) -> ReferenceValue {
        guard case .number(let x, let e) = a else { return a }
        let k = degrees ? degree : 1
        /// The spread of a result whose slope at x is `slope`: none from an exact operand.
        func spread(_ slope: @autoclosure () -> Double) -> Double { e == 0 ? 0 : e * slope() }
        switch name {
        case "√":
            if let d = domain(x < 0, unsure: straddles(x, e, 0)) { return d }
            return finish(sqrt(x), bound: x > e ? spread(1 / (2 * sqrt(x - e))) : sqrt(e), underflows: false)
        case "∛": return finish(cbrt(x), bound: abs(x) > e ? spread(1 / (3 * pow(cbrt(abs(x) - e), 2))) : 2 * cbrt(e), underflows: false)
        case "x²": return finish(x * x, bound: spread(2 * abs(x) + e), underflows: x != 0)
        case "x³": return finish(x * x * x, bound: spread(3 * x * x + 3 * abs(x) * e + e * e), underflows: x != 0)
        case "x⁻¹":
            if let d = domain(x == 0, unsure: straddles(x, e, 0)) { return d }
            return finish(1 / x, bound: spread(1 / (abs(x) * (abs(x) - e))), underflows: false)
        case "±": return .number(-x, bound: e)
        case "%": return finish(x / 100, bound: e / 100, underflows: x != 0)
        case "sin", "cos", "tan": return trig(name, x, e, degrees: degrees)
        case "sin⁻¹", "cos⁻¹":
            if let d = domain(abs(x) > 1, unsure: straddles(abs(x), e, 1)) { return d }
            let exactDegrees: [Double: Double] = name == "sin⁻¹" ? [1: 90, -1: -90, 0.5: 30, -0.5: -30, 0: 0]
                                                                 : [1: 0, -1: 180, 0: 90, 0.5: 60, -0.5: 120]
            if degrees, e == 0, let y = exactDegrees[x] { return .exact(y) }
            let y = (name == "sin⁻¹" ? asin(x) : acos(x)) / k
            return finish(y, bound: spread(1 / sqrt(1 - (abs(x) + e) * (abs(x) + e)) / k), underflows: false, definition: !degrees)
        case "tan⁻¹":
            if degrees, e == 0, abs(x) == 1 { return .exact(45 * x) }
            return finish(atan(x) / k, bound: spread(1 / (1 + x * x) / k), underflows: false, definition: !degrees)
        case "ln", "log₁₀":
            if let d = domain(x <= 0, unsure: straddles(x, e, 0)) { return d }
            let y = name == "ln" ? log(x) : log10(x)
            return finish(y, bound: spread(1 / ((x - e) * (name == "ln" ? 1 : log(10)))), underflows: false)
        case "eˣ": let y = exp(x); return finish(y, bound: y * (exp(e) - 1), underflows: true)
        case "10ˣ": let y = pow(10, x); return finish(y, bound: y * (pow(10, e) - 1), underflows: true)
        default: return .unsure
        }
    }

    /// sin, cos, tan, in degrees reduced by whole turns first (exact), and exact where the answer is
    /// 0, ±1/2 or ±1 (and tan's ±1), as the calculator promises.
    static func trig(_ name: String, _ x: Double, _ e: Double, degrees: Bool) -> ReferenceValue {
        guard x.isFinite else { return .error }
        let k = degrees ? degree : 1
        let angle = degrees ? fmod(x, 360) : x
        if degrees, e == 0, angle == angle.rounded() {
            // Whole degrees only: a tiny negative angle plus 360 would round to 360.
            let r = angle < 0 ? angle + 360 : angle
            let table: [Double: Double] = switch name {
            case "sin": [0: 0, 30: 0.5, 90: 1, 150: 0.5, 180: 0, 210: -0.5, 270: -1, 330: -0.5, 360: 0]
            case "cos": [0: 1, 60: 0.5, 90: 0, 120: -0.5, 180: -1, 240: -0.5, 270: 0, 300: 0.5, 360: 1]
            default: [0: 0, 45: 1, 135: -1, 180: 0, 225: 1, 315: -1, 360: 0]
            }
            if let y = table[r] { return .exact(y) }
            if name == "tan", r == 90 || r == 270 { return .error }
        }
        let t = angle * k
        // In degrees the calculator reduces the angle its own way: a few last places of it, in radians.
        let spread = e * k + (degrees ? 4 * Double.ulpOfOne * abs(t) : 0)
        switch name {
        case "sin": return finish(sin(t), bound: spread, underflows: degrees && fmod(x, 180) != 0, definition: !degrees)
        case "cos": return finish(cos(t), bound: spread, underflows: false, definition: !degrees)
        default:
            let c = cos(t)
            if spread > 0 && abs(c) <= spread * 4 { return .unsure } // within reach of a pole
            let y = tan(t)
            return finish(y, bound: spread * (1 + y * y) * 2, underflows: degrees && fmod(x, 180) != 0, definition: !degrees)
        }
    }

    static func binary(_ name: String, _ a: ReferenceValue, _ b: ReferenceValue) -> ReferenceValue {
        // The first error on the way, whichever operand's it is.
        if a == .error || b == .error { return .error }
        guard case .number(let x, let ex) = a, case .number(let y, let ey) = b else { return .unsure }
        switch name {
        case "+": return finish(x + y, bound: ex + ey, underflows: false)
        case "−": return finish(x - y, bound: ex + ey, underflows: false)
        case "×": return finish(x * y, bound: abs(x) * ey + abs(y) * ex + ex * ey, underflows: x != 0 && y != 0)
        case "÷":
            if let d = domain(y == 0, unsure: straddles(y, ey, 0)) { return d }
            return finish(x / y, bound: (abs(x) * ey + abs(y) * ex) / (abs(y) * (abs(y) - ey)), underflows: x != 0)
        case "xʸ":
            if let d = domain(x == 0 && y < 0, unsure: straddles(x, ex, 0) && y < 0) { return d }
            let integral = y == y.rounded()
            if x < 0 || straddles(x, ex, 0) {
                // A negative base needs a whole exponent; one within its bound of a whole number is unsure.
                if ey > 0 && floor(y + ey) != floor(y - ey) { return .unsure }
                if x < 0 && !integral { return .error }
            }
            let z = pow(x, y)
            let slope = (ex == 0 ? 0 : abs(y * pow(abs(x), y - 1)) * ex) + (ey == 0 ? 0 : abs(z * log(abs(x))) * ey)
            return finish(z, bound: slope.isNaN ? .infinity : slope, underflows: x != 0)
        default: return .unsure
        }
    }
}
