import Grapher
import Raster
import SeededRandom
import Testing

/// A pan frame scrolls the picture and redraws only strips; it must equal a frame drawn whole, pixel for
/// pixel. Two views see the same viewports (so their samplers hold the same samples): one draws each frame
/// whole (invalidated), the other pans from its previous picture.
@Suite struct ScrolledPanTests {
    let font = Font(source: BoxGlyphs(), pixelSize: 13)

    private func firstDifference(_ a: PixelImage, _ b: PixelImage) -> (Int, Int)? {
        for y in 0..<a.height {
            for x in 0..<a.width where a.buffer.row32(y)[x] != b.buffer.row32(y)[x] { return (x, y) }
        }
        return nil
    }

    private func check(_ function: some GraphableFunction, name: String, seed: UInt64, curveWidth: Double) {
        var random = SplitMix64(seed: seed)
        let frame = IntRect(x: 10, y: 6, width: 380, height: 250)
        var style = GraphStyle()
        style.curveWidth = curveWidth
        let whole = PixelImage(width: 400, height: 270), panned = PixelImage(width: 400, height: 270)
        var wholeCanvas = Canvas(buffer: whole.buffer), pannedCanvas = Canvas(buffer: panned.buffer)
        var wholeView = GraphView(frame: frame, title: name, font: font, style: style)
        var pannedView = GraphView(frame: frame, title: name, font: font, style: style)
        var viewport = Viewport.standard
        for step in 0..<60 {
            // Mostly small finger moves, some long ones and some far from the origin (pinned axes).
            let reach = random.below(10) == 0 ? 160 : 12
            var dx = Double(random.below(2 * reach + 1) - reach), dy = Double(random.below(2 * reach + 1) - reach)
            if random.below(4) == 0 { dy = 0 }
            if random.below(6) == 0 { dx = 0 }
            viewport = viewport.panned(by: dx, dy)
            wholeView.viewport = viewport
            pannedView.viewport = viewport
            wholeView.invalidate()
            wholeView.draw(function, into: &wholeCanvas)
            pannedView.draw(function, into: &pannedCanvas)
            if let (x, y) = firstDifference(whole, panned) {
                Issue.record("\(name), pan \(step) by (\(dx), \(dy)) to offset (\(viewport.originOffsetX), \(viewport.originOffsetY)): pixel (\(x), \(y)) differs: \(String(whole.buffer.row32(y)[x], radix: 16)) whole, \(String(panned.buffer.row32(y)[x], radix: 16)) panned")
                return
            }
            _ = wholeCanvas.damage.take()
            _ = pannedCanvas.damage.take()
        }
    }

    @Test func aScrolledPanEqualsAWholeRedrawOverRandomPans() {
        check(Tan(), name: "tan", seed: 1, curveWidth: 2)
        check(Square(), name: "square", seed: 2, curveWidth: 4.6)
        check(Reciprocal(), name: "1/x", seed: 3, curveWidth: 2.5)
        check(SinOfReciprocal(), name: "sin(1/x)", seed: 4, curveWidth: 2)
    }

    @Test func aPanScrollsRatherThanRedrawing() {
        // The scrolled frame really takes the scroll path: a pixel drawn outside the plot's strips would be
        // overwritten by a whole redraw, but the scroll moves it with the picture.
        let frame = IntRect(x: 0, y: 0, width: 300, height: 200)
        let image = PixelImage(width: 300, height: 200)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: frame, title: "", font: font)
        view.draw(Square(), into: &canvas)
        let plot = view.plotRect
        // Away from the axes, their labels, the grid, the curve and the edge strips.
        let spot = (x: plot.x + 60, y: plot.y + 130)
        image.buffer.row32(spot.y)[spot.x] = 0x00AB_CDEF
        view.viewport = view.viewport.panned(by: 3, 0)
        view.draw(Square(), into: &canvas)
        #expect(image.buffer.row32(spot.y)[spot.x + 3] == 0x00AB_CDEF)
        // A pan by a fraction of a pixel cannot scroll: the whole plot is drawn again.
        view.viewport = view.viewport.panned(by: 0.5, 0)
        view.draw(Square(), into: &canvas)
        #expect(image.buffer.row32(spot.y)[spot.x + 3] != 0x00AB_CDEF)
    }
}
