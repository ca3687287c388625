extension Canvas {
    /// Fills the whole clip.
    public mutating func clear(_ color: Color) {
        fill(IntRect(x: clip.x - originX, y: clip.y - originY, width: clip.width, height: clip.height), color)
    }

    /// Fills whole pixels.
    public mutating func fill(_ rect: IntRect, _ color: Color) {
        let r = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        guard !r.isEmpty else { return }
        if buffer.format == .xrgb8888 && color.alpha == 255 {
            // Opaque: stores down the rows, without a blended span's clip and coverage work for each.
            Spans.storeBlock(buffer.base + r.y * buffer.strideBytes + r.x * 4, width: r.width, height: r.height,
                             strideBytes: buffer.strideBytes, color.xrgb)
        } else {
            for y in r.y..<r.maxY { blendSpan(y: y, x0: r.x, x1: r.maxX, color: color, coverage: 255) }
        }
        damage.add(r)
    }

    /// Fills a rectangle with sub-pixel edges, anti-aliased; `cornerRadius` rounds the corners.
    /// Coverage is the clamped signed distance to the rounded box at each pixel centre. That distance is
    /// convex and symmetric along a row, so coverage only rises towards the middle: each row evaluates it
    /// from both ends until it reaches full coverage and fills the span between solid.
    public mutating func fill(_ rect: Rect, _ color: Color, cornerRadius: Double = 0) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let radius = cornerRadius.isFinite ? min(max(0, cornerRadius), rect.width / 2, rect.height / 2) : 0
        let ox = Double(originX), oy = Double(originY)
        let x0 = rect.x + ox, y0 = rect.y + oy, x1 = x0 + rect.width, y1 = y0 + rect.height
        guard let area = pixelBounds(x0, y0, x1, y1) else { return }
        let midX = (x0 + x1) / 2, midY = (y0 + y1) / 2
        let innerW = rect.width / 2 - radius, innerH = rect.height / 2 - radius
        @inline(__always) func coverage(_ px: Int, _ qy: Double) -> UInt32 {
            let qx = abs(Double(px) + 0.5 - midX) - innerW
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return coverageFromDistance(outside + min(max(qx, qy), 0) - radius)
        }
        // Rows level with the straight sides (qy ≤ 0 and ≤ radius − ½) see coverage depending on x
        // alone: the first of them records its edge pixels and the others replay them.
        let straight = min(0, radius - 0.5)
        let cacheCapacity = 16
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * cacheCapacity) { cache in
            var cached = false
            var leftCount = 0, rightCount = 0, leftFullRow = false
            for py in area.y..<area.maxY {
                let qy = abs(Double(py) + 0.5 - midY) - innerH
                if cached && qy <= straight {
                    for i in 0..<leftCount where cache[i] > 0 {
                        blendPixel(x: area.x + i, y: py, color: color, coverage: cache[i])
                    }
                    guard leftFullRow else { continue }
                    for i in 0..<rightCount where cache[cacheCapacity + i] > 0 {
                        blendPixel(x: area.maxX - 1 - i, y: py, color: color, coverage: cache[cacheCapacity + i])
                    }
                    blendSpan(y: py, x0: area.x + leftCount, x1: area.maxX - rightCount, color: color, coverage: 255)
                    continue
                }
                var left = area.x, right = area.maxX
                var leftFull = false
                while left < right {
                    let cov = coverage(left, qy)
                    if cov == 255 { leftFull = true; break }
                    if cov > 0 { blendPixel(x: left, y: py, color: color, coverage: cov) }
                    if qy <= straight && left - area.x < cacheCapacity { cache[left - area.x] = cov }
                    left += 1
                }
                if leftFull {
                    while right > left + 1 {
                        let cov = coverage(right - 1, qy)
                        if cov == 255 { break }
                        if cov > 0 { blendPixel(x: right - 1, y: py, color: color, coverage: cov) }
                        if qy <= straight && area.maxX - right < cacheCapacity { cache[cacheCapacity + area.maxX - right] = cov }
                        right -= 1
                    }
                    blendSpan(y: py, x0: left, x1: right, color: color, coverage: 255)
                }
                if qy <= straight && left - area.x <= cacheCapacity && area.maxX - right <= cacheCapacity {
                    cached = true
                    leftFullRow = leftFull
                    leftCount = left - area.x
                    rightCount = area.maxX - right
                }
            }
        }
        damage.add(area)
    }

    /// The clipped pixel rectangle covering a box in buffer coordinates, or nil if nothing shows.
    func pixelBounds(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> IntRect? {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let c = clip
        let lx = max(Double(c.x), x0.rounded(.down)), ly = max(Double(c.y), y0.rounded(.down))
        let hx = min(Double(c.maxX), x1.rounded(.up)), hy = min(Double(c.maxY), y1.rounded(.up))
        guard lx < hx, ly < hy else { return nil }
        return IntRect(x: Int(lx), y: Int(ly), width: Int(hx) - Int(lx), height: Int(hy) - Int(ly))
    }
}

/// Coverage 0...255 of a pixel whose centre lies `distance` outside an edge (negative is inside).
@inline(__always)
func coverageFromDistance(_ distance: Double) -> UInt32 {
    let c = 0.5 - distance
    if !(c > 0) { return 0 }  // also NaN
    if c >= 1 { return 255 }
    return UInt32(c * 255 + 0.5)
}
