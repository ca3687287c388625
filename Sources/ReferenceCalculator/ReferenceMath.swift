#if canImport(Glibc)
import Glibc
#endif

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
    /// is not 0 (`underflows`) is one too; near those edges, unsure.
    /// `spread(b)` is how far the answer moves when its operands move by their bounds `b`: for the calculator's
    /// operands (`bound`), and for the true ones (`truth`, nil where the calculator cannot know them exactly).
    /// A few last places are added unless nothing spread and `definition` (the formula is the definition);
    /// to the truth unless the IEEE result is the answer itself (`exact`).
    /// `own` is how far the reference's own y may be from the function of its operands, beyond its last rounding
    /// (an angle in degrees turned into radians in Doubles), whatever their bounds: exact operands included.
    static func finish(_ y: Double, _ operands: (bound: Double, truth: Double?), spread: (Double) -> Double, underflows: Bool,
                       definition: Bool = true, exact: Bool = false, own: Double = 0) -> ReferenceValue {
        if y.isNaN || y.isInfinite { return .error }
        // A subnormal keeps too few bits for its bounds (they underflow to 0), and the calculator shows the real
        // number's digits there, not the subnormal's: the reference cannot say.
        if y != 0 && abs(y) < Double.leastNormalMagnitude { return .unsure }
        let slack = ReferenceValue.ulps * abs(y)
        func spreading(_ b: Double) -> Double {
            guard b != 0 else { return 0 }
            let s = spread(b)
            return s.isNaN ? .infinity : s
        }
        let spread = spreading(operands.bound)
        // The calculator shows the real number's digits (Arb's proof), not its Double's: even an operation of
        // exact operands is a last place or two from the IEEE result the reference computes.
        var bound = spread == 0 && definition && exact ? 0 : spread + slack + own
        var truth: Double?
        if let t = operands.truth, ReferenceValue.inExactRange(y) {
            let spread = spreading(t)
            // An IEEE result is within a last place or two of the answer (libm's too), the calculator's exact answer's
            // Double within two of the true value.
            let gap = spread == 0 && exact ? 0 : spread + 2 * Double.ulpOfOne * abs(y) + own
            truth = gap
            if gap > 0 { bound = max(bound, gap + 2 * Double.ulpOfOne * abs(y)) }
        }
        if abs(y) + bound >= Double.greatestFiniteMagnitude { return .unsure }
        if underflows {
            if y == 0 { return bound > 0 ? .unsure : .error }
            if abs(y) - bound <= Double.leastNonzeroMagnitude { return .unsure }
        }
        return .number(y, bound: bound, truth: truth)
    }

    static func unary(_ name: String, degrees: Bool, _ a: ReferenceValue) -> ReferenceValue {
        guard case .number(let x, let e, let truth) = a else { return a }
        let k = degrees ? degree : 1
        // The truth goes on only where the calculator may know the answer exactly (`mayBeExact`).
        let operands = (bound: e, truth: truth.flatMap { mayBeExact(name, x, within: $0, degrees: degrees) ? $0 : nil })
        switch name {
        case "√":
            if let d = domain(x < 0, unsure: straddles(x, e, 0)) { return d }
            let y = sqrt(x)
            return finish(y, operands, spread: { b in x > b ? b / (2 * sqrt(x - b)) : sqrt(b) }, underflows: false,
                          exact: IEEEExactness.product(y, y, x))
        case "∛":
            let y = cbrt(x)
            return finish(y, operands, spread: { b in abs(x) > b ? b / (3 * pow(cbrt(abs(x) - b), 2)) : 2 * cbrt(b) },
                          underflows: false, exact: IEEEExactness.product(y, y, y * y) && IEEEExactness.product(y * y, y, x))
        case "x²":
            let y = x * x
            return finish(y, operands, spread: { b in b * (2 * abs(x) + b) }, underflows: x != 0, exact: IEEEExactness.product(x, x, y))
        case "x³":
            let y = x * x * x
            return finish(y, operands, spread: { b in b * (3 * x * x + 3 * abs(x) * b + b * b) }, underflows: x != 0,
                          exact: IEEEExactness.product(x, x, x * x) && IEEEExactness.product(x * x, x, y))
        case "x⁻¹":
            if let d = domain(x == 0, unsure: straddles(x, e, 0)) { return d }
            let y = 1 / x
            return finish(y, operands, spread: { b in b / (abs(x) * (abs(x) - b)) }, underflows: false,
                          exact: IEEEExactness.quotient(1, x, y))
        case "±": return .number(-x, bound: e, truth: truth)
        case "%":
            let y = x / 100
            return finish(y, operands, spread: { b in b / 100 }, underflows: x != 0, exact: IEEEExactness.quotient(x, 100, y))
        case "sin", "cos", "tan": return trig(name, x, operands, degrees: degrees)
        case "sin⁻¹", "cos⁻¹":
            if let d = domain(abs(x) > 1, unsure: straddles(abs(x), e, 1)) { return d }
            let exactDegrees: [Double: Double] = name == "sin⁻¹" ? [1: 90, -1: -90, 0.5: 30, -0.5: -30, 0: 0]
                                                                 : [1: 0, -1: 180, 0: 90, 0.5: 60, -0.5: 120]
            let slope = { (b: Double) -> Double in b / sqrt(1 - (abs(x) + b) * (abs(x) + b)) / k }
            if degrees, e == 0, let y = exactDegrees[x] { return tabled(y, operands, spread: slope) }
            let y = (name == "sin⁻¹" ? asin(x) : acos(x)) / k
            return finish(y, operands, spread: slope, underflows: false, definition: !degrees, exact: x == (name == "sin⁻¹" ? 0 : 1))
        case "tan⁻¹":
            let slope = { (b: Double) -> Double in b / (1 + x * x) / k }
            if degrees, e == 0, abs(x) == 1 { return tabled(45 * x, operands, spread: slope) }
            return finish(atan(x) / k, operands, spread: slope, underflows: false, definition: !degrees, exact: x == 0)
        case "ln", "log₁₀":
            if let d = domain(x <= 0, unsure: straddles(x, e, 0)) { return d }
            let y = name == "ln" ? log(x) : log10(x)
            let exact = x == 1 || (name == "log₁₀" && IEEEExactness.power(10, y, x))
            return finish(y, operands, spread: { b in b / ((x - b) * (name == "ln" ? 1 : log(10))) }, underflows: false, exact: exact)
        case "eˣ":
            let y = exp(x)
            // y·(e^b − 1) bounds both sides; x + b in Doubles may round back to x (b is half an ulp of x), and
            // then exp(x + b) − y would say 0 (seed 20261207's case 8033: 16.17 10ˣ was 29 ulps off).
            return finish(y, operands, spread: { b in y * expm1(b) }, underflows: true, exact: x == 0)
        case "10ˣ":
            let y = pow(10, x)
            return finish(y, operands, spread: { b in y * expm1(b * log(10)) }, underflows: true,
                          exact: IEEEExactness.power(10, x, y))
        default: return .unsure
        }
    }

    /// Whether the calculator may know `name` of `x` exactly, the true operand being within `t` of `x` (and
    /// known exactly): by the README's rules, the functions are exact only near their special points (sin at
    /// multiples of π/12 or 15°, ln at 1 and e, 10ˣ at whole numbers, …); the arithmetic anywhere.
    static func mayBeExact(_ name: String, _ x: Double, within t: Double, degrees: Bool) -> Bool {
        func near(_ target: Double) -> Bool { abs(x - target) <= t + 4 * Double.ulpOfOne * max(abs(x), abs(target)) }
        func nearMultiple(of step: Double) -> Bool { near((x / step).rounded() * step) }
        let r2 = 2.0.squareRoot() / 2, r3 = 3.0.squareRoot()
        switch name {
        case "sin", "cos", "tan": return nearMultiple(of: degrees ? 15 : Double.pi / 12)
        case "sin⁻¹", "cos⁻¹": return [0, 0.5, r2, r3 / 2, 1].contains { near($0) || near(-$0) }
        case "tan⁻¹": return [0, r3 / 3, 1, r3].contains { near($0) || near(-$0) }
        case "ln": return near(1) || near(2.718281828459045)
        case "eˣ": return near(0) || near(1)
        case "10ˣ": return nearMultiple(of: 1) && abs(x) <= 39
        case "log₁₀": return x > 0 && abs(log10(x)) <= 39 && near(pow(10, log10(x).rounded()))
        default: return true
        }
    }

    /// A degree function's exact value from its table, at an argument the calculator holds as it is (bound 0):
    /// its truth moves with the argument's by `spread`. Where the argument's truth is not its Double (a typed
    /// 4.2e33 is 42·10³² to the calculator, which reduces that to 240°, while the Double reduces to 180°), the
    /// calculator's exact answer may lie anywhere the truth reaches: so may the bound, as in `finish`.
    private static func tabled(_ y: Double, _ operands: (bound: Double, truth: Double?), spread: (Double) -> Double) -> ReferenceValue {
        guard let t = operands.truth, t != 0 else { return .number(y, bound: 0, truth: operands.truth) }
        let gap = spread(t).isNaN ? .infinity : spread(t) + ReferenceValue.ulps * abs(y)
        return .number(y, bound: gap + 2 * Double.ulpOfOne * abs(y), truth: gap)
    }

    /// sin, cos, tan, in degrees reduced by whole turns first (exact), and exact where the answer is
    /// 0, ±1/2 or ±1 (and tan's ±1), as the calculator promises.
    static func trig(_ name: String, _ x: Double, _ operands: (bound: Double, truth: Double?), degrees: Bool) -> ReferenceValue {
        guard x.isFinite else { return .error }
        let k = degrees ? degree : 1
        let angle = degrees ? fmod(x, 360) : x
        if degrees, operands.bound == 0, angle == angle.rounded() {
            // Whole degrees only: a tiny negative angle plus 360 would round to 360.
            let r = angle < 0 ? angle + 360 : angle
            let table: [Double: Double] = switch name {
            case "sin": [0: 0, 30: 0.5, 90: 1, 150: 0.5, 180: 0, 210: -0.5, 270: -1, 330: -0.5, 360: 0]
            case "cos": [0: 1, 60: 0.5, 90: 0, 120: -0.5, 180: -1, 240: -0.5, 270: 0, 300: 0.5, 360: 1]
            default: [0: 0, 45: 1, 135: -1, 180: 0, 225: 1, 315: -1, 360: 0]
            }
            // sin° and cos° move by at most π/180 a degree, tan° by 2π/180 at ±45°.
            if let y = table[r] { return tabled(y, operands, spread: { b in 2 * b * k }) }
            if name == "tan", r == 90 || r == 270 { return .error }
        }
        let t = angle * k
        // In degrees the calculator reduces the angle its own way: a few last places of it, in radians.
        let reduction = degrees ? 4 * Double.ulpOfOne * abs(t) : 0
        func spread(_ b: Double) -> Double { b * k + reduction }
        // sin° and tan° are 0 at whole half turns, and from a rounded-away answer only at angles so small that
        // their radians underflow: an angle near neither is no underflow whatever its bound.
        let underflows = degrees && fmod(x, 180) != 0 && abs(x) < 1e-290
        switch name {
        case "sin": return finish(sin(t), operands, spread: spread, underflows: underflows, definition: !degrees, exact: x == 0,
                                  own: reduction)
        case "cos": return finish(cos(t), operands, spread: spread, underflows: false, definition: !degrees, exact: x == 0,
                                  own: reduction)
        default:
            let c = cos(t)
            let reach = max(spread(operands.bound), operands.truth.map(spread) ?? 0)
            if reach > 0 && abs(c) <= reach * 4 { return .unsure } // within reach of a pole
            let y = tan(t)
            // The radians' own rounding moves tan by its slope: at 88° that is 821 times, so 628° typed exactly is
            // still a few ulps of tan from the truth (seed 2026_12_22's key 53220, through M).
            return finish(y, operands, spread: { b in spread(b) * (1 + y * y) * 2 }, underflows: underflows, definition: !degrees,
                          exact: x == 0, own: reduction * (1 + y * y) * 2)
        }
    }

    static func binary(_ name: String, _ a: ReferenceValue, _ b: ReferenceValue) -> ReferenceValue {
        // The first error on the way, whichever operand's it is.
        if a == .error || b == .error { return .error }
        guard case .number(let x, let ex, let tx) = a, case .number(let y, let ey, let ty) = b else { return .unsure }
        // How far the two operands' bounds move the answer: the calculator's, and the truth's where both have one.
        func operands(mayBeExact: Bool = true, _ spread: (Double, Double) -> Double) -> (bound: Double, truth: Double?) {
            let truth: Double? = if let tx, let ty, mayBeExact { spread(tx, ty) } else { nil }
            return (spread(ex, ey), truth)
        }
        switch name {
        case "+", "−":
            let z = name == "+" ? x + y : x - y
            return finish(z, operands { bx, by in bx + by }, spread: { $0 }, underflows: false,
                          exact: IEEEExactness.sum(x, name == "+" ? y : -y, z))
        case "×":
            let z = x * y
            return finish(z, operands { bx, by in abs(x) * by + abs(y) * bx + bx * by }, spread: { $0 }, underflows: x != 0 && y != 0,
                          exact: IEEEExactness.product(x, y, z))
        case "÷":
            if let d = domain(y == 0, unsure: straddles(y, ey, 0)) { return d }
            let z = x / y
            return finish(z, operands { bx, by in (abs(x) * by + abs(y) * bx) / (abs(y) * (abs(y) - by)) }, spread: { $0 },
                          underflows: x != 0, exact: IEEEExactness.quotient(x, y, z))
        case "xʸ":
            // 0 to an exponent within its bound of 0 is 1, 0 or an error by the exponent's sign, and the
            // calculator may know that exponent is 0 (tan π, not the doubles' -1.2e-16): unsure.
            if x == 0 && straddles(y, ey, 0) { return .unsure }
            // A base the calculator may know is exactly 1 (65 to the power tan π) to a power that magnifies the
            // doubles' last place (1.7e240): 1 there, anything here.
            let baseReach = max(ex, tx ?? 0)
            if straddles(x, baseReach, 1) && abs(y) * baseReach > 1e-12 { return .unsure }
            // A base the calculator may know is exactly 0 (sin π, not the doubles' 1.2e-16): 0 there, so where the
            // doubles' tiny base underflows, needs a whole exponent, or takes a negative one, unsure.
            let integral = y == y.rounded()
            let z = pow(x, y)
            if straddles(x, baseReach, 0) && (y < 0 || !integral || !z.isFinite || abs(z) < Double.leastNormalMagnitude) {
                return .unsure
            }
            if let d = domain(x == 0 && y < 0, unsure: straddles(x, ex, 0) && y < 0) { return d }
            if x < 0 || straddles(x, ex, 0) {
                // A negative base needs a whole exponent; one within its bound of a whole number is unsure.
                if ey > 0 && floor(y + ey) != floor(y - ey) { return .unsure }
                if x < 0 && !integral { return .error }
            }
            let spread = { (bx: Double, by: Double) -> Double in
                (bx == 0 ? 0 : abs(y * pow(abs(x), y - 1)) * bx) + (by == 0 || z == 0 ? 0 : abs(z * log(abs(x))) * by)
            }
            // Exact only to a whole power.
            let whole = ty.map { abs(y - y.rounded()) <= $0 + 4 * Double.ulpOfOne * abs(y) } ?? false
            return finish(z, operands(mayBeExact: whole, spread), spread: { $0 }, underflows: x != 0, exact: IEEEExactness.power(x, y, z))
        default: return .unsure
        }
    }
}
