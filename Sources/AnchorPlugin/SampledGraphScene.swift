import CalculatorBrain
import Grapher
import ProgramGraphs
import Raster

/// The bench graph scene drawn the way the kiosk draws a graph: Grapher's adaptive sampler over the
/// compiled program with its interval enclosure, polylines simplified, in the scene's colours and widths.
/// One per process, not thread-safe: the harness calls the plugin from one thread.
final class SampledGraphScene {
    nonisolated(unsafe) static let shared = SampledGraphScene()

    let scratch = StrokeScratch()
    let functions = [ProgramFunction(expression: .binary(.multiply, .unary(.sine, .variable("x")), .variable("x")), variable: "x"),
                     ProgramFunction(expression: .unary(.tangent, .variable("x")), variable: "x")]
    var samplers = [CurveSampler(), CurveSampler()]

    func draw(on buffer: PixelBuffer, tangent: Bool, xmin: Double, xmax: Double, ymin: Double, ymax: Double,
              keepSamples: Bool) {
        var canvas = Canvas(buffer: buffer, strokeScratch: scratch)
        let w = Double(buffer.width), h = Double(buffer.height)
        canvas.clear(.white)
        GraphScene.drawAxes(&canvas, w: buffer.width, h: buffer.height, xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax)
        let sx = w / (xmax - xmin), sy = h / (ymax - ymin)
        // World 0 sits at (-xmin·sx, ymax·sy); the viewport measures it from the centre.
        let viewport = Viewport(originOffsetX: -xmin * sx - w / 2, originOffsetY: ymax * sy - h / 2,
                                pixelsPerUnitX: sx, pixelsPerUnitY: sy)
        let index = tangent ? 1 : 0
        if !keepSamples { samplers[index].invalidate() }
        let curve = samplers[index].sample(functions[index], viewport: viewport, frame: Rect(x: 0, y: 0, width: w, height: h))
        for line in curve.polylines {
            line.withUnsafeBufferPointer { canvas.strokePolyline($0, width: 2, GraphScene.curve) }
        }
    }
}
