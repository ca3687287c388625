import Grapher

/// a·x² + b·x + c with hand-written enclosures, widened by ulps so rounding never makes them unsound.
struct Quadratic: ProvableFunction {
    var a = 0.0, b = 0.0, c = 0.0

    func value(at x: Double) -> Double { (a * x + b) * x + c }

    /// Encloses p(x) = a x² + b x + c over [lo, hi]: the ends and, when inside, the vertex.
    private static func range(_ a: Double, _ b: Double, _ c: Double, _ lo: Double, _ hi: Double) -> Enclosure {
        func p(_ x: Double) -> Double { (a * x + b) * x + c }
        var values = [p(lo), p(hi)]
        if a != 0 {
            let vertex = -b / (2 * a)
            if lo < vertex && vertex < hi { values.append(p(vertex)) }
        }
        let spread = 8 * (abs(a) * max(lo * lo, hi * hi) + abs(b) * max(abs(lo), abs(hi)) + abs(c)).ulp
        return Enclosure(lower: values.min()! - spread, upper: values.max()! + spread, isContinuous: true, definedness: .everywhere)
    }

    func enclosure(from lower: Double, to upper: Double) -> Enclosure? { Self.range(a, b, c, lower, upper) }
    func slopeEnclosure(from lower: Double, to upper: Double) -> Enclosure { Self.range(0, 2 * a, b, lower, upper) }
    func curvatureEnclosure(from lower: Double, to upper: Double) -> Enclosure { Self.range(0, 0, 2 * a, lower, upper) }
    func zeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure { Self.range(a, b, c, lower, upper) }
    func slopeZeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure { slopeEnclosure(from: lower, to: upper) }
}
