import Raster

/// A sampled curve's polylines as the runs they are stroked in, each with its bounding box, found once a frame
/// painted in strips.
///
/// Long polylines go in short runs, so each stroke's bounding box stays small; a run also ends at each of the
/// curve's stroke breaks, so runs lie at the same world places from frame to frame. A pan paints several strips
/// of the plot, each clipped: a run whose box lies wholly outside a strip is passed over here, with four
/// comparisons, instead of having its box found again per strip by `strokePolyline` (where it would come to
/// nothing all the same). The margin is wider than the stroke's own, so a run skipped here is one that
/// `strokePolyline` would have left undrawn.
struct StrokeRuns {
    static let runLength = 16

    private struct Run {
        let polyline: Int, start: Int, end: Int
        let minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    private var runs: [Run] = []

    init(_ samples: SampledCurve) {
        Self.eachRun(of: samples) { polyline, points, start, end in runs.append(Self.run(polyline, start, end, points)) }
    }

    /// The runs of `samples`, in stroke order: the polyline's index, its points, and the run's first and last.
    @inline(__always)
    private static func eachRun(of samples: SampledCurve, _ body: (Int, UnsafeBufferPointer<Point>, Int, Int) -> Void) {
        for (index, line) in samples.polylines.enumerated() {
            let breaks = index < samples.strokeBreaks.count ? samples.strokeBreaks[index] : []
            line.withUnsafeBufferPointer { points in
                var start = 0
                var nextBreak = 0
                while start < points.count - 1 {
                    while nextBreak < breaks.count && breaks[nextBreak] <= start { nextBreak += 1 }
                    let end = min(start + runLength, points.count - 1, nextBreak < breaks.count ? breaks[nextBreak] : Int.max)
                    body(index, points, start, end)
                    start = end
                }
            }
        }
    }

    /// Strokes every run of `samples`, boxes unseen: for a plot painted whole, where no run lies outside.
    static func strokeAll(_ samples: SampledCurve, width: Double, _ color: Color, into canvas: inout Canvas) {
        eachRun(of: samples) { _, points, start, end in
            canvas.strokePolyline(UnsafeBufferPointer(start: points.baseAddress! + start, count: end - start + 1), width: width, color)
        }
    }

    /// The run's box; one that a point off every finite place leaves unbounded, so it is never passed over.
    private static func run(_ polyline: Int, _ start: Int, _ end: Int, _ points: UnsafeBufferPointer<Point>) -> Run {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in start...end {
            let p = points[i]
            guard p.x.isFinite, p.y.isFinite else {
                return Run(polyline: polyline, start: start, end: end, minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
            }
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return Run(polyline: polyline, start: start, end: end, minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// Strokes the runs that may reach the canvas's clip, in order, as `strokePolyline` each.
    func stroke(_ samples: SampledCurve, width: Double, _ color: Color, into canvas: inout Canvas) {
        let clip = canvas.clip
        // strokePolyline reaches half the width, half a pixel and one more: two more cover any rounding.
        let margin = width / 2 + 2.5
        let left = Double(clip.x - canvas.originX) - margin, right = Double(clip.maxX - canvas.originX) + margin
        let top = Double(clip.y - canvas.originY) - margin, bottom = Double(clip.maxY - canvas.originY) + margin
        for run in runs where !(run.maxX < left || run.minX > right || run.maxY < top || run.minY > bottom) {
            samples.polylines[run.polyline].withUnsafeBufferPointer { points in
                canvas.strokePolyline(UnsafeBufferPointer(start: points.baseAddress! + run.start, count: run.end - run.start + 1),
                                      width: width, color)
            }
        }
    }
}
