import Grapher
import Raster
import Testing

@Suite struct GraphViewTests {
    let font = Font(source: BoxGlyphs(), pixelSize: 13)

    @Test func redrawsOnlyWhatChanged() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 400, height: 300), title: "x²", font: font)
        view.draw(Square(), into: &canvas)
        #expect(canvas.damage.bounds == IntRect(x: 0, y: 0, width: 400, height: 300))
        _ = canvas.damage.take()
        // Nothing changed: nothing drawn.
        view.draw(Square(), into: &canvas)
        #expect(canvas.damage.isEmpty)
        // A new title damages only the title strip.
        view.title = "y = x²"
        view.draw(Square(), into: &canvas)
        #expect(canvas.damage.bounds == view.titleRect)
        _ = canvas.damage.take()
        // A pan damages the plot only, and reuses samples.
        view.viewport = view.viewport.panned(by: 5, 0)
        view.draw(Square(), into: &canvas)
        #expect(canvas.damage.bounds == view.plotRect)
        #expect(view.lastCurve!.reusedColumns > 350)
    }

    @Test func drawsTheCurveInItsColourAndTheAxes() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var style = GraphStyle()
        style.showsGrid = false
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 400, height: 300), title: "2", font: font, style: style)
        view.draw(Constant(c: 2), into: &canvas)
        let plot = view.plotRect
        let centreY = plot.y + plot.height / 2
        // y = 2 at 50 px per unit: 100 px above the centre.
        #expect(image.buffer.xrgb(x: 300, y: centreY - 100) == style.curve.xrgb)
        #expect(image.buffer.xrgb(x: 300, y: centreY + 40) == style.background.xrgb)
        #expect(image.buffer.xrgb(x: 200, y: centreY + 40) == style.axis.xrgb)
        #expect(image.buffer.xrgb(x: 5, y: 2) == style.titleBackground.xrgb)
    }

    @Test func traceShowsTheCurvePointAtTheFingersX() {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 400, height: 300), title: "x²", font: font)
        view.draw(Square(), into: &canvas)
        view.traceLocation = Point(x: 250, y: 100)
        _ = canvas.damage.take()
        view.draw(Square(), into: &canvas)
        #expect(canvas.damage.bounds == view.plotRect)
        let reading = view.traceReading(at: Point(x: 250, y: 100))!
        #expect(reading.x == view.viewport.worldX(forScreenX: 250, in: Rect(view.plotRect)))
        // The crosshair's vertical line runs the height of the plot in the trace colour, at the finger's x.
        var tracePixels = 0
        for y in view.plotRect.y..<view.plotRect.maxY {
            for x in 249...251 {
                let p = image.buffer.xrgb(x: x, y: y)
                if (p >> 16) & 0xFF > ((p >> 8) & 0xFF) + 40 { tracePixels += 1 }
            }
        }
        #expect(tracePixels > 100)
    }
}
