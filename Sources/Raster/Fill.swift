extension Canvas {
    /// Fills the whole clip.
    public mutating func clear(_ color: Color) {
        fill(IntRect(x: clip.x - originX, y: clip.y - originY, width: clip.width, height: clip.height), color)
    }

    /// Fills whole pixels.
    public mutating func fill(_ rect: IntRect, _ color: Color) {
        let r = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { blendSpan(y: y, x0: r.x, x1: r.maxX, color: color, coverage: 255) }
        damage.add(r)
    }

    /// Fills a rectangle with sub-pixel edges, anti-aliased; `cornerRadius` rounds the corners.
    public mutating func fill(_ rect: Rect, _ color: Color, cornerRadius: Double = 0) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let radius = cornerRadius.isFinite ? min(max(0, cornerRadius), rect.width / 2, rect.height / 2) : 0
        let ox = Double(originX), oy = Double(originY)
        let x0 = rect.x + ox, y0 = rect.y + oy, x1 = x0 + rect.width, y1 = y0 + rect.height
        guard let area = pixelBounds(x0, y0, x1, y1) else { return }
        for py in area.y..<area.maxY {
            let cy = Double(py) + 0.5
            for px in area.x..<area.maxX {
                let cx = Double(px) + 0.5
                // Signed distance to the rounded box; coverage is its clamp over one pixel.
                let qx = abs(cx - (x0 + x1) / 2) - (rect.width / 2 - radius)
                let qy = abs(cy - (y0 + y1) / 2) - (rect.height / 2 - radius)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - radius
                let cov = coverageFromDistance(distance)
                if cov > 0 { blendPixel(x: px, y: py, color: color, coverage: cov) }
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
    if c <= 0 { return 0 }
    if c >= 1 { return 255 }
    return UInt32(c * 255 + 0.5)
}
