import Raster

/// What the trace shows under a finger: a point on one curve at the finger's x, or a point of interest
/// it snapped to.
public struct TraceReading: Equatable {
    /// The curve it is on (for an intersection, the first of the two).
    public var curveID: Int
    public var x: Double
    public var y: Double
    /// Set when the trace snapped to a marked point; its `curves` hold curve ids.
    public var point: PointOfInterest?

    public init(curveID: Int, x: Double, y: Double, point: PointOfInterest? = nil) {
        self.curveID = curveID
        self.x = x
        self.y = y
        self.point = point
    }

    /// The curve whose height at the finger's x is nearest the finger's height: the trace keeps the
    /// finger's x, where a nearest point in two dimensions would slide along a gentle curve away from it.
    /// `candidates` are the curves' screen heights at that x, the topmost drawn first: it wins a tie.
    /// Heights that are not finite (undefined there, a pole) never win.
    public static func nearestCurve(toScreenY fingerY: Double, among candidates: [(id: Int, screenY: Double)]) -> Int? {
        var best: (id: Int, distance: Double)?
        for c in candidates where c.screenY.isFinite {
            let d = abs(c.screenY - fingerY)
            if best == nil || d < best!.distance { best = (c.id, d) }
        }
        return best?.id
    }

    /// The marked point nearest the finger, if one is within `radius` pixels of it.
    public static func snapped(finger: Point, to marks: [(point: PointOfInterest, at: Point)], within radius: Double) -> PointOfInterest? {
        var best: (point: PointOfInterest, distance: Double)?
        for mark in marks {
            let dx = mark.at.x - finger.x, dy = mark.at.y - finger.y
            let d = (dx * dx + dy * dy).squareRoot()
            if d <= radius && (best == nil || d < best!.distance) { best = (mark.point, d) }
        }
        return best?.point
    }
}
