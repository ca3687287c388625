import Raster

extension Canvas {
    /// A rounded rectangle on whole-pixel bounds: the same pixels as `fill(Rect, cornerRadius:)`,
    /// but only the corner bands pay for anti-aliasing; the middle is a plain span fill.
    mutating func fillRounded(_ r: IntRect, _ color: Color, radius: Double) {
        let band = IntRect.roundedEndBand(radius: radius), middle = r.roundedFillMiddle(band: band)
        guard !middle.isEmpty else {
            fill(Rect(r), color, cornerRadius: radius)
            return
        }
        fill(middle, color)
        withClip(IntRect(x: r.x, y: r.y, width: r.width, height: band)) { $0.fill(Rect(r), color, cornerRadius: radius) }
        withClip(IntRect(x: r.x, y: r.maxY - band, width: r.width, height: band)) { $0.fill(Rect(r), color, cornerRadius: radius) }
    }
}

extension IntRect {
    /// The rows `fillRounded` fills whole, as a plain fill (one value throughout where the colour is opaque),
    /// between its rounded ends; empty where the rect is too short to have any.
    func roundedFillMiddle(radius: Double) -> IntRect { roundedFillMiddle(band: Self.roundedEndBand(radius: radius)) }

    /// The rows at each end `fillRounded` blends as rounded: the radius and a pixel.
    @inline(__always)
    static func roundedEndBand(radius: Double) -> Int { Int(radius.rounded(.up)) + 1 }

    @inline(__always)
    func roundedFillMiddle(band: Int) -> IntRect {
        guard height > 2 * band, width > 0 else { return .zero }
        return IntRect(x: x, y: y + band, width: width, height: height - 2 * band)
    }
}
