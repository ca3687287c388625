extension Canvas {
    /// Blends a coverage mask in one colour with its top-left corner at (x, y): glyphs and icons.
    public mutating func draw(_ mask: GlyphMask, x: Int, y: Int, _ color: Color) {
        let target = IntRect(x: x + originX, y: y + originY, width: mask.width, height: mask.height).intersection(clip)
        guard !target.isEmpty else { return }
        let mx = target.x - (x + originX), my = target.y - (y + originY)
        if buffer.format == .xrgb8888 {
            mask.coverage.withUnsafeBufferPointer { coverage in
                guard let first = coverage.baseAddress else { return }
                var source = first + my * mask.width + mx
                for row in target.y..<target.maxY {
                    let pixels = (buffer.base + row * buffer.strideBytes).assumingMemoryBound(to: UInt32.self)
                    Spans.blendCoverage(source, into: pixels + target.x, count: target.width, color)
                    source += mask.width
                }
            }
            damage.add(target)
            return
        }
        for row in 0..<target.height {
            let src = (my + row) * mask.width + mx
            for col in 0..<target.width {
                let cov = UInt32(mask.coverage[src + col])
                if cov > 0 { blendPixel(x: target.x + col, y: target.y + row, color: color, coverage: cov) }
            }
        }
        damage.add(target)
    }

    /// Draws laid-out text with its baseline at `baseline`, pen starting at `x`.
    public mutating func draw(_ layout: TextLayout, x: Double, baseline: Double, _ color: Color) {
        guard x.isFinite, baseline.isFinite, abs(x) < 1e9, abs(baseline) < 1e9 else { return }
        for placed in layout.placed {
            guard let glyph = placed.glyph else { continue }
            let gx = Int((x + placed.penX).rounded()) + glyph.bearingX
            let gy = Int(baseline.rounded()) - glyph.bearingY
            draw(glyph.mask, x: gx, y: gy, color)
        }
    }
}
