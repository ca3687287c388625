import Raster

/// How a finger at a fractional point meets a rect of whole pixels.
extension IntRect {
    /// Whether a touch at a fractional point lands inside this rect of whole pixels.
    func covers(_ p: Point) -> Bool {
        Double(x) <= p.x && p.x < Double(maxX) && Double(y) <= p.y && p.y < Double(maxY)
    }

    /// The rect grown by `slop`: a release inside it still activates.
    func isNear(_ p: Point, slop: Double) -> Bool {
        p.x >= Double(x) - slop && p.x < Double(maxX) + slop && p.y >= Double(y) - slop && p.y < Double(maxY) + slop
    }
}
