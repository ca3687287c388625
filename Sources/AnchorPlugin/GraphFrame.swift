#if canImport(Glibc)
import Glibc
#endif
import Raster

/// The bench-peers "graph" scene (../shared/bench-peers/README.md) drawn with Raster: clear white,
/// 1-px black axes through world 0 with 9-px ticks every unit, then a 2-px #1F5FD0 anti-aliased
/// polyline with one sample per column at i + 0.5, split where the function jumps.
@_cdecl("anchor_graph_frame")
public func anchorGraphFrame(_ px: UnsafeMutablePointer<UInt32>, _ w: Int32, _ h: Int32, _ stride: Int32,
                             _ fn: Int32, _ xmin: Double, _ xmax: Double, _ ymin: Double, _ ymax: Double) -> Int32 {
    guard let buffer = PixelBuffer(base: UnsafeMutableRawPointer(px), width: Int(w), height: Int(h),
                                   strideBytes: Int(stride)) else { return 1 }
    guard xmax > xmin, ymax > ymin, xmin.isFinite, xmax.isFinite, ymin.isFinite, ymax.isFinite else { return 2 }
    switch GraphSceneMode.current {
    case .columns:
        GraphScene.shared.draw(on: buffer, tangent: fn == 1, xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax)
    case .grapher, .grapherPan:
        SampledGraphScene.shared.draw(on: buffer, tangent: fn == 1, xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax,
                                      keepSamples: GraphSceneMode.current == .grapherPan)
    }
    return 0
}

/// Memory the graph frame reuses between frames. One per process, not thread-safe:
/// the bench harness calls the plugin from one thread.
final class GraphScene {
    nonisolated(unsafe) static let shared = GraphScene()
    static let tickHalf = 4
    static let curve = Color(rgb: 0x1F5FD0)

    let scratch = StrokeScratch()
    var points: [Point] = []

    func draw(on buffer: PixelBuffer, tangent: Bool, xmin: Double, xmax: Double, ymin: Double, ymax: Double) {
        var canvas = Canvas(buffer: buffer, strokeScratch: scratch)
        let w = buffer.width, h = buffer.height
        canvas.clear(.white)
        GraphScene.drawAxes(&canvas, w: w, h: h, xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax)

        let dx = (xmax - xmin) / Double(w), ysc = Double(h) / (ymax - ymin), span = ymax - ymin
        if points.count < w { points = [Point](repeating: Point(x: 0, y: 0), count: w) }
        points.withUnsafeMutableBufferPointer { run in
            var count = 0
            var previous = 0.0
            for i in 0..<w {
                let x = xmin + (Double(i) + 0.5) * dx
                let y = tangent ? tan(x) : sin(x) * x
                // The split rule: a non-finite end, or a sign change larger than the window (an asymptote).
                if i > 0, count > 0,
                   !previous.isFinite || !y.isFinite || ((previous < 0) != (y < 0) && abs(previous - y) > span) {
                    canvas.strokePolyline(UnsafeBufferPointer(rebasing: run[0..<count]), width: 2, GraphScene.curve)
                    count = 0
                }
                previous = y
                let sy = (ymax - y) * ysc
                if sy.isFinite {
                    run[count] = Point(x: Double(i) + 0.5, y: sy)
                    count += 1
                }
            }
            if count > 0 { canvas.strokePolyline(UnsafeBufferPointer(rebasing: run[0..<count]), width: 2, GraphScene.curve) }
        }
    }

    /// 1-px black axes through world 0 with 9-px ticks every unit (shared by both ways of drawing the scene).
    static func drawAxes(_ canvas: inout Canvas, w: Int, h: Int, xmin: Double, xmax: Double, ymin: Double, ymax: Double) {
        let xs = Double(w) / (xmax - xmin), ys = Double(h) / (ymax - ymin)
        let fx = (0 - xmin) * xs, fy = (ymax - 0) * ys
        let ax = fx >= 0 && fx < Double(w) ? Int(fx.rounded(.down)) : -1
        let ay = fy >= 0 && fy < Double(h) ? Int(fy.rounded(.down)) : -1
        let half = GraphScene.tickHalf
        if ay >= 0 {
            canvas.fill(IntRect(x: 0, y: ay, width: w, height: 1), .black)
            var k = xmin.rounded(.up)
            var n = 0
            while k <= xmax && n < 512 {
                defer { k += 1 }
                if k == 0 { continue }
                let p = (k - xmin) * xs
                if p >= 0 && p < Double(w) {
                    canvas.fill(IntRect(x: Int(p.rounded(.down)), y: ay - half, width: 1, height: 2 * half + 1), .black)
                    n += 1
                }
            }
        }
        if ax >= 0 {
            canvas.fill(IntRect(x: ax, y: 0, width: 1, height: h), .black)
            var k = ymin.rounded(.up)
            var n = 0
            while k <= ymax && n < 512 {
                defer { k += 1 }
                if k == 0 { continue }
                let p = (ymax - k) * ys
                if p >= 0 && p < Double(h) {
                    canvas.fill(IntRect(x: ax - half, y: Int(p.rounded(.down)), width: 2 * half + 1, height: 1), .black)
                    n += 1
                }
            }
        }
    }
}
