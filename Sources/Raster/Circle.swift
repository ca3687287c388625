extension Canvas {
    /// A filled, anti-aliased disc: a closed dot.
    public mutating func fillCircle(center: Point, radius: Double, _ color: Color) {
        ring(center: center, outer: radius, inner: 0, color)
    }

    /// An anti-aliased ring of the given stroke width, centred on `radius`: an open dot.
    public mutating func strokeCircle(center: Point, radius: Double, width: Double, _ color: Color) {
        ring(center: center, outer: radius + width / 2, inner: max(0, radius - width / 2), color)
    }

    /// Coverage is the clamped distance to the ring's edges at each pixel centre. Per row, the pixels
    /// surely fully covered (more than a pixel inside both edges) are filled as solid spans and the
    /// pixels surely empty are skipped; only the rest evaluate the distance.
    private mutating func ring(center: Point, outer: Double, inner: Double, _ color: Color) {
        guard outer.isFinite, inner.isFinite, outer > 0 else { return }
        let cx = center.x + Double(originX), cy = center.y + Double(originY)
        guard let area = pixelBounds(cx - outer - 1, cy - outer - 1, cx + outer + 1, cy + outer + 1) else { return }
        @inline(__always) func coverage(_ px: Int, _ dy: Double) -> UInt32 {
            let dx = Double(px) + 0.5 - cx
            let d = (dx * dx + dy * dy).squareRoot()
            return min(coverageFromDistance(d - outer), inner > 0 ? coverageFromDistance(inner - d) : 255)
        }
        /// Half-width of the row's chord of a circle of radius `r`, or nil if the row misses it.
        @inline(__always) func chord(_ r: Double, _ dy: Double) -> Double? {
            r > 0 && dy * dy < r * r ? (r * r - dy * dy).squareRoot() : nil
        }
        let left = Double(area.x), right = Double(area.maxX)
        /// Pixel columns whose centres lie within [a, b], clamped to the area.
        @inline(__always) func columns(_ a: Double, _ b: Double) -> Range<Int> {
            let lo = max(left, (a - 0.5).rounded(.up)), hi = min(right, (b - 0.5).rounded(.down) + 1)
            return lo < hi ? Int(lo)..<Int(hi) : area.x..<area.x
        }
        for py in area.y..<area.maxY {
            let dy = Double(py) + 0.5 - cy
            guard let reach = chord(outer + 0.5, dy) else { continue }
            let touched = columns(cx - reach - 1, cx + reach + 1)
            // Solid where the centre is a pixel inside the outer edge (d ≤ outer − 1.5) and outside the hole.
            var solid: [Range<Int>] = []
            if let full = chord(outer - 1.5, dy) {
                if let hole = chord(inner + 1.5, dy) {
                    solid = [columns(cx - full, cx - hole), columns(cx + hole, cx + full)]
                } else if inner + 1.5 <= abs(dy) || inner == 0 {
                    solid = [columns(cx - full, cx + full)]
                }
            }
            var px = touched.lowerBound
            for span in solid where !span.isEmpty && span.lowerBound >= px {
                while px < span.lowerBound {
                    let cov = coverage(px, dy)
                    if cov > 0 { blendPixel(x: px, y: py, color: color, coverage: cov) }
                    px += 1
                }
                blendSpan(y: py, x0: span.lowerBound, x1: span.upperBound, color: color, coverage: 255)
                px = span.upperBound
            }
            while px < touched.upperBound {
                let cov = coverage(px, dy)
                if cov > 0 { blendPixel(x: px, y: py, color: color, coverage: cov) }
                px += 1
            }
        }
        damage.add(area)
    }
}
