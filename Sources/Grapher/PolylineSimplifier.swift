import Raster

/// Drops the points of a polyline that its neighbours already draw: a point goes when the kept line passes
/// within `tolerance` pixels of it. The steep flanks of tan or 1/x come out of the sampler as runs of
/// nearly collinear points; each costs a stroke segment, and none of them shows.
///
/// Sleeve fitting in one pass: from the last kept point (the anchor), every later point narrows the cone of
/// directions that pass within `tolerance` of it; the first point outside the cone ends the run, and the point
/// before it is kept. A run also ends when the curve turns back towards the anchor, so every dropped point
/// lies beside the kept segment, not beyond its end.
public enum PolylineSimplifier {
    public static func simplified(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2, tolerance > 0, tolerance.isFinite else { return points }
        return points.withUnsafeBufferPointer { simplified($0, tolerance: tolerance) }
    }

    static func simplified(_ points: UnsafeBufferPointer<Point>, tolerance: Double) -> [Point] {
        var kept: [Point] = []
        kept.reserveCapacity(points.count / 2)
        append(points, tolerance: tolerance, to: &kept)
        return kept
    }

    /// Appends the kept points of `points` to `kept`; the first only when `kept` is empty (a stretch
    /// that goes on from where the last one ended).
    static func append(_ points: UnsafeBufferPointer<Point>, tolerance: Double, to kept: inout [Point]) {
        if kept.isEmpty { kept.append(points[0]) }
        guard points.count > 2, tolerance > 0, tolerance.isFinite else {
            if points.count > 1 { kept.append(contentsOf: points[1...]) }
            return
        }
        var anchorIndex = 0
        var anchor = points[0]
        // The cone of directions, from its `left` edge (at -asin) to its `right` edge (at +asin), as unit vectors.
        var left = Point(x: 0, y: 0), right = Point(x: 0, y: 0)
        var hasCone = false
        var farthest = 0.0
        var i = 1
        while i < points.count {
            let p = points[i]
            let vx = p.x - anchor.x, vy = p.y - anchor.y
            let d = (vx * vx + vy * vy).squareRoot()
            let inCone = !hasCone || (cross(left, vx, vy) >= 0 && cross(right, vx, vy) <= 0)
            if (!inCone || d < farthest) && i - 1 > anchorIndex {
                // The previous point ends the run; p is looked at again from there.
                anchorIndex = i - 1
                anchor = points[anchorIndex]
                kept.append(anchor)
                hasCone = false
                farthest = 0
                continue
            }
            farthest = d
            if d > tolerance {
                // Directions within asin(tolerance / d) of v pass within tolerance of p.
                let s = tolerance / d, c = (1 - s * s).squareRoot()
                let ux = vx / d, uy = vy / d
                let newLeft = Point(x: ux * c + uy * s, y: -ux * s + uy * c)
                let newRight = Point(x: ux * c - uy * s, y: ux * s + uy * c)
                if !hasCone {
                    left = newLeft; right = newRight; hasCone = true
                } else {
                    // Narrow to the intersection: each edge moves only inwards.
                    if cross(left, newLeft.x, newLeft.y) > 0 { left = newLeft }
                    if cross(right, newRight.x, newRight.y) < 0 { right = newRight }
                }
            }
            i += 1
        }
        if anchorIndex != points.count - 1 { kept.append(points[points.count - 1]) }
    }

    /// z of a × (x, y): positive when (x, y) lies at a positive angle from a.
    @inline(__always)
    private static func cross(_ a: Point, _ x: Double, _ y: Double) -> Double { a.x * y - a.y * x }
}
