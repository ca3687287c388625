/// How a stroke ends.
public enum LineCap: Sendable { case butt, round }

extension Canvas {
    /// An anti-aliased line of any width with round caps.
    public mutating func strokeLine(from a: Point, to b: Point, width: Double, _ color: Color) {
        strokePolyline([a, b], width: width, color)
    }

    /// An anti-aliased polyline with round joins and caps.
    /// Each pixel takes the coverage of its nearest segment, so joins never double-blend.
    public mutating func strokePolyline(_ points: [Point], width: Double, _ color: Color) {
        guard width.isFinite, width > 0, !points.isEmpty else { return }
        let half = width / 2
        let ox = Double(originX), oy = Double(originY)
        let pts = points.map { Point(x: $0.x + ox, y: $0.y + oy) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in pts {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        guard let area = pixelBounds(minX - half - 1, minY - half - 1, maxX + half + 1, maxY + half + 1) else { return }
        let segments = pts.count == 1 ? [(pts[0], pts[0])] : (0..<(pts.count - 1)).map { (pts[$0], pts[$0 + 1]) }
        for py in area.y..<area.maxY {
            let cy = Double(py) + 0.5
            for px in area.x..<area.maxX {
                let cx = Double(px) + 0.5
                var best = Double.infinity
                for (p, q) in segments { best = min(best, distanceToSegment(cx, cy, p, q)) }
                let cov = coverageFromDistance(best - half)
                if cov > 0 { blendPixel(x: px, y: py, color: color, coverage: cov) }
            }
        }
        damage.add(area)
    }

    /// A dashed line, for grids: `dash` on, `gap` off, measured along the line.
    public mutating func strokeDashedLine(from a: Point, to b: Point, width: Double, dash: Double, gap: Double, _ color: Color) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length.isFinite, length > 0, dash.isFinite, gap.isFinite, dash > 0, gap >= 0 else { return }
        let period = dash + gap
        guard length / period < 100_000 else { return }
        var t = 0.0
        while t < length {
            let e = min(t + dash, length)
            strokeLine(from: Point(x: a.x + dx * t / length, y: a.y + dy * t / length),
                       to: Point(x: a.x + dx * e / length, y: a.y + dy * e / length), width: width, color)
            t += period
        }
    }
}

@inline(__always)
func distanceToSegment(_ x: Double, _ y: Double, _ p: Point, _ q: Point) -> Double {
    let vx = q.x - p.x, vy = q.y - p.y
    let wx = x - p.x, wy = y - p.y
    let len2 = vx * vx + vy * vy
    let t = len2 > 0 ? min(max((wx * vx + wy * vy) / len2, 0), 1) : 0
    let dx = wx - t * vx, dy = wy - t * vy
    return (dx * dx + dy * dy).squareRoot()
}
