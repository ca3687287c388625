import SeededRandom
import Foundation
import Grapher
import Raster

/// Test functions, each with a hand-written sound enclosure (or none, for the fallback path).
/// Bounds are widened by a few ulps so rounding can never make them unsound.
func widened(_ lo: Double, _ hi: Double) -> (Double, Double) {
    (min(lo, hi).nextDown.nextDown, max(lo, hi).nextUp.nextUp)
}

struct Tan: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { tan(x) }
    /// The pole nearest above a, in the same floating arithmetic the test checks against.
    static func firstPole(atOrAbove a: Double) -> Double {
        let k = ((a - .pi / 2) / .pi).rounded(.up)
        return .pi / 2 + k * .pi
    }
    /// How far the Double pole may sit from where floating tan changes sign: rounding of kπ plus
    /// the error of Double.pi itself, times k.
    static func poleMargin(_ pole: Double) -> Double { 8 * pole.ulp + abs(pole / .pi) * 2.5e-16 + 1e-300 }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        let pole = Tan.firstPole(atOrAbove: a - Tan.poleMargin(a) - 1e-15 * max(1, abs(a)))
        if pole <= b + Tan.poleMargin(pole) || b - a >= .pi {
            return Enclosure(lower: -.infinity, upper: .infinity, isContinuous: false, definedness: .everywhere)
        }
        let (lo, hi) = widened(tan(a), tan(b))
        return Enclosure(lower: lo, upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

/// 1/(x − p)^power, power 1 or 2.
struct Reciprocal: GraphableFunction {
    var pole = 0.0
    var squared = false
    var withEnclosure = true
    func value(at x: Double) -> Double {
        let d = x - pole
        return squared ? 1 / (d * d) : 1 / d
    }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if a <= pole && pole <= b {
            if a == b { return Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere) }
            return Enclosure(lower: squared ? 0 : -.infinity, upper: .infinity, isContinuous: false, definedness: .partly)
        }
        let (lo, hi) = widened(value(at: a), value(at: b))
        return Enclosure(lower: lo, upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

struct SquareRoot: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { x.squareRoot() }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if b < 0 { return Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere) }
        if a < 0 { return Enclosure(lower: 0, upper: b.squareRoot().nextUp, isContinuous: false, definedness: .partly) }
        let (lo, hi) = widened(a.squareRoot(), b.squareRoot())
        return Enclosure(lower: max(0, lo), upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

struct NaturalLog: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { log(x) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if b <= 0 { return Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere) }
        if a <= 0 { return Enclosure(lower: -.infinity, upper: log(b).nextUp, isContinuous: false, definedness: .partly) }
        let (lo, hi) = widened(log(a), log(b))
        return Enclosure(lower: lo, upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

/// sin(1/x): undefined at 0, wild near it.
struct SinOfReciprocal: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { sin(1 / x) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if a <= 0 && 0 <= b {
            return Enclosure(lower: -1, upper: 1, isContinuous: false, definedness: a == b ? .nowhere : .partly)
        }
        return Enclosure(lower: -1, upper: 1, isContinuous: true, definedness: .everywhere)
    }
}

struct Square: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { x * x }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        let hi = max(a * a, b * b).nextUp
        let lo = (a <= 0 && 0 <= b) ? 0 : min(a * a, b * b).nextDown
        return Enclosure(lower: lo, upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

struct Constant: GraphableFunction {
    var c: Double
    var withEnclosure = true
    func value(at x: Double) -> Double { c }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if c.isNaN { return Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere) }
        return Enclosure(lower: c, upper: c, isContinuous: c.isFinite, definedness: c.isFinite ? .everywhere : .nowhere)
    }
}

/// 1e300·x: values far beyond any screen.
struct Huge: GraphableFunction {
    func value(at x: Double) -> Double { 1e300 * x }
}

/// floor(x·π): jumps at points no grid hits.
struct Steps: GraphableFunction {
    func value(at x: Double) -> Double { (x * .pi).rounded(.down) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        let lo = value(at: a), hi = value(at: b)
        return Enclosure(lower: lo, upper: hi, isContinuous: lo == hi, definedness: .everywhere)
    }
}

/// √(−x²): defined only at 0.
struct OnlyAtZero: GraphableFunction {
    func value(at x: Double) -> Double { (-(x * x)).squareRoot() }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        if a <= 0 && 0 <= b {
            return Enclosure(lower: 0, upper: 0, isContinuous: a == b, definedness: a == b ? .everywhere : .partly)
        }
        return Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere)
    }
}

/// sin(x)/x, with a hole at 0.
struct Sinc: GraphableFunction {
    var withEnclosure = true
    func value(at x: Double) -> Double { sin(x) / x }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        guard withEnclosure else { return nil }
        if a <= 0 && 0 <= b { return Enclosure(lower: -1, upper: 1, isContinuous: false, definedness: a == b ? .nowhere : .partly) }
        return Enclosure(lower: -1, upper: 1, isContinuous: true, definedness: .everywhere)
    }
}

/// (sin(x) + x) ÷ x = 1 + sin(x)/x, with a hole at 0.
struct SinPlusXOverX: GraphableFunction {
    func value(at x: Double) -> Double { (sin(x) + x) / x }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        if a <= 0 && 0 <= b { return Enclosure(lower: 0, upper: 2, isContinuous: false, definedness: a == b ? .nowhere : .partly) }
        return Enclosure(lower: 0, upper: 2, isContinuous: true, definedness: .everywhere)
    }
}

/// x·sin(1/x), undefined at 0.
struct XSinOfReciprocal: GraphableFunction {
    func value(at x: Double) -> Double { x * sin(1 / x) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        let m = max(abs(a), abs(b)).nextUp
        if a <= 0 && 0 <= b { return Enclosure(lower: -m, upper: m, isContinuous: false, definedness: a == b ? .nowhere : .partly) }
        return Enclosure(lower: -m, upper: m, isContinuous: true, definedness: .everywhere)
    }
}

/// Counts calls, so tests can see what a frame evaluated.
final class Counting<F: GraphableFunction>: GraphableFunction {
    let inner: F
    var values = 0
    var enclosures = 0
    init(_ inner: F) { self.inner = inner }
    func value(at x: Double) -> Double { values += 1; return inner.value(at: x) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? { enclosures += 1; return inner.enclosure(from: a, to: b) }
}

/// Seeded, deterministic randomness for property tests.

/// A box glyph for every scalar: layout tests without a font library.
final class BoxGlyphs: GlyphSource {
    func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
        let w = max(1, pixelSize / 2), h = pixelSize * 3 / 4
        return Glyph(mask: GlyphMask(width: w, height: h, coverage: Array(repeating: 255, count: w * h)),
                     bearingX: 0, bearingY: h, advance: Double(w + 1))
    }
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
    func metrics(pixelSize: Int) -> FontMetrics {
        FontMetrics(ascent: Double(pixelSize) * 0.8, descent: Double(pixelSize) * 0.2, lineHeight: Double(pixelSize) * 1.2)
    }
}

let plot800 = Rect(x: 0, y: 0, width: 800, height: 480)

/// World x of a screen x under a viewport.
func worldX(_ p: Point, _ v: Viewport, _ frame: Rect = plot800) -> Double { v.worldX(forScreenX: p.x, in: frame) }

/// floor(x): jumps exactly at integers, which the column grid hits; the value there is the upper one.
struct Floor: GraphableFunction {
    func value(at x: Double) -> Double { x.rounded(.down) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        let lo = value(at: a), hi = value(at: b)
        return Enclosure(lower: lo, upper: hi, isContinuous: lo == hi, definedness: .everywhere)
    }
}
