import Grapher
import Raster
import Testing

/// A full frame and a pan frame of tan(M) at 800x480, each in its own never-inlined function
/// (so an instruction counter can tell them apart), compared by the evaluations each made.
@Suite struct FrameCostBench {
    @inline(never) static func benchFullFrame(_ view: inout GraphView, _ canvas: inout Canvas) {
        view.draw(Tan(), into: &canvas)
    }

    @inline(never) static func benchPanFrame(_ view: inout GraphView, _ canvas: inout Canvas) {
        view.viewport = view.viewport.panned(by: -8, 0)
        view.draw(Tan(), into: &canvas)
    }

    @Test func panFrameEvaluatesOnlyTheNewStrip() {
        let image = PixelImage(width: 800, height: 480)
        var canvas = Canvas(buffer: image.buffer)
        var view = GraphView(frame: IntRect(x: 0, y: 0, width: 800, height: 480), title: "tan(M)",
                             font: Font(source: BoxGlyphs(), pixelSize: 14))
        Self.benchFullFrame(&view, &canvas)
        let full = view.lastCurve!.evaluations
        Self.benchPanFrame(&view, &canvas)
        let pan = view.lastCurve!.evaluations
        #expect(pan * 2 <= full)
        print("bench tan 800x480: full frame \(full) evaluations, 8 px pan frame \(pan)")
    }
}
