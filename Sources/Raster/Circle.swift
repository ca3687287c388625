extension Canvas {
    /// A filled, anti-aliased disc: a closed dot.
    public mutating func fillCircle(center: Point, radius: Double, _ color: Color) {
        ring(center: center, outer: radius, inner: 0, color)
    }

    /// An anti-aliased ring of the given stroke width, centred on `radius`: an open dot.
    public mutating func strokeCircle(center: Point, radius: Double, width: Double, _ color: Color) {
        ring(center: center, outer: radius + width / 2, inner: max(0, radius - width / 2), color)
    }

    private mutating func ring(center: Point, outer: Double, inner: Double, _ color: Color) {
        guard outer.isFinite, inner.isFinite, outer > 0 else { return }
        let cx = center.x + Double(originX), cy = center.y + Double(originY)
        guard let area = pixelBounds(cx - outer - 1, cy - outer - 1, cx + outer + 1, cy + outer + 1) else { return }
        for py in area.y..<area.maxY {
            let dy = Double(py) + 0.5 - cy
            for px in area.x..<area.maxX {
                let dx = Double(px) + 0.5 - cx
                let d = (dx * dx + dy * dy).squareRoot()
                let cov = min(coverageFromDistance(d - outer), inner > 0 ? coverageFromDistance(inner - d) : 255)
                if cov > 0 { blendPixel(x: px, y: py, color: color, coverage: cov) }
            }
        }
        damage.add(area)
    }
}
