/// How a stroke ends.
public enum LineCap: Sendable { case butt, round }

extension Canvas {
    /// An anti-aliased line of any width with round caps.
    public mutating func strokeLine(from a: Point, to b: Point, width: Double, _ color: Color) {
        strokePolyline([a, b], width: width, color)
    }

    /// An anti-aliased polyline with round joins and caps.
    /// Each segment scans only the pixels near it, row by row, and leaves its coverage (from the distance
    /// to the segment) in a scratch buffer keeping the largest per pixel; one pass then blends each pixel
    /// once, so joins never double-blend.
    public mutating func strokePolyline(_ points: [Point], width: Double, _ color: Color) {
        points.withUnsafeBufferPointer { strokePolyline($0, width: width, color) }
    }

    /// The same, over points in caller-owned memory (no array per call: graphs draw many runs a frame).
    public mutating func strokePolyline(_ points: UnsafeBufferPointer<Point>, width: Double, _ color: Color) {
        guard width.isFinite, width > 0, !points.isEmpty else { return }
        let half = width / 2
        let reach = half + 0.5
        let ox = Double(originX), oy = Double(originY)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            let x = p.x + ox, y = p.y + oy
            guard x.isFinite, y.isFinite else { return }
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        guard let area = pixelBounds(minX - reach - 1, minY - reach - 1, maxX + reach + 1, maxY + reach + 1) else { return }
        let scratch = strokeScratch
        scratch.prepare(rows: area.height, columns: area.width)
        let region = StrokeRegion(area: area, scratch: scratch)
        if points.count == 1 {
            let p = Point(x: points[0].x + ox, y: points[0].y + oy)
            region.addSegment(p, p, half: half)
        } else {
            for i in 0..<(points.count - 1) {
                region.addSegment(Point(x: points[i].x + ox, y: points[i].y + oy),
                                  Point(x: points[i + 1].x + ox, y: points[i + 1].y + oy), half: half)
            }
        }
        blendScratch(area: area, color)
    }

    /// Blends the coverage a stroke left in the scratch, clears it, and records the damage.
    mutating func blendScratch(area: IntRect, _ color: Color) {
        let scratch = strokeScratch
        let coverage = scratch.coverage, chunks = scratch.chunks, words = scratch.wordsPerRow
        let chunk = StrokeScratch.chunk
        var touched = IntRect.zero
        for row in 0..<area.height {
            let y = area.y + row
            let cov = coverage + row * area.width
            var first = Int.max, last = Int.min
            for word in 0..<words {
                var bits = chunks[row * words + word]
                guard bits != 0 else { continue }
                chunks[row * words + word] = 0
                while bits != 0 {
                    let index = (word << 6) + bits.trailingZeroBitCount
                    bits &= bits - 1
                    let lo = index * chunk, hi = min(lo + chunk, area.width)
                    first = min(first, lo); last = max(last, hi)
                    switch buffer.format {
                    case .xrgb8888:
                        let pixels = (buffer.base + y * buffer.strideBytes).assumingMemoryBound(to: UInt32.self) + area.x
                        Spans.blendCoverageAndClear(cov + lo, into: pixels + lo, count: hi - lo, color)
                    case .rgb565:
                        for i in lo..<hi where cov[i] > 0 {
                            blendPixel(x: area.x + i, y: y, color: color, coverage: UInt32(cov[i]))
                            cov[i] = 0
                        }
                    }
                }
            }
            if first < last { touched = touched.union(IntRect(x: area.x + first, y: y, width: last - first, height: 1)) }
        }
        damage.add(touched)
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

/// The pixels of one stroke, in buffer coordinates, with their coverage scratch.
struct StrokeRegion {
    let area: IntRect
    let scratch: StrokeScratch

    /// Raises coverage around the segment p→q (a capsule of radius `half`).
    func addSegment(_ p0: Point, _ q0: Point, half: Double) {
        let reach = half + 0.5
        // Clip to the area widened by the reach, so far-away ends cost nothing and keep precision.
        let box = (x0: Double(area.x) - reach - 1, y0: Double(area.y) - reach - 1,
                   x1: Double(area.maxX) + reach + 1, y1: Double(area.maxY) + reach + 1)
        guard let (p, q) = clipSegment(p0, q0, box) else { return }
        let vx = q.x - p.x, vy = q.y - p.y
        let len2 = vx * vx + vy * vy
        let len = len2.squareRoot()
        let r2 = reach * reach
        let top = max(Double(area.y), (min(p.y, q.y) - reach).rounded(.down))
        let bottom = min(Double(area.maxY), (max(p.y, q.y) + reach).rounded(.up))
        guard top < bottom else { return }
        let left = area.x, right = area.maxX
        let leftEdge = Double(left) - 1, rightEdge = Double(right) + 1
        let width = area.width
        let coverage = scratch.coverage, chunks = scratch.chunks, words = scratch.wordsPerRow
        for py in Int(top)..<Int(bottom) {
            let cy = Double(py) + 0.5
            let dp = cy - p.y, dq = cy - q.y
            let (lo, hi) = capsuleSpan(p: p, q: q, vx: vx, vy: vy, len: len, len2: len2, dp: dp, dq: dq,
                                       radius: reach, r2: r2)
            guard lo <= hi else { continue }
            // Pixel centres in [lo, hi], within the area.
            let x0 = max(left, ceilInt(max(lo, leftEdge) - 0.5)), x1 = min(right, floorInt(min(hi, rightEdge) - 0.5) + 1)
            guard x0 < x1 else { continue }
            let row = py - area.y
            let cov = (coverage + row * width) - area.x
            for px in x0..<x1 {
                let c = UInt8(truncatingIfNeeded: coverageFromDistance(distanceToSegment(Double(px) + 0.5, cy, p, q) - half))
                if c > cov[px] { cov[px] = c }
            }
            // Mark the chunks the scanned pixels lie in (a scan spans at most a few chunks).
            let rowChunks = chunks + row * words
            for index in ((x0 - area.x) >> StrokeScratch.chunkShift)...((x1 - 1 - area.x) >> StrokeScratch.chunkShift) {
                rowChunks[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
    }
}

/// ⌈x⌉ and ⌊x⌋ of a finite x well inside Int's range, without a libm call (no SSE4.1 round without -march).
@inline(__always)
func ceilInt(_ x: Double) -> Int {
    let i = Int(x)
    return Double(i) < x ? i + 1 : i
}

@inline(__always)
func floorInt(_ x: Double) -> Int {
    let i = Int(x)
    return Double(i) > x ? i - 1 : i
}

/// The x-interval of a row (`dp`, `dq`: the row's height above p and q) within `radius` of segment p→q:
/// the hull of the two end discs and the band around the line limited to the segment's own slab.
/// Empty (lo > hi) when the row misses the capsule.
@inline(__always)
func capsuleSpan(p: Point, q: Point, vx: Double, vy: Double, len: Double, len2: Double, dp: Double, dq: Double,
                 radius: Double, r2: Double) -> (Double, Double) {
    var lo = Double.infinity, hi = -Double.infinity
    if dp * dp < r2 { let s = (r2 - dp * dp).squareRoot(); lo = min(lo, p.x - s); hi = max(hi, p.x + s) }
    if dq * dq < r2 { let s = (r2 - dq * dq).squareRoot(); lo = min(lo, q.x - s); hi = max(hi, q.x + s) }
    if len > 0 {
        if vy == 0 {
            if dp * dp < r2 { lo = min(lo, min(p.x, q.x)); hi = max(hi, max(p.x, q.x)) }
        } else {
            // Within `radius` of the line: an interval around where the line crosses this row.
            let crossing = p.x + vx * dp / vy
            let spread = radius * len / abs(vy)
            var bandLo = crossing - spread, bandHi = crossing + spread
            // Projection onto the segment within [0, 1].
            if vx != 0 {
                let t0 = p.x - dp * vy / vx, t1 = t0 + len2 / vx
                bandLo = max(bandLo, min(t0, t1)); bandHi = min(bandHi, max(t0, t1))
            } else {
                let t = dp / vy
                if !(t >= 0 && t <= 1) { bandHi = -Double.infinity }
            }
            if bandLo <= bandHi { lo = min(lo, bandLo); hi = max(hi, bandHi) }
        }
    }
    return (lo, hi)
}

/// Liang–Barsky: the part of p→q inside the box, or nil. A point segment stays a point.
@inline(__always)
func clipSegment(_ p: Point, _ q: Point, _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> (Point, Point)? {
    let dx = q.x - p.x, dy = q.y - p.y
    var t0 = 0.0, t1 = 1.0
    let pp = (-dx, dx, -dy, dy)
    let qq = (p.x - box.x0, box.x1 - p.x, p.y - box.y0, box.y1 - p.y)
    func edge(_ d: Double, _ e: Double) -> Bool {
        if d == 0 { return e >= 0 }
        let t = e / d
        if d < 0 { if t > t1 { return false }; if t > t0 { t0 = t } } else { if t < t0 { return false }; if t < t1 { t1 = t } }
        return true
    }
    guard edge(pp.0, qq.0), edge(pp.1, qq.1), edge(pp.2, qq.2), edge(pp.3, qq.3), t0 <= t1 else { return nil }
    let a = Point(x: p.x + t0 * dx, y: p.y + t0 * dy), b = Point(x: p.x + t1 * dx, y: p.y + t1 * dy)
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
    return (a, b)
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
