import SeededRandom
import Foundation
import Grapher
import Raster
import Testing

@Suite struct ViewportTests {
    @Test func pinchKeepsThePointUnderTheFingersWithinAPixel() {
        var rng = SplitMix64(state: 7)
        for _ in 0..<500 {
            let v = Viewport(originOffsetX: Double.random(in: -2000...2000, using: &rng),
                             originOffsetY: Double.random(in: -2000...2000, using: &rng),
                             pixelsPerUnit: pow(10, Double.random(in: -8...8, using: &rng)))
            let centre = Point(x: Double.random(in: 0...800, using: &rng), y: Double.random(in: 0...480, using: &rng))
            let factor = pow(2, Double.random(in: -3...3, using: &rng))
            let before = v.worldPoint(at: centre, in: plot800)
            let after = v.pinched(scaleFactor: factor, about: centre, in: plot800)
            let p = after.screenPoint(x: before.x, y: before.y, in: plot800)
            #expect(abs(p.x - centre.x) < 1 && abs(p.y - centre.y) < 1)
        }
    }

    @Test func pinchAtTheClampsStopsScalingAndStillKeepsTheCentre() {
        let centre = Point(x: 123, y: 321)
        for start in [Viewport.maximumPixelsPerUnit, Viewport.minimumPixelsPerUnit] {
            let v = Viewport(originOffsetX: 10, originOffsetY: -5, pixelsPerUnit: start)
            let before = v.worldPoint(at: centre, in: plot800)
            for factor in [1e6, 1e-6, 0, -1, .infinity, .nan] {
                let after = v.pinched(scaleFactor: factor, about: centre, in: plot800)
                #expect(after.pixelsPerUnitX >= Viewport.minimumPixelsPerUnit && after.pixelsPerUnitX <= Viewport.maximumPixelsPerUnit)
                #expect(after.originOffsetX.isFinite && after.originOffsetY.isFinite)
                let p = after.screenPoint(x: before.x, y: before.y, in: plot800)
                #expect(abs(p.x - centre.x) < 1 && abs(p.y - centre.y) < 1)
            }
        }
        #expect(Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 1e305).pixelsPerUnitX == 1e304)
        #expect(Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 0).pixelsPerUnitX == 1e-304)
        #expect(Viewport(originOffsetX: .infinity, originOffsetY: .nan, pixelsPerUnit: 1).originOffsetX == Viewport.maximumOriginOffset)
    }

    /// Zooming in far from the origin stops where the origin would lie further than `maximumOriginOffset`
    /// pixels away (beyond it Double no longer tells the pixels apart), and the point under the fingers stays
    /// under them: the offset was clamped after the zoom, and the view jumped away from what it showed.
    @Test func aDeepPinchFarFromTheOriginStopsWhereDoubleStopsResolvingPixels() {
        let centre = Point(x: 300, y: 200)
        var v = Viewport(originOffsetX: -5e6, originOffsetY: 3e6, pixelsPerUnit: 50) // about (1e5, 6e4)
        let before = v.worldPoint(at: centre, in: plot800)
        for _ in 0..<40 { v = v.pinched(scaleFactor: 30, about: centre, in: plot800) }
        let p = v.screenPoint(x: before.x, y: before.y, in: plot800)
        #expect(abs(p.x - centre.x) < 1 && abs(p.y - centre.y) < 1, "\(p)")
        #expect(abs(v.originOffsetX) <= Viewport.maximumOriginOffset && abs(v.originOffsetY) <= Viewport.maximumOriginOffset)
        // It zoomed as far as that allows: to about 1e13 / 1e5 pixels a unit.
        #expect(v.pixelsPerUnitX > 5e7 && v.pixelsPerUnitX < 1.1e8, "\(v.pixelsPerUnitX)")
        // Near the origin it goes on much deeper.
        var near = Viewport.standard
        for _ in 0..<40 { near = near.pinched(scaleFactor: 30, about: Point(x: 400.25, y: 240.5), in: plot800) }
        #expect(near.pixelsPerUnitX > 1e15)
    }

    /// Fit finds a curve of any size: M × 1e300's values fill the height, and M × 1e-300's; a constant is
    /// centred, up to the largest doubles (whose view cannot be much taller and stay finite).
    @Test func fitFindsTheCurveAtAnyMagnitude() {
        struct Line: GraphableFunction {
            let slope: Double
            func value(at x: Double) -> Double { slope * x }
        }
        struct Constant: GraphableFunction {
            let c: Double
            func value(at x: Double) -> Double { c }
        }
        for slope in [1e300, -1e300, 1e-300, 1e-290] {
            let v = Viewport.standard.fitted(to: Line(slope: slope), in: plot800)
            let top = v.worldY(forScreenY: 0, in: plot800), bottom = v.worldY(forScreenY: 480, in: plot800)
            let ends = [slope * -8, slope * 8].sorted()
            // The 5th to 95th percentile of the values fills most of the height, centred.
            #expect(bottom < ends[0] * 0.8 && top > ends[1] * 0.8 && bottom > ends[0] * 1.5 && top < ends[1] * 1.5, "\(slope): \(bottom)...\(top)")
        }
        for c in [1e308, -1.2e308, 1e300, 1e-300] {
            let v = Viewport.standard.fitted(to: Constant(c: c), in: plot800)
            let y = v.screenY(forWorldY: c, in: plot800)
            #expect(abs(y - 240) < 1, "\(c) at \(y)")
        }
    }

    @Test func doubleTapPutsTheOriginUnderTheFinger() {
        let v = Viewport(originOffsetX: 33, originOffsetY: -12, pixelsPerUnit: 40)
        let tap = Point(x: 612.5, y: 87.25)
        let t = v.doubleTapped(at: tap, in: plot800)
        #expect(t.origin(in: plot800) == tap)
        #expect(t.pixelsPerUnitX == 40)
    }

    @Test func panMovesTheOriginWithTheFinger() {
        let v = Viewport.standard.panned(by: 17, -4)
        #expect(v.origin(in: plot800) == Point(x: 417, y: 236))
        #expect(v.worldPoint(at: Point(x: 417, y: 236), in: plot800) == (0, 0))
    }

    @Test func resizeAndRotationKeepTheOriginRelativeToTheCentre() {
        let v = Viewport(originOffsetX: 40, originOffsetY: -30, pixelsPerUnit: 25)
        let landscape = Rect(x: 0, y: 0, width: 800, height: 480), portrait = Rect(x: 0, y: 0, width: 480, height: 800)
        let a = v.origin(in: landscape), b = v.origin(in: portrait)
        #expect(a.x - landscape.center.x == b.x - portrait.center.x)
        #expect(a.y - landscape.center.y == b.y - portrait.center.y)
        // The world point at the centre is the same in both.
        #expect(v.worldPoint(at: landscape.center, in: landscape) == v.worldPoint(at: portrait.center, in: portrait))
    }

    @Test func resetReturnsTheDefault() {
        #expect(Viewport(originOffsetX: 1, originOffsetY: 2, pixelsPerUnit: 3).reset() == .standard)
    }

    @Test func codableRoundTrip() throws {
        let v = Viewport(originOffsetX: 12.5, originOffsetY: -3, pixelsPerUnitX: 20, pixelsPerUnitY: 80)
        let data = try JSONEncoder().encode(v)
        #expect(try JSONDecoder().decode(Viewport.self, from: data) == v)
    }

    @Test func fitIgnoresAsymptoticSpikes() {
        // tan over [−8, 8]: the fitted y-range must be a few units, not 1e16.
        let fitted = Viewport.standard.fitted(to: Tan(), in: plot800)
        let top = fitted.worldY(forScreenY: 0, in: plot800), bottom = fitted.worldY(forScreenY: 480, in: plot800)
        #expect(top - bottom < 40 && top - bottom > 2)
        #expect(fitted.pixelsPerUnitX == Viewport.standard.pixelsPerUnitX)
        // x² over [−8, 8] is shown from about 0 to about 64.
        let sq = Viewport.standard.fitted(to: Square(), in: plot800)
        #expect(sq.worldY(forScreenY: 480, in: plot800) < 3)
        #expect(sq.worldY(forScreenY: 0, in: plot800) > 50)
        // Nothing finite: unchanged.
        #expect(Viewport.standard.fitted(to: Constant(c: .nan), in: plot800) == .standard)
    }
}
