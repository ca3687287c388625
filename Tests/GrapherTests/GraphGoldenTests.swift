import GoldenImage
import Grapher
import Raster
import Testing
import Typeface

/// The six reference graphs at 800x480 with axes, labels and the title, drawn with the default face.
/// Each also reports what its frame cost: evaluations of a full frame and of a 40 px pan frame.
@Suite struct GraphGoldenTests {
    let face: Typeface
    init() throws { face = try Typeface.default() }

    private func render(_ f: some GraphableFunction, title: String, named name: String) throws {
        let image = PixelImage(width: 800, height: 480)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 800, height: 480), title: title,
                             font: Font(source: face, pixelSize: 14))
        view.draw(f, into: &canvas)
        let full = view.lastCurve!
        try assertMatchesGolden(image.buffer, named: name, referencesDirectory: references(#filePath))
        // A pan frame: the whole plot is redrawn, but only the new strip is sampled.
        let scratch = PixelImage(width: 800, height: 480)
        var scratchCanvas = Canvas(buffer: scratch.buffer)
        view.viewport = view.viewport.panned(by: -40, 0)
        view.draw(f, into: &scratchCanvas)
        let pan = view.lastCurve!
        #expect(pan.evaluations * 2 <= full.evaluations)
        print("golden \(name): full frame \(full.evaluations) evaluations (\(full.valueEvaluations) values + \(full.enclosureEvaluations) enclosures), " +
              "40 px pan frame \(pan.evaluations) (\(pan.sampledColumns) columns sampled, \(pan.reusedColumns) reused)")
    }

    @Test func tangent() throws { try render(Tan(), title: "tan(M)", named: "graph_tan") }
    @Test func reciprocal() throws { try render(Reciprocal(), title: "1/M", named: "graph_reciprocal") }
    @Test func squareRoot() throws { try render(SquareRoot(), title: "√(M)", named: "graph_sqrt") }
    @Test func sinc() throws { try render(Sinc(), title: "sin(M)/M", named: "graph_sinc") }
    @Test func sinPlusXOverX() throws { try render(SinPlusXOverX(), title: "(sin(M)+M)÷M", named: "graph_sin_plus_x_over_x") }
    @Test func xSinOfReciprocal() throws { try render(XSinOfReciprocal(), title: "M·sin(1/M)", named: "graph_x_sin_reciprocal") }

    /// Three parabolas and a line in Okabe–Ito-derived colours, newest listed first, their proved points
    /// marked; then with the oldest hidden and a trace snapped to where two meet.
    @Test func severalCurvesWithTheirMarks() throws {
        let image = PixelImage(width: 800, height: 480)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 800, height: 480), title: "", font: Font(source: face, pixelSize: 14))
        view.curves = [
            GraphCurve(id: 1, title: "M²−1", color: Color(rgb: 0xC2410C), function: Quadratic(a: 1, c: -1)),
            GraphCurve(id: 2, title: "M÷2+0.25", color: Color(rgb: 0x0072B2), function: Quadratic(b: 0.5, c: 0.25)),
            GraphCurve(id: 3, title: "2−M²", color: Color(rgb: 0x008762), function: Quadratic(a: -1, c: 2)),
        ]
        view.draw(into: &canvas)
        var frames = 1
        while view.needsRefinement && frames < 500 { view.draw(into: &canvas); frames += 1 }
        #expect(view.pointsOfInterest.count == 13)
        try assertMatchesGolden(image.buffer, named: "graph_several_curves", referencesDirectory: references(#filePath))

        view.curves[0].isHidden = true
        let meet = view.pointsOfInterest.first { $0.kind == .intersection && $0.curves == [2, 3] && $0.x > 0 }!
        let at = view.viewport.screenPoint(x: meet.x, y: meet.shownY, in: Rect(view.plotRect))
        view.traceLocation = Point(x: at.x + 7, y: at.y - 9)
        view.draw(into: &canvas)
        while view.needsRefinement && frames < 1_000 { view.draw(into: &canvas); frames += 1 }
        #expect(view.traceReading(at: view.traceLocation!)?.point == meet)
        try assertMatchesGolden(image.buffer, named: "graph_several_curves_trace", referencesDirectory: references(#filePath))
    }
}
