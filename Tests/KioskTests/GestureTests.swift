import Calculator
@testable import Kiosk
import Grapher
import Raster
import Testing

@Suite struct GestureTests {
    func graphed(_ w: Int = 800, _ h: Int = 480) -> (KioskApp, RecordingCalculator, Finger) {
        let model = RecordingCalculator()
        let app = makeApp(w, h, model: model)
        var finger = Finger()
        finger.tap(app, app.layout.center(of: .graph)!)
        return (app, model, finger)
    }

    @Test func tapActivatesOnReleaseInsideTheSameKey() {
        let model = RecordingCalculator()
        let app = makeApp(800, 480, model: model)
        var f = Finger()
        let seven = app.layout.center(of: .digit(7))!
        f.frame(app, [(1, seven.x, seven.y, .down)])
        #expect(model.pressed.isEmpty)
        #expect(app.pressedKey != nil)
        // Sliding a little (inside the slop) still counts.
        f.frame(app, [(1, seven.x + 3, seven.y + 2, .move)])
        f.frame(app, [(1, seven.x + 3, seven.y + 2, .up)])
        #expect(model.pressed == [.digit(7)])
        #expect(app.pressedKey == nil)
        // Sliding onto another key and releasing there does nothing.
        let eight = app.layout.center(of: .digit(8))!, one = app.layout.center(of: .digit(1))!
        f.frame(app, [(1, eight.x, eight.y, .down)])
        f.frame(app, [(1, one.x, one.y, .move)])
        #expect(app.pressedKey == nil)
        f.frame(app, [(1, one.x, one.y, .up)])
        #expect(model.pressed == [.digit(7)])
    }

    @Test func secondFingerOnTheKeypadIsIgnored() {
        let model = RecordingCalculator()
        let app = makeApp(480, 800, model: model)
        var f = Finger()
        let a = app.layout.center(of: .digit(1))!, b = app.layout.center(of: .digit(2))!
        f.frame(app, [(1, a.x, a.y, .down)])
        f.frame(app, [(2, b.x, b.y, .down)])
        f.frame(app, [(2, b.x, b.y, .up)])
        f.frame(app, [(1, a.x, a.y, .up)])
        #expect(model.pressed == [.digit(1)])
    }

    @Test func pinchScalesByTheFingerDistanceRatio() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let cx = Double(plot.x + plot.width / 2) + 17, cy = Double(plot.y + plot.height / 2) - 9
        let before = app.viewport.pixelsPerUnitX
        f.frame(app, [(1, cx - 40, cy, .down), (2, cx + 40, cy, .down)])
        for step in 1...10 {
            let d = 40 + Double(step) * 6
            f.frame(app, [(1, cx - d, cy, .move), (2, cx + d, cy, .move)])
        }
        f.frame(app, [(1, cx - 100, cy, .up), (2, cx + 100, cy, .up)])
        let ratio = app.viewport.pixelsPerUnitX / before
        #expect(abs(ratio - 200.0 / 80.0) / 2.5 < 0.01, "ratio \(ratio)")
    }

    @Test func pinchKeepsThePointUnderTheFingers() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let cx = Double(plot.x) + 150, cy = Double(plot.y) + 120
        let frame = app.plotFrame
        let before = app.viewport.worldPoint(at: Point(x: cx, y: cy), in: frame)
        f.frame(app, [(1, cx - 30, cy - 30, .down), (2, cx + 30, cy + 30, .down)])
        f.frame(app, [(1, cx - 60, cy - 60, .move), (2, cx + 60, cy + 60, .move)])
        #expect(app.viewport.pixelsPerUnitX > 50 * 1.9, "the pinch zoomed")
        let after = app.viewport.screenPoint(x: before.x, y: before.y, in: frame)
        #expect(abs(after.x - cx) < 1 && abs(after.y - cy) < 1, "\(after) vs \(cx), \(cy)")
    }

    @Test func aPinchWhoseFingersMoveTogetherAlsoPans() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let cx = Double(plot.x) + 150, cy = Double(plot.y) + 120
        let frame = app.plotFrame
        let under = app.viewport.worldPoint(at: Point(x: cx, y: cy), in: frame)
        f.frame(app, [(1, cx - 30, cy, .down), (2, cx + 30, cy, .down)])
        f.frame(app, [(1, cx - 45 + 20, cy + 10, .move)])
        f.frame(app, [(2, cx + 45 + 20, cy + 10, .move)])
        // The world point that was under the centroid is under the new centroid.
        let moved = app.viewport.screenPoint(x: under.x, y: under.y, in: frame)
        #expect(abs(moved.x - (cx + 20)) < 1 && abs(moved.y - (cy + 10)) < 1, "\(moved)")
    }

    @Test func panMovesTheOriginByTheDrag() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let start = Point(x: Double(plot.x) + 100, y: Double(plot.y) + 100)
        let before = app.viewport
        f.frame(app, [(1, start.x, start.y, .down)])
        for i in 1...8 { f.frame(app, [(1, start.x + Double(i) * 10, start.y + Double(i) * 5, .move)]) }
        f.frame(app, [(1, start.x + 80, start.y + 40, .up)])
        #expect(abs(app.viewport.originOffsetX - before.originOffsetX - 80) < 1)
        #expect(abs(app.viewport.originOffsetY - before.originOffsetY - 40) < 1)
    }

    @Test func aTouchStartingOnTheKeypadNeverPansTheGraph() {
        var (app, _, f) = graphed()
        let before = app.viewport
        let key = app.layout.center(of: .digit(5))!
        let plot = app.plotRect
        f.frame(app, [(1, key.x, key.y, .down)])
        f.frame(app, [(1, Double(plot.x) + 50, key.y, .move)])
        f.frame(app, [(1, Double(plot.x) + 200, key.y + 30, .move)])
        f.frame(app, [(1, Double(plot.x) + 200, key.y + 30, .up)])
        #expect(app.viewport == before)
    }

    @Test func doubleTapMovesTheOriginThere() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let p = Point(x: Double(plot.x) + 90, y: Double(plot.y) + 70)
        f.tap(app, p)
        f.tap(app, p)
        let origin = app.viewport.origin(in: app.plotFrame)
        #expect(abs(origin.x - p.x) < 0.5 && abs(origin.y - p.y) < 0.5)
    }

    @Test func longPressTracesUntilRelease() {
        var (app, _, f) = graphed()
        let plot = app.plotRect
        let p = Point(x: Double(plot.x) + 120, y: Double(plot.y) + 60)
        f.frame(app, [(1, p.x, p.y, .down)])
        #expect(app.nextDeadline != nil)
        app.advance(to: f.time + 0.6)
        #expect(app.tracePoint == p)
        f.time += 0.6
        f.frame(app, [(1, p.x + 30, p.y, .move)])
        #expect(app.tracePoint == Point(x: p.x + 30, y: p.y))
        let before = app.viewport
        f.frame(app, [(1, p.x + 30, p.y, .up)])
        #expect(app.tracePoint == nil)
        #expect(app.viewport == before, "tracing does not pan")
    }

    @Test func fitShowsTheInterestingPartAndResetReturnsToTheDefaultView() {
        // The controller double freezes sin(M): fitted, its range −1…1 fills most of the plot's height.
        var (app, _, f) = graphed()
        let fit = app.layout.fitKey
        f.tap(app, Point(x: Double(fit.x + fit.width / 2), y: Double(fit.y + fit.height / 2)))
        let frame = app.plotFrame
        let top = app.viewport.screenY(forWorldY: 1, in: frame), bottom = app.viewport.screenY(forWorldY: -1, in: frame)
        #expect(top > frame.y && bottom < frame.maxY, "both extremes on screen: \(top) \(bottom)")
        #expect(bottom - top > frame.height * 0.6, "and filling the height: \(bottom - top) of \(frame.height)")
        #expect(app.viewport.pixelsPerUnitX == Viewport.standard.pixelsPerUnitX, "x is kept")
        #expect(app.nextDeadline != nil, "the new view is saved")

        let reset = app.layout.resetKey
        f.tap(app, Point(x: Double(reset.x + reset.width / 2), y: Double(reset.y + reset.height / 2)))
        #expect(app.viewport == .standard)
    }

    @Test func aPaneKeyFollowsTheFingerAndActsOnlyOnReleaseNearIt() {
        var (app, _, f) = graphed()
        let panned = app.viewport.panned(by: 30, 0)
        app.viewport = panned
        let reset = app.layout.resetKey
        let centre = Point(x: Double(reset.x + reset.width / 2), y: Double(reset.y + reset.height / 2))
        f.frame(app, [(1, centre.x, centre.y, .down)])
        #expect(app.pressedPaneKey == .reset)
        f.frame(app, [(1, centre.x - 200, centre.y + 200, .move)])
        #expect(app.pressedPaneKey == nil, "slid away")
        f.frame(app, [(1, centre.x - 200, centre.y + 200, .up)])
        #expect(app.viewport == panned, "released away: nothing happens")
    }

    @Test func fitWithoutAGraphDoesNothing() {
        let app = makeApp(800, 480)
        var f = Finger()
        let before = app.viewport
        let fit = app.layout.fitKey
        f.tap(app, Point(x: Double(fit.x + fit.width / 2), y: Double(fit.y + fit.height / 2)))
        #expect(app.viewport == before)
    }

    @Test func stackedGraphPushesAndTheBackKeyReturns() {
        var (app, _, f) = graphed(480, 800)
        #expect(app.isGraphPushed)
        let back = app.layout.backKey!
        f.tap(app, Point(x: Double(back.x + back.width / 2), y: Double(back.y + back.height / 2)))
        #expect(!app.isGraphPushed)
    }
}
