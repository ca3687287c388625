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
        scratch.prepare(rows: area.height, columns: area.width, room: buffer.width * buffer.height)
        let region = StrokeRegion(area: area, scratch: scratch, half: half)
        if points.count == 1 {
            let p = Point(x: points[0].x + ox, y: points[0].y + oy)
            region.addSegment(p, p)
        } else {
            for i in 0..<(points.count - 1) {
                region.addSegment(Point(x: points[i].x + ox, y: points[i].y + oy),
                                  Point(x: points[i + 1].x + ox, y: points[i + 1].y + oy))
            }
        }
        blendScratch(area: area, color)
    }

    /// Blends the coverage a stroke left in the scratch, clears it, and records the damage.
    mutating func blendScratch(area: IntRect, _ color: Color) {
        let touched: (left: Int, right: Int, top: Int, bottom: Int)?
        switch buffer.format {
        case .xrgb8888:
            touched = strokeScratch.blendAndClear(area: area, into: buffer.base, strideBytes: buffer.strideBytes, color)
        case .rgb565:
            touched = strokeScratch.forEachCoverage(area: area) { x, y, coverage in
                blendPixel(x: x, y: y, color: color, coverage: coverage)
            }
        }
        if let touched {
            damage.add(IntRect(x: area.x + touched.left, y: area.y + touched.top,
                               width: touched.right - touched.left, height: touched.bottom - touched.top))
        }
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
    let half: Double
    let reach: Double
    /// The area widened by the reach and a pixel: segments are clipped to it, so far-away ends cost
    /// nothing and keep precision.
    let box: (x0: Double, y0: Double, x1: Double, y1: Double)

    init(area: IntRect, scratch: StrokeScratch, half: Double) {
        self.area = area
        self.scratch = scratch
        self.half = half
        reach = half + 0.5
        box = (x0: Double(area.x) - reach - 1, y0: Double(area.y) - reach - 1,
               x1: Double(area.maxX) + reach + 1, y1: Double(area.maxY) + reach + 1)
    }

    /// Raises coverage around the segment p→q (a capsule of radius `half`).
    /// Each row scans the pixels whose centres lie within the reach of the segment's line (the band
    /// around where the line crosses the row, one add a row) and within its x-extent widened by the
    /// reach: a superset of the capsule's pixels that costs no square root per row. The exact
    /// distance per pixel then gives the coverage, zero outside the capsule.
    /// Every value below lies within the box, a few pixels wide of the area: whole pixels come through the
    /// 1.5 · 2^52 trick and wrapping arithmetic, with no trapping conversion and no libm call.
    func addSegment(_ p0: Point, _ q0: Point) {
        guard let (p, q) = clipSegment(p0, q0, box) else { return }
        let vx = q.x - p.x, vy = q.y - p.y
        let len2 = vx * vx + vy * vy
        // The first and last rows in reach, clamped to the area before they are whole (floor and ceil
        // commute with a clamp to whole numbers): however wide the stroke, the trick's range holds.
        let topRow = floorWithin(max(Double(area.y), min(p.y, q.y) - reach))
        let bottomRow = ceilWithin(min(Double(area.maxY), max(p.y, q.y) + reach))
        guard topRow < bottomRow else { return }
        let top = Double(topRow)
        let left = area.x, right = area.maxX
        // Pixel centres x + 0.5 in [lowest, highest]: the segment's x-extent widened by the reach.
        let lowest = max(Double(left), min(p.x, q.x) - reach) - 0.5
        let highest = min(Double(right), max(p.x, q.x) + reach) - 0.5
        let width = area.width
        let coverage = scratch.coverage
        let segment = SegmentCoverage(vx: vx, vy: vy, len2: len2, reach: reach)
        // A segment at most two groups wide (a graph's one column): its whole box in one pass, every
        // row the same pixels, no band to work out a row.
        let boxStart = ceilWithin(lowest), boxEnd = floorWithin(highest) &+ 1
        guard boxStart < boxEnd else { return }
        if boxEnd &- boxStart <= 8 {
            let span = (boxEnd &- boxStart &+ 3) & ~3
            var end = boxStart &+ span
            if end > right { end = right }
            var start = end &- span
            if start < left { start = left }
            let first = topRow &- area.y, rows = bottomRow &- topRow
            segment.raise(coverage + (first &* width &+ (start &- left)), count: end &- start, rows: rows, rowStride: width,
                          wx: Double(start) + 0.5 - p.x, wy: top + 0.5 - p.y)
            scratch.markChunks((start &- left) &>> StrokeScratch.chunkShift, through: (end &- 1 &- left) &>> StrokeScratch.chunkShift,
                               firstRow: first, rows: rows)
            return
        }
        // A nearly level segment's band is the whole row (its x-extent bounds it).
        let level = abs(vy) < 1e-9
        let slope = level ? 0 : vx / vy
        let spread = level ? Double.infinity : reach * len2.squareRoot() / abs(vy)
        // Per row: the band, in whole pixels with wrapping arithmetic and no trapping conversions (every
        // value lies within the area, a few pixels wide of it), then its coverage.
        let rowStart = coverage - area.x
        // The row's chunk bits, held here and stepped a row at a time: read through the scratch, they were
        // loaded again after each row's coverage.
        let words = scratch.wordsPerRow
        var py = topRow, rowIndex = py &- area.y
        var rowBits = scratch.chunkBits + rowIndex &* words
        let lastRow = bottomRow
        var dp = top + 0.5 - p.y
        while py < lastRow {
            defer { py &+= 1; rowIndex &+= 1; dp += 1; rowBits += words }
            // Comparisons, not min/max: a NaN crossing (an infinite slope at dp 0) keeps the extent.
            let crossing = p.x + slope * dp - 0.5
            let a = crossing - spread, b = crossing + spread
            let lo = a > lowest ? a : lowest, hi = b < highest ? b : highest
            guard lo <= hi else { continue }
            let x0 = ceilWithin(lo), x1 = floorWithin(hi) &+ 1
            guard x0 < x1 else { continue }
            // Whole groups of four pixels, shifted left where the area's edge cuts the last group: the
            // extra pixels are beyond the reach (coverage 0), and their chunks are marked all the same.
            let span = (x1 &- x0 &+ 3) & ~3
            var end = x0 &+ span
            if end > right { end = right }
            var start = end &- span
            if start < left { start = left }
            segment.raiseRow(rowStart + (rowIndex &* width &+ start), count: end &- start, wx: Double(start) + 0.5 - p.x, wy: dp)
            // Mark the chunks the scanned pixels lie in.
            let first = (start &- left) &>> StrokeScratch.chunkShift, last = (end &- 1 &- left) &>> StrokeScratch.chunkShift
            let word = first &>> 6
            if word == last &>> 6 {
                rowBits[word] |= StrokeScratch.chunkMask(first & 63, through: last & 63)
            } else {
                scratch.markChunks(first, through: last, firstRow: rowIndex, rows: 1)
            }
        }
    }
}

/// One segment's coverage along a row, four pixels at a time in single-precision lanes: the distance
/// from each pixel centre to the segment (the projection clamped to its ends), then
/// `coverageFromDistance(distance - half)` (the stroke's edge ramp), kept where it beats what the
/// scratch holds. Positions are relative to the segment's start, so single precision keeps them
/// to about 1e-4 px.
struct SegmentCoverage {
    let vx: SIMD4<Float>, vy: SIMD4<Float>
    /// The projection's step per pixel, vx / |v|², and 1 / |v|² (0 for a point).
    let tStep: Double, inverseLength2: Double
    let vxD: Double, vyD: Double
    let reach: SIMD4<Float>

    init(vx: Double, vy: Double, len2: Double, reach: Double) {
        self.vx = SIMD4(repeating: Float(vx)); self.vy = SIMD4(repeating: Float(vy))
        vxD = vx; vyD = vy
        inverseLength2 = len2 > 0 ? 1 / len2 : 0
        tStep = vx * inverseLength2
        self.reach = SIMD4(repeating: Float(reach))
    }

    /// The coverage of four pixels whose centres are (`x`, `y`) from the segment's start; `rowT` is the
    /// row's part of the projection, `step` its step per pixel.
    @inline(__always)
    func group(x: SIMD4<Float>, y: SIMD4<Float>, rowT: SIMD4<Float>, step: SIMD4<Float>) -> SIMD4<UInt8> {
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        let t = x * step + rowT
        let clamped = Self.minimum(Self.maximum(t, zero), one)
        let dx = x - clamped * vx, dy = y - clamped * vy
        let distance = (dx * dx + dy * dy).squareRoot()
        // ⌊c · 255 + 0.5⌋ of c = reach - distance, clamped to 0...1 before it is scaled (the same bytes as
        // (reach - distance) · 255 clamped to 0...255: 1 · 255 is exact and the product monotonic, and the
        // distance is finite); adding 2^23 leaves it rounded in the low bits (to even on a tie, the one case
        // that differs). So written, LLVM clamps at 0 with a compare and a mask and at 1 on the bytes (two
        // packs and a blend for two groups); with the bounds held in the struct instead, each clamp was a
        // compare and three masks.
        let c = Self.minimum(Self.maximum(reach - distance, zero), one)
        let rounded = c * 255 + 8_388_608
        return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(rounded, to: SIMD4<Int32>.self) &- 0x4B00_0000)
    }

    /// Raises `count` coverage bytes in each of `rows` rows from `cov`, rows `rowStride` bytes apart;
    /// the first pixel's centre is (`wx`, `wy`) from the segment's start.
    @inline(__always)
    func raise(_ cov: UnsafeMutablePointer<UInt8>, count: Int, rows: Int, rowStride: Int, wx: Double, wy: Double) {
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        let step = SIMD4(repeating: Float(tStep))
        let firstX = SIMD4(repeating: Float(wx)) + lanes
        // The projection is x · vx / |v|² plus the row's part, wy · vy / |v|², taken from x in each group
        // (not summed along the row, which would drift on a long segment).
        var rowY = wy
        var y = SIMD4(repeating: Float(wy))
        var rowCov = cov
        if count == 4 {
            // One group, the box of a segment a column wide (one sample a column): its x the same every row.
            for _ in 0..<rows {
                let rowT = SIMD4(repeating: Float(rowY * vyD * inverseLength2))
                raiseFour(rowCov, group(x: firstX, y: y, rowT: rowT, step: step))
                rowY += 1
                y += 1
                rowCov += rowStride
            }
            return
        }
        if count == 8 {
            // Two groups, the common box (a column's): their x the same every row.
            let secondX = firstX + 4
            for _ in 0..<rows {
                let rowT = SIMD4(repeating: Float(rowY * vyD * inverseLength2))
                raiseEight(rowCov, group(x: firstX, y: y, rowT: rowT, step: step), group(x: secondX, y: y, rowT: rowT, step: step))
                rowY += 1
                y += 1
                rowCov += rowStride
            }
            return
        }
        for _ in 0..<rows {
            let rowT = SIMD4(repeating: Float(rowY * vyD * inverseLength2))
            Self.raise(rowCov, count: count, firstX: firstX) { group(x: $0, y: y, rowT: rowT, step: step) }
            rowY += 1
            y += 1
            rowCov += rowStride
        }
    }

    /// `raise` of one row (the same arithmetic): a row of a wide segment's band.
    @inline(__always)
    func raiseRow(_ cov: UnsafeMutablePointer<UInt8>, count: Int, wx: Double, wy: Double) {
        let step = SIMD4(repeating: Float(tStep))
        let firstX = SIMD4(repeating: Float(wx)) + SIMD4<Float>(0, 1, 2, 3)
        let rowT = SIMD4(repeating: Float(wy * vyD * inverseLength2))
        let y = SIMD4(repeating: Float(wy))
        if count == 8 {
            raiseEight(cov, group(x: firstX, y: y, rowT: rowT, step: step), group(x: firstX + 4, y: y, rowT: rowT, step: step))
            return
        }
        Self.raise(cov, count: count, firstX: firstX) { group(x: $0, y: y, rowT: rowT, step: step) }
    }

    /// Keeps the larger of each of four coverage bytes from `cov` and the group's coverage.
    @inline(__always)
    func raiseFour(_ cov: UnsafeMutablePointer<UInt8>, _ c: SIMD4<UInt8>) {
        let old = UnsafeRawPointer(cov).loadUnaligned(as: SIMD4<UInt8>.self)
        UnsafeMutableRawPointer(cov).storeBytes(of: old.replacing(with: c, where: c .> old), as: SIMD4<UInt8>.self)
    }

    /// Keeps the larger of each of eight coverage bytes from `cov` and the two groups' coverage: one load and
    /// one store, no loop.
    @inline(__always)
    func raiseEight(_ cov: UnsafeMutablePointer<UInt8>, _ low: SIMD4<UInt8>, _ high: SIMD4<UInt8>) {
        let c = SIMD8(lowHalf: low, highHalf: high)
        let old = UnsafeRawPointer(cov).loadUnaligned(as: SIMD8<UInt8>.self)
        UnsafeMutableRawPointer(cov).storeBytes(of: old.replacing(with: c, where: c .> old), as: SIMD8<UInt8>.self)
    }

    /// Keeps the larger of each of `count` coverage bytes and the coverage `group` gives at its pixel
    /// centres, four at a time from `firstX` (the x of the pixels, one apart).
    @inline(__always)
    static func raise(_ cov: UnsafeMutablePointer<UInt8>, count: Int, firstX: SIMD4<Float>,
                      _ group: (SIMD4<Float>) -> SIMD4<UInt8>) {
        var x = firstX
        var i = 0
        while i &+ 4 <= count {
            let c = group(x)
            let old = UnsafeRawPointer(cov + i).loadUnaligned(as: SIMD4<UInt8>.self)
            UnsafeMutableRawPointer(cov + i).storeBytes(of: old.replacing(with: c, where: c .> old), as: SIMD4<UInt8>.self)
            x += 4
            i &+= 4
        }
        // An area narrower than the group (clipped at the canvas edge): the last pixels one by one.
        if i < count {
            let c = group(x)
            for k in 0..<(count &- i) where c[k] > cov[i &+ k] { cov[i &+ k] = c[k] }
        }
    }

    // Written as selects, which LLVM lowers to minps/maxps (SIMD's `clamped` is an outlined call).
    @inline(__always)
    static func maximum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: a .< b) }
    @inline(__always)
    static func minimum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }
}

/// The integer nearest a finite x with |x| < 2^51 (ties to even), without a trapping conversion: adding
/// 1.5 · 2^52 leaves it in the low bits of the sum.
@inline(__always)
func nearestWithin(_ x: Double) -> Int {
    Int(truncatingIfNeeded: (x + 6_755_399_441_055_744.0).bitPattern &- 0x4338_0000_0000_0000)
}

/// ⌈x⌉ and ⌊x⌋ of a finite x with |x| < 2^51, through `nearestWithin`.
@inline(__always)
func ceilWithin(_ x: Double) -> Int {
    let i = nearestWithin(x)
    return Double(i) < x ? i &+ 1 : i
}

@inline(__always)
func floorWithin(_ x: Double) -> Int {
    let i = nearestWithin(x)
    return Double(i) > x ? i &- 1 : i
}

/// Liang–Barsky: the part of p→q inside the box, or nil. A point segment stays a point.
@inline(__always)
func clipSegment(_ p: Point, _ q: Point, _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> (Point, Point)? {
    let dx = q.x - p.x, dy = q.y - p.y
    // Both ends inside (the common case): every edge test below keeps t0 = 0 and t1 = 1 (an end inside
    // puts each of its edges' t at or beyond the ends, rounding being monotonic), so this is its answer.
    if p.x >= box.x0, p.x <= box.x1, p.y >= box.y0, p.y <= box.y1,
       q.x >= box.x0, q.x <= box.x1, q.y >= box.y0, q.y <= box.y1 {
        let a = Point(x: p.x + 0 * dx, y: p.y + 0 * dy), b = Point(x: p.x + dx, y: p.y + dy)
        guard b.x.isFinite, b.y.isFinite else { return nil }
        return (a, b)
    }
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
