import Raster

extension Canvas {
    /// A rounded rectangle on whole-pixel bounds: the same pixels as `fill(Rect, cornerRadius:)`,
    /// but only the corner bands pay for anti-aliasing; the middle is a plain span fill.
    mutating func fillRounded(_ r: IntRect, _ color: Color, radius: Double) {
        let band = Int(radius.rounded(.up)) + 1
        guard r.height > 2 * band, r.width > 0 else {
            fill(Rect(r), color, cornerRadius: radius)
            return
        }
        fill(IntRect(x: r.x, y: r.y + band, width: r.width, height: r.height - 2 * band), color)
        withClip(IntRect(x: r.x, y: r.y, width: r.width, height: band)) { $0.fill(Rect(r), color, cornerRadius: radius) }
        withClip(IntRect(x: r.x, y: r.maxY - band, width: r.width, height: band)) { $0.fill(Rect(r), color, cornerRadius: radius) }
    }
}
