/// A string laid out on one line: where each glyph goes, and what the face lacks.
public struct TextLayout {
    public struct Placed {
        public let scalar: Unicode.Scalar
        public let glyph: Glyph?
        /// Pen position from the start of the line.
        public let penX: Double
    }
    public let placed: [Placed]
    public let width: Double
    public let ascent: Double
    public let descent: Double
    /// The font's size.
    public let pixelSize: Int
    /// Scalars the face has no glyph for; the caller draws them another way.
    public var missing: [Unicode.Scalar] { placed.filter { $0.glyph == nil }.map(\.scalar) }

    public init(_ text: String, font: Font) {
        var placed: [Placed] = []
        var pen = 0.0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let previous { pen += font.source.kerning(previous, scalar, pixelSize: font.pixelSize) }
            let glyph = font.source.glyph(for: scalar, pixelSize: font.pixelSize)
            placed.append(Placed(scalar: scalar, glyph: glyph, penX: pen))
            pen += glyph?.advance ?? Double(font.pixelSize) * 0.6
            previous = scalar
        }
        let metrics = font.metrics
        self.placed = placed
        self.width = pen
        self.ascent = metrics.ascent
        self.descent = metrics.descent
        self.pixelSize = font.pixelSize
    }

    /// The pixels the glyphs' masks cover when drawn with the pen at `x` on `baseline`, as `Canvas.draw`
    /// places them (the advance can end short of the last glyph's ink, or start after the first's); empty
    /// for text with no ink.
    public func ink(x: Double, baseline: Int) -> IntRect {
        var ink = IntRect.zero
        for placed in placed {
            guard let glyph = placed.glyph, glyph.mask.width > 0, glyph.mask.height > 0 else { continue }
            let mask = IntRect(x: Int((x + placed.penX).rounded()) + glyph.bearingX, y: baseline - glyph.bearingY,
                               width: glyph.mask.width, height: glyph.mask.height)
            ink = ink.isEmpty ? mask : ink.union(mask)
        }
        return ink
    }

}
