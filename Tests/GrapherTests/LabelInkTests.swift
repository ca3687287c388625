import Grapher
import Raster
import Testing

/// Axis labels stay readable under ink: drawn over the curves and marks on a halo of the background, and
/// the trace's readout never covers one.
@Suite struct LabelInkTests {
    let font = Font(source: BoxGlyphs(), pixelSize: 13)
    let frame = IntRect(x: 0, y: 0, width: 400, height: 300)

    /// The centre pixel of every glyph box of every label (BoxGlyphs ink solid boxes).
    func glyphCentres(_ view: GraphView) -> [(x: Int, y: Int, text: String)] {
        let axes = AxesLayout(viewport: view.viewport, plot: Rect(view.plotRect), font: font)
        let m = font.metrics, w = max(1, font.pixelSize / 2), h = font.pixelSize * 3 / 4
        return (axes.xLabels + axes.yLabels).flatMap { label in
            let baseline = Int((label.rect.y + m.ascent).rounded()), x0 = Int(label.rect.x.rounded())
            return (0..<label.text.unicodeScalars.count).map { i in (x0 + i * (w + 1) + w / 2, baseline - h / 2, label.text) }
        }
    }

    /// A line right through the x labels' row: every glyph of every label still shows in the label colour.
    @Test func aCurveThroughTheLabelsLeavesThemReadable() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var style = GraphStyle()
        style.showsTitle = false
        var view = GraphView(frame: frame, title: "", font: font, style: style)
        // The x labels' middle: 4 px below the axis, then half their height; 50 px a unit.
        let m = font.metrics
        let c = -(4 + (m.ascent + m.descent) / 2) / 50
        view.draw(Constant(c: c), into: &canvas)
        let centres = glyphCentres(view)
        #expect(centres.count > 6)
        for p in centres {
            #expect(image.buffer.xrgb(x: p.x, y: p.y) == style.label.xrgb, "label \(p.text) at \(p.x),\(p.y) hidden")
        }
    }

    /// The readout held anywhere: it never covers a label's ink (the y axis pushed right, under where the
    /// readout's top-right corner was), nor the point it reads.
    @Test func theTraceReadoutKeepsClearOfTheLabels() throws {
        var style = GraphStyle()
        style.showsTitle = false
        for (offset, finger) in [(100.0, Point(x: 60, y: 150)), (100, Point(x: 380, y: 40)), (-150, Point(x: 30, y: 30)),
                                 (0, Point(x: 210, y: 100)), (130, Point(x: 200, y: 270))] {
            let image = PixelImage(width: 400, height: 300)
            var canvas = Canvas(buffer: image.buffer)
            var view = GraphView(frame: frame, viewport: Viewport.standard.panned(by: offset, 0), title: "", font: font, style: style)
            view.traceLocation = finger
            view.draw(SinPlusXOverX(), into: &canvas)
            // The crosshair's dashed lines and the dot on the curve go where the point is; the box must not.
            let reading = try #require(view.traceReading(at: finger))
            let dot = view.viewport.screenPoint(x: reading.x, y: reading.y, in: Rect(view.plotRect))
            for p in glyphCentres(view) where abs(Double(p.x) - dot.x) > 6 && abs(Double(p.y) - dot.y) > 6 {
                #expect(image.buffer.xrgb(x: p.x, y: p.y) == style.label.xrgb, "offset \(offset), finger \(finger): label \(p.text) covered")
            }
        }
    }
}
