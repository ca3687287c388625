extension Canvas {
    /// Copies `picture` (same pixel format) with its top-left corner at (x, y) in local coordinates,
    /// clipped, and records what it wrote as damage: a view's drawing kept off screen, put back without
    /// drawing it again. With `part` (local coordinates), only the picture's pixels inside it are copied.
    public mutating func copy(_ picture: PixelBuffer, x: Int, y: Int, within part: IntRect? = nil) {
        precondition(picture.format == buffer.format, "a picture copies only into its own pixel format")
        var target = IntRect(x: x + originX, y: y + originY, width: picture.width, height: picture.height).intersection(clip)
        if let part { target = target.intersection(part.offsetBy(dx: originX, dy: originY)) }
        guard !target.isEmpty else { return }
        damage.add(target)
        copyRows(of: picture, sourceX: target.x - (x + originX), sourceY: target.y - (y + originY), into: target)
    }

    /// Writes `target` (screen coordinates, already clipped to the buffer) from `picture`'s pixels starting at
    /// (sourceX, sourceY), row by row; no damage recorded, no checks: the callers have made them.
    @inline(__always)
    func copyRows(of picture: PixelBuffer, sourceX: Int, sourceY: Int, into target: IntRect) {
        let bytes = buffer.format.bytesPerPixel
        var from = UnsafeRawPointer(picture.base + sourceY * picture.strideBytes + sourceX * bytes)
        var to = buffer.base + target.y * buffer.strideBytes + target.x * bytes
        let rowBytes = target.width * bytes
        for _ in 0..<target.height {
            Spans.copy(from: from, to: to, byteCount: rowBytes)
            from += picture.strideBytes
            to += buffer.strideBytes
        }
    }
}
