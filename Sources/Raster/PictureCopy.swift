extension Canvas {
    /// Copies `picture` (same pixel format) with its top-left corner at (x, y) in local coordinates,
    /// clipped, and records what it wrote as damage: a view's drawing kept off screen, put back without
    /// drawing it again.
    public mutating func copy(_ picture: PixelBuffer, x: Int, y: Int) {
        precondition(picture.format == buffer.format, "a picture copies only into its own pixel format")
        let target = IntRect(x: x + originX, y: y + originY, width: picture.width, height: picture.height).intersection(clip)
        guard !target.isEmpty else { return }
        damage.add(target)
        let bytes = buffer.format.bytesPerPixel
        let sourceX = target.x - (x + originX), sourceY = target.y - (y + originY)
        for row in 0..<target.height {
            let from = picture.base + (sourceY + row) * picture.strideBytes + sourceX * bytes
            let to = buffer.base + (target.y + row) * buffer.strideBytes + target.x * bytes
            Spans.move(from: UnsafeRawPointer(from), to: to, byteCount: target.width * bytes)
        }
    }
}
