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

/// Counts the enclosures only a search for points of interest asks for (the sampler asks none of them).
final class SearchCounter: @unchecked Sendable { var calls = 0 }

struct CountedQuadratic: ProvableFunction {
    var quadratic: Quadratic
    let counter: SearchCounter
    func value(at x: Double) -> Double { quadratic.value(at: x) }
    func enclosure(from lower: Double, to upper: Double) -> Enclosure? { quadratic.enclosure(from: lower, to: upper) }
    func slopeEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        counter.calls += 1
        return quadratic.slopeEnclosure(from: lower, to: upper)
    }
    func curvatureEnclosure(from lower: Double, to upper: Double) -> Enclosure { quadratic.curvatureEnclosure(from: lower, to: upper) }
    func zeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        counter.calls += 1
        return quadratic.zeroWitnessEnclosure(from: lower, to: upper)
    }
    func slopeZeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        counter.calls += 1
        return quadratic.slopeZeroWitnessEnclosure(from: lower, to: upper)
    }
}
