import Raster

/// Where the calibration screen puts things on a screen of `width` x `height` pixels: five targets (the four
/// corners, 12 % in from each edge, far apart so that the fit is well conditioned, and not in the corners
/// themselves, where a resistive panel is least linear; then one above the middle, a third of the way down, off
/// the corners' diagonals: at the centre, where they cross, it would agree with any three corners and leave a
/// bad corner tap nothing to disagree with), the check step's two buttons, and sizes.
public struct CalibrationLayout: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) { self.width = max(width, 1); self.height = max(height, 1) }

    public var targets: [Point] {
        let dx = (Double(width - 1) * 0.12).rounded(), dy = (Double(height - 1) * 0.12).rounded()
        let right = Double(width - 1) - dx, bottom = Double(height - 1) - dy
        return [Point(x: dx, y: dy), Point(x: right, y: dy), Point(x: right, y: bottom), Point(x: dx, y: bottom),
                Point(x: (Double(width - 1) / 2).rounded(), y: (Double(height - 1) / 3).rounded())]
    }

    var shortSide: Int { min(width, height) }

    /// The text's pixel size: a twentieth of the short side, from 14 to 28.
    public var textSize: Int { max(14, min(28, shortSide / 20)) }

    /// The cross's arms.
    public var targetRadius: Double { Double(max(12, shortSide / 16)) }

    /// Two taps read closer than this (panel pixels) are one place tapped twice.
    public var sameSpot: Double { Double(shortSide) * 0.04 }

    /// How far a tap may land from the fit of the others (panel pixels) before it is taken again.
    public var tolerance: Double { max(8, Double(shortSide) * 0.04) }

    /// The check step's buttons: "Again" left and "Keep" right of the centre, in the lower third.
    public var againButton: IntRect { button(left: true) }
    public var keepButton: IntRect { button(left: false) }

    private func button(left: Bool) -> IntRect {
        let w = max(textSize * 5, width / 4), h = max(textSize * 2, height / 8)
        let gap = max(textSize, width / 16)
        let y = height - h - max(textSize, height / 12)
        return IntRect(x: left ? width / 2 - gap / 2 - w : width / 2 + gap / 2, y: y, width: w, height: h)
    }
}
