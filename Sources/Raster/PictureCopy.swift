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
        if rowBytes < Spans.shortRowBytes {
            for _ in 0..<target.height {
                to.copyMemory(from: from, byteCount: rowBytes)
                from += picture.strideBytes
                to += buffer.strideBytes
            }
        } else {
            for _ in 0..<target.height {
                Spans.copy(from: from, to: to, byteCount: rowBytes)
                from += picture.strideBytes
                to += buffer.strideBytes
            }
        }
    }
}

extension Spans {
    /// Rows shorter than this (a key's face, a glyph, the readout's ink) are copied by the C library's memcpy,
    /// which picks its moves for the CPU it runs on: 32-byte vectors where x86-64 has AVX, where `Spans.copy`
    /// moves 16 bytes a step (a key face's copy at 800x480: 3.8 k instructions with Spans.copy, 2.2 k with memcpy).
    /// Longer rows keep `Spans.copy`: from 2 kB glibc may turn to `rep movsb`, which callgrind counts a byte
    /// at a time, and the figures in docs/performance.md are callgrind's.
    static let shortRowBytes = 2048
}
