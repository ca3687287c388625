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
        #expect(Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 1e20).pixelsPerUnitX == 1e9)
        #expect(Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 0).pixelsPerUnitX == 1e-9)
        #expect(Viewport(originOffsetX: .infinity, originOffsetY: .nan, pixelsPerUnit: 1).originOffsetX == Viewport.maximumOriginOffset)
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
