import Foundation
@testable import Grapher
import Raster
import Testing

/// s·|x − c|: a kink inside a column, which the columns' boundary values alone do not show.
struct Kink: GraphableFunction {
    var corner = 0.0123
    var slope = 3.0
    func value(at x: Double) -> Double { slope * abs(x - corner) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        let (lo, hi) = widened(value(at: a), value(at: b))
        return Enclosure(lower: a <= corner && corner <= b ? 0 : lo, upper: hi, isContinuous: true, definedness: .everywhere)
    }
}

/// h·exp(−((x − c)/w)²): a bump a few pixels wide, bending hard at its top.
struct Bump: GraphableFunction {
    var centre = 0.0371
    var width = 0.05
    var height = 3.0
    func value(at x: Double) -> Double { let u = (x - centre) / width; return height * exp(-u * u) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        let (lo, hi) = widened(value(at: a), value(at: b))
        return Enclosure(lower: lo, upper: a <= centre && centre <= b ? height.nextUp : hi, isContinuous: true,
                         definedness: .everywhere)
    }
}

/// The farthest the true curve comes from the drawn polylines, in pixels, over points of the curve four to a
/// pixel across the screen (and those on the steep flanks, where x hardly moves, a quarter pixel apart in y),
/// only where the curve is on screen.
private func farthestMiss(_ f: some GraphableFunction, _ v: Viewport) -> Double {
    var sampler = CurveSampler()
    let curve = sampler.sample(f, viewport: v, frame: plot800)
    let segments = curve.polylines.flatMap { line in zip(line, line.dropFirst()).map { ($0.0, $0.1) } }
    func distance(_ p: Point) -> Double {
        var best = Double.infinity
        for (a, b) in segments where min(a.x, b.x) - 2 <= p.x && p.x <= max(a.x, b.x) + 2 {
            let dx = b.x - a.x, dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
            best = min(best, hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
        }
        return best
    }
    var farthest = 0.0
    var previous: Point?
    for i in 0..<(4 * 800) {
        let x = v.worldX(forScreenX: (Double(i) + 0.5) / 4, in: plot800)
        let p = v.screenPoint(x: x, y: f.value(at: x), in: plot800)
        defer { previous = p }
        guard p.y.isFinite else { continue }
        var points = [p]
        // A steep flank: fill in the points between this one and the last, a quarter pixel apart in y.
        if let q = previous, q.y.isFinite, abs(p.y - q.y) > 0.5, abs(p.y - q.y) < 2000 {
            let steps = Int(abs(p.y - q.y) * 4)
            let xq = v.worldX(forScreenX: q.x, in: plot800)
            for s in 1..<steps {
                let xs = xq + (x - xq) * Double(s) / Double(steps)
                points.append(v.screenPoint(x: xs, y: f.value(at: xs), in: plot800))
            }
        }
        for point in points where point.y >= 2 && point.y <= 478 && point.x >= 2 && point.x <= 798 {
            farthest = max(farthest, distance(point))
        }
    }
    return farthest
}

/// The sampler asks for a column's midpoint only where its curve may bend away from the chord (the boundary
/// values' second differences), and splits a half again only where its midpoint leaves the chord across it
/// by more than a tenth of a pixel. These check that what is left out never shows: the true curve stays within
/// a few tenths of a pixel of what is drawn, the simplifier's tolerance (0.1 px) included.
@Suite struct CurveFidelityTests {
    @Test func steepFlanksStayOnTheCurve() {
        for v in [Viewport.standard, Viewport(originOffsetX: 37, originOffsetY: -11, pixelsPerUnit: 173),
                  Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnitX: 20, pixelsPerUnitY: 300)] {
            for (name, f) in [("tan", Tan()), ("1/x", Reciprocal(pole: 0.013)), ("x²", Square())] as [(String, any GraphableFunction)] {
                let miss = farthestMiss(f, v)
                #expect(miss < 0.3, "\(name) at \(v.pixelsPerUnitX)×\(v.pixelsPerUnitY) px/unit: \(miss) px")
            }
        }
    }

    /// A kink or a bump inside one column: its neighbours' boundary values bend, so the column is refined; and a
    /// steep V's tip, close to no chord's midpoint across the chord, is found by the vertical rule, since the
    /// column's enclosure reaches below its ends' values. (Before these rules the sampler missed the steep
    /// kink by 0.35 px at 400 px/unit; a chord measured only across would cut its tip off by 3 px.)
    @Test(arguments: [50.0, 400, 3000])
    func aKinkOrABumpInsideAColumnIsDrawn(scale: Double) {
        let v = Viewport(originOffsetX: 0, originOffsetY: 100, pixelsPerUnit: scale)
        for (name, f) in [("kink", Kink()), ("steep kink", Kink(slope: 40)), ("bump", Bump()),
                          ("narrow bump", Bump(width: 0.004, height: 0.5))] as [(String, any GraphableFunction)] {
            let miss = farthestMiss(f, v)
            #expect(miss < 0.4, "\(name) at \(scale) px/unit: \(miss) px")
        }
    }

    @Test func aGentleColumnNeedsTheBendsOfBothEnds() {
        // Straight: no midpoint. A bend of a second difference of 1/2 px (an offset of 1/16 px) is still
        // gentle; past it at either end, not.
        let s = 10.0
        #expect(CurveSampler.bendsLittle(0, 1, 2, 3, scaleY: s))
        #expect(CurveSampler.bendsLittle(0.05, 1, 2, 3, scaleY: s))
        #expect(!CurveSampler.bendsLittle(0.06, 1, 2, 3, scaleY: s))
        #expect(!CurveSampler.bendsLittle(0, 1, 2, 2.94, scaleY: s))
        // Unknown neighbours (undefined or infinite) never make a column gentle.
        #expect(!CurveSampler.bendsLittle(.nan, 1, 2, 3, scaleY: s))
        #expect(!CurveSampler.bendsLittle(0, 1, 2, .infinity, scaleY: s))
    }
}
