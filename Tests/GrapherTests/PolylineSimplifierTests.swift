import Foundation
import Grapher
import Raster
import SeededRandom
import Testing

@Suite struct PolylineSimplifierTests {
    func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
        let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
        return (qx * qx + qy * qy).squareRoot()
    }

    /// Every input point lies within the tolerance of the simplified polyline, and its ends stay.
    func expectFaithful(_ points: [Point], tolerance: Double, _ comment: Comment? = nil) -> [Point] {
        let out = PolylineSimplifier.simplified(points, tolerance: tolerance)
        #expect(out.first == points.first && out.last == points.last, comment)
        for p in points {
            var best = Double.infinity
            for k in 0..<max(1, out.count - 1) {
                best = min(best, distance(p, toSegment: out[k], out[min(k + 1, out.count - 1)]))
            }
            #expect(best <= tolerance * 1.000001, "\(p) is \(best) px off; \(comment?.description ?? "")")
        }
        return out
    }

    @Test func aStraightLineKeepsItsEnds() {
        let line = (0...100).map { Point(x: Double($0) * 0.37, y: 5 + Double($0) * 2.9) }
        #expect(expectFaithful(line, tolerance: 0.1).count == 2)
    }

    @Test func aCornerIsKept() {
        let corner = (0...20).map { Point(x: Double($0), y: 0) } + (1...20).map { Point(x: 20, y: Double($0)) }
        let out = expectFaithful(corner, tolerance: 0.1)
        #expect(out == [Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 20)])
    }

    @Test func aCurveThatTurnsBackIsNotCutShort() {
        // Up and back down along the same column: the far end must stay.
        let spike = [Point(x: 0, y: 0), Point(x: 0.01, y: -50), Point(x: 0.02, y: -100), Point(x: 0.03, y: -40), Point(x: 0.04, y: 0)]
        let out = expectFaithful(spike, tolerance: 0.1)
        #expect(out.contains(Point(x: 0.02, y: -100)))
    }

    @Test func steepTangentFlanksShrinkAndStayWithinATenthOfAPixel() {
        // tan's samples near a pole: x in pixels, dense in the steep part, as the sampler leaves them.
        var points: [Point] = []
        var x = 0.0
        while x < 77 {
            points.append(Point(x: x, y: 240 - 50 * tan(x / 50)))
            x += x > 70 ? 1.0 / 32 : 1
        }
        let out = expectFaithful(points, tolerance: 0.1)
        #expect(out.count * 3 < points.count, "\(out.count) of \(points.count)")
    }

    @Test func randomWalksStayFaithful() {
        var random = SplitMix64(seed: 0xC0FFEE)
        for round in 0..<200 {
            var p = Point(x: 0, y: 0)
            var points = [p]
            for _ in 0..<random.below(61) {
                p = Point(x: p.x + random.uniform(0, 2), y: p.y + random.uniform(-3, 3))
                points.append(p)
            }
            _ = expectFaithful(points, tolerance: [0.05, 0.1, 0.5][round % 3], "round \(round)")
        }
    }

    @Test func shortOrDegenerateInputsComeBackAsTheyAre() {
        let two = [Point(x: 0, y: 0), Point(x: 1, y: 1)]
        #expect(PolylineSimplifier.simplified(two, tolerance: 0.1) == two)
        let same = [Point](repeating: Point(x: 3, y: 3), count: 5)
        #expect(PolylineSimplifier.simplified(same, tolerance: 0.1).count <= 5)
        #expect(PolylineSimplifier.simplified(two + two, tolerance: 0) == two + two)
    }
}
