import Raster

/// The simplifier's answers of the last frame and this one, for runs long enough to pay for the lookup.
///
/// A pan keeps the stretches that are one run within the band (`AssembledStretch`), but not those a pole cuts
/// at the band: their steep flanks, a few points a column, are walked from the cached events and simplified
/// again every frame, although the points are the same to the last bit (they are relative to the viewport's
/// origin). A run is looked up by its first point and length and taken only when every point's bits, the
/// tolerance and whether it starts a polyline equal what was simplified: the kept points are then exactly what
/// `PolylineSimplifier.append` would give, since they depend on nothing else.
struct SimplifiedRuns {
    /// Runs shorter than this are simplified directly: cheaper than the lookup and the copies.
    static let shortestRun = 12

    private struct Key: Hashable {
        let x: UInt64, y: UInt64, count: Int
    }

    private struct Entry {
        let input: [Point]
        let output: [Point]
        let startsPolyline: Bool
        let tolerance: Double
    }

    /// Only while the stretches are kept (the same scale and band as the last frame): a pinch never looks up.
    private(set) var isOn = false
    /// Runs answered from memory since the sampler began (tests check that a pan finds them).
    private(set) var found = 0
    private var lastFrame: [Key: Entry] = [:]
    private var thisFrame: [Key: Entry] = [:]

    /// Starts a frame: the runs of the frame before stay to be found, older ones go.
    mutating func beginFrame(keeping: Bool) {
        isOn = keeping
        if keeping {
            swap(&lastFrame, &thisFrame)
            thisFrame.removeAll(keepingCapacity: true)
        } else if !lastFrame.isEmpty || !thisFrame.isEmpty {
            lastFrame = [:]
            thisFrame = [:]
        }
    }

    /// `PolylineSimplifier.append(points, tolerance:, to: &kept)`, answered from the runs remembered when the
    /// same run was simplified in this frame or the last.
    mutating func append(_ points: UnsafeBufferPointer<Point>, tolerance: Double, to kept: inout [Point]) {
        guard isOn, points.count >= Self.shortestRun else {
            PolylineSimplifier.append(points, tolerance: tolerance, to: &kept)
            return
        }
        let key = Key(x: points[0].x.bitPattern, y: points[0].y.bitPattern, count: points.count)
        let startsPolyline = kept.isEmpty
        if let entry = lastFrame[key] ?? thisFrame[key], entry.startsPolyline == startsPolyline,
           entry.tolerance.bitPattern == tolerance.bitPattern, Self.same(entry.input, points) {
            kept.append(contentsOf: entry.output)
            thisFrame[key] = entry
            found &+= 1
            return
        }
        let before = kept.count
        PolylineSimplifier.append(points, tolerance: tolerance, to: &kept)
        thisFrame[key] = Entry(input: Array(points), output: Array(kept[before...]), startsPolyline: startsPolyline,
                               tolerance: tolerance)
    }

    /// Whether the two runs hold the same bits (so -0 and 0 differ, and a NaN equals its own bits).
    private static func same(_ a: [Point], _ b: UnsafeBufferPointer<Point>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            for i in 0..<a.count where a[i].x.bitPattern != b[i].x.bitPattern || a[i].y.bitPattern != b[i].y.bitPattern {
                return false
            }
            return true
        }
    }
}
