extension Canvas {
    /// Blends a coverage mask in one colour with its top-left corner at (x, y): glyphs and icons.
    public mutating func draw(_ mask: GlyphMask, x: Int, y: Int, _ color: Color) {
        damage.add(blend(mask, x: x, y: y, color))
    }

    /// Blends a mask without recording damage; returns the pixels it covered, so text can record
    /// one rectangle for a whole line rather than one per glyph.
    private mutating func blend(_ mask: GlyphMask, x: Int, y: Int, _ color: Color) -> IntRect {
        let target = IntRect(x: x + originX, y: y + originY, width: mask.width, height: mask.height).intersection(clip)
        guard !target.isEmpty else { return .zero }
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
            return target
        }
        for row in 0..<target.height {
            let src = (my + row) * mask.width + mx
            for col in 0..<target.width {
                let cov = UInt32(mask.coverage[src + col])
                if cov > 0 { blendPixel(x: target.x + col, y: target.y + row, color: color, coverage: cov) }
            }
        }
        return target
    }

    /// Draws laid-out text with its baseline at `baseline`, pen starting at `x`.
    /// `box`, where the text was fitted to one, goes to the text log.
    public mutating func draw(_ layout: TextLayout, x: Double, baseline: Double, _ color: Color, box: IntRect? = nil) {
        place(layout, x: x, baseline: baseline, color, box: box, composed: nil)
    }

    /// `draw`, but each glyph whose box lies on `ground` for certain is copied from its picture in `glyphs`
    /// (`ComposedGlyphs`): the same pixels.
    public mutating func draw(_ layout: TextLayout, x: Double, baseline: Double, _ color: Color, box: IntRect? = nil,
                              composedOver ground: ComposedGlyphs.Ground, from glyphs: ComposedGlyphs) {
        place(layout, x: x, baseline: baseline, color, box: box, composed: (glyphs, ground))
    }

    /// Inlined into both: the plain one keeps no trace of the pictures.
    @inline(__always)
    private mutating func place(_ layout: TextLayout, x: Double, baseline: Double, _ color: Color, box: IntRect?,
                                composed: (glyphs: ComposedGlyphs, ground: ComposedGlyphs.Ground)?) {
        guard x.isFinite, baseline.isFinite, abs(x) < 1e9, abs(baseline) < 1e9 else { return }
        let base = Int(baseline.rounded())
        textLog?.record(layout, x: x, baseline: base, box: box, originX: originX, originY: originY)
        var touched = IntRect.zero
        for placed in layout.placed {
            guard let glyph = placed.glyph else { continue }
            let gx = Int((x + placed.penX).rounded()) + glyph.bearingX, gy = base - glyph.bearingY
            if let composed {
                let screen = IntRect(x: gx + originX, y: gy + originY, width: glyph.mask.width, height: glyph.mask.height)
                if copyComposed(glyph, of: placed.scalar, pixelSize: layout.pixelSize, at: screen, color, composed.glyphs,
                                composed.ground, touched: touched) {
                    touched = touched.union(screen)
                    continue
                }
            }
            touched = touched.union(blend(glyph.mask, x: gx, y: gy, color))
        }
        damage.add(touched)
    }
}
