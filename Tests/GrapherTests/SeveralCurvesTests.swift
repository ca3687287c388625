import Grapher
import Raster
import Testing

/// Several curves on one view: each in its colour, hidden ones left off; the trace keeps the finger's x
/// on the curve nearest the finger there, snaps to marked points, and the marks' search runs in frames.
@Suite struct SeveralCurvesTests {
    let font = Font(source: BoxGlyphs(), pixelSize: 13)
    let frame = IntRect(x: 0, y: 0, width: 400, height: 300)

    func view(_ curves: [GraphCurve], style: GraphStyle = GraphStyle()) -> GraphView {
        var v = GraphView(frame: frame, title: "", font: font, style: style)
        v.curves = curves
        return v
    }

    @Test func theNearestCurveIsChosenAtTheFingersHeight() {
        #expect(TraceReading.nearestCurve(toScreenY: 100, among: [(1, 40), (2, 130), (3, 95)]) == 3)
        // A tie goes to the first given (the topmost drawn).
        #expect(TraceReading.nearestCurve(toScreenY: 100, among: [(5, 90), (6, 110)]) == 5)
        // Undefined there, or a pole: never chosen.
        #expect(TraceReading.nearestCurve(toScreenY: 100, among: [(1, .nan), (2, .infinity), (3, 400)]) == 3)
        #expect(TraceReading.nearestCurve(toScreenY: 100, among: [(1, .nan)]) == nil)
    }

    @Test func theTraceKeepsTheFingersXOnTheCurveNearestThere() {
        let v = view([GraphCurve(id: 1, title: "x²", color: Color(rgb: 0xC2410C), function: Square()),
                      GraphCurve(id: 2, title: "3", color: Color(rgb: 0x0072B2), function: Constant(c: 3))])
        let area = Rect(v.plotRect)
        // Below x² at x = 2 (y 4), nearer 3 than 4 in height: the constant, at the finger's very x.
        let finger = Point(x: v.viewport.screenX(forWorldX: 2, in: area), y: v.viewport.screenY(forWorldY: 3.2, in: area))
        let onConstant = v.traceReading(at: finger)!
        #expect(onConstant.curveID == 2)
        #expect(onConstant.x == v.viewport.worldX(forScreenX: finger.x, in: area))
        #expect(onConstant.y == 3)
        // Nearer 4: x², still at x = 2, where a nearest point in two dimensions would lie left of the finger.
        let higher = Point(x: finger.x, y: v.viewport.screenY(forWorldY: 3.8, in: area))
        let onSquare = v.traceReading(at: higher)!
        #expect(onSquare.curveID == 1)
        #expect(abs(onSquare.x - 2) < 1e-12 && abs(onSquare.y - 4) < 1e-9)
        // A hidden curve is never traced.
        var hidden = v
        hidden.curves[0].isHidden = true
        #expect(hidden.traceReading(at: higher)!.curveID == 2)
    }

    @Test func eachCurveIsDrawnInItsColourAndAHiddenOneIsNot() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var style = GraphStyle()
        style.showsGrid = false
        let red = Color(rgb: 0xC2410C), blue = Color(rgb: 0x0072B2), green = Color(rgb: 0x008762)
        var v = view([GraphCurve(id: 1, title: "2", color: red, function: Constant(c: 2)),
                      GraphCurve(id: 2, title: "−1", color: blue, function: Constant(c: -1)),
                      GraphCurve(id: 3, title: "1", color: green, isHidden: true, function: Constant(c: 1))], style: style)
        v.draw(into: &canvas)
        let plot = v.plotRect
        let centreY = plot.y + plot.height / 2
        #expect(image.buffer.xrgb(x: 300, y: centreY - 100) == red.xrgb)
        #expect(image.buffer.xrgb(x: 300, y: centreY + 50) == blue.xrgb)
        #expect(image.buffer.xrgb(x: 300, y: centreY - 50) == style.background.xrgb)
        // Showing it again redraws the plot, now with it.
        _ = canvas.damage.take()
        v.curves[2].isHidden = false
        v.draw(into: &canvas)
        #expect(canvas.damage.bounds.intersection(plot) == plot)
        #expect(image.buffer.xrgb(x: 300, y: centreY - 50) == green.xrgb)
    }

    @Test func marksAreSearchedOverFramesAndTheTraceSnapsToThem() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var style = GraphStyle()
        style.pointSearchWorkPerFrame = 40
        var v = view([GraphCurve(id: 7, title: "x² − 1", color: Color(rgb: 0xC2410C), function: Quadratic(a: 1, c: -1))], style: style)
        v.draw(into: &canvas)
        #expect(v.pointsOfInterest.isEmpty && v.needsRefinement, "one frame's work does not finish the search")
        var frames = 1
        while v.needsRefinement && frames < 1_000 {
            v.draw(into: &canvas)
            frames += 1
        }
        #expect(frames > 2 && !v.needsRefinement)
        let kinds = v.pointsOfInterest.map(\.kind)
        #expect(kinds == [.zero, .minimum, .zero])
        #expect(v.pointsOfInterest.allSatisfy { $0.curves == [7] })
        // A finger 10 px from the zero at x = 1 snaps to it; 60 px away it does not.
        let area = Rect(v.plotRect)
        let zero = v.viewport.screenPoint(x: 1, y: 0, in: area)
        let near = v.traceReading(at: Point(x: zero.x + 6, y: zero.y + 8))!
        #expect(near.point?.kind == .zero && near.x == v.pointsOfInterest[2].x && near.y == 0)
        let far = v.traceReading(at: Point(x: zero.x + 60, y: zero.y))!
        #expect(far.point == nil)
        // Held far above the curve, the traced point near the zero snaps to it too.
        let above = v.traceReading(at: Point(x: zero.x + 6, y: zero.y - 100))!
        #expect(above.point?.kind == .zero && above.curveID == 7)
        // A pan starts a new search; the proved points stay shown meanwhile.
        v.viewport = v.viewport.panned(by: 30, 0)
        v.draw(into: &canvas)
        #expect(v.needsRefinement && v.pointsOfInterest.count == 3)
    }

    @Test func panFramesSearchNothingAndTheSearchResumesWhenTheViewHoldsStill() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        let counter = SearchCounter()
        var v = view([GraphCurve(id: 1, title: "x² − 1", color: Color(rgb: 0xC2410C),
                                 function: CountedQuadratic(quadratic: Quadratic(a: 1, c: -1), counter: counter))])
        for _ in 0..<20 {
            v.viewport = v.viewport.panned(by: 7, 0)
            v.draw(into: &canvas)
        }
        #expect(counter.calls == 0, "a pan frame spent \(counter.calls) enclosures on the search")
        #expect(v.needsRefinement)
        v.draw(into: &canvas)
        #expect(counter.calls > 0)
        while v.needsRefinement { v.draw(into: &canvas) }
        #expect(v.pointsOfInterest.map(\.kind) == [.zero, .minimum, .zero])
    }
}
