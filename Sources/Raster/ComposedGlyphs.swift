/// Glyphs blended once over a flat ground and kept: where text goes onto pixels known to hold one value (a
/// readout's empty face), copying a kept glyph's box writes the very pixels its blend would, for a fraction of the
/// work. A glyph is copied only where its whole box lies inside the ground, inside the clip, and clear of
/// everything the canvas inked before it; anywhere else it is blended as usual. Only 32-bit pixels.
public final class ComposedGlyphs {
    private struct Kept {
        var scalar: Unicode.Scalar
        var pixelSize: Int
        var color: Color
        var ground: UInt32
        var mask: GlyphMask
        var picture: PixelImage
    }
    /// Few, so a look down the list beats hashing a key.
    private var kept: [Kept] = []
    /// How many glyphs are kept; past it the oldest gives way (a readout's number uses a dozen).
    public let limit: Int

    public init(limit: Int = 24) { self.limit = limit }

    /// How many pictures are kept now.
    var keptCount: Int { kept.count }

    /// Screen pixels known to hold `pixel` (screen coordinates), but where the canvas's damage says otherwise.
    public struct Ground: Equatable, Sendable {
        public var rect: IntRect
        public var pixel: UInt32
        public init(rect: IntRect, pixel: UInt32) { (self.rect, self.pixel) = (rect, pixel) }
    }

    /// The picture of `glyph` of `scalar` blended in `color` over `ground`: blended once, as `Canvas.draw`
    /// blends a row, and kept while the same mask (the glyph source's own storage) asks for it.
    func picture(_ glyph: Glyph, of scalar: Unicode.Scalar, pixelSize: Int, _ color: Color, over ground: UInt32) -> PixelImage {
        let coverage = glyph.mask.coverage
        for entry in kept where entry.scalar == scalar && entry.pixelSize == pixelSize && entry.color == color
            && entry.ground == ground && entry.mask.coverage.withUnsafeBufferPointer({ $0.baseAddress })
                == coverage.withUnsafeBufferPointer({ $0.baseAddress }) {
            // The same mask (its very storage): the glyph source gave back what it gave before.
            return entry.picture
        }
        let mask = glyph.mask
        let picture = PixelImage(width: mask.width, height: mask.height)
        mask.coverage.withUnsafeBufferPointer { coverage in
            guard let first = coverage.baseAddress else { return }
            for row in 0..<mask.height {
                let pixels = picture.buffer.row32(row)
                pixels.update(repeating: ground)
                Spans.blendCoverage(first + row * mask.width, into: pixels.baseAddress!, count: mask.width, color)
            }
        }
        if kept.count >= limit { kept.removeFirst() }
        kept.append(Kept(scalar: scalar, pixelSize: pixelSize, color: color, ground: ground, mask: mask, picture: picture))
        return picture
    }
}

extension Canvas {
    /// Puts `glyph`'s kept picture at `box` (screen coordinates, the mask's box) when the pixels there hold
    /// `ground.pixel` for certain: inside the ground and the clip, clear of this canvas's damage and of
    /// `touched` (the glyphs of this text drawn before). Returns whether it did.
    mutating func copyComposed(_ glyph: Glyph, of scalar: Unicode.Scalar, pixelSize: Int, at box: IntRect, _ color: Color,
                               _ composed: ComposedGlyphs, _ ground: ComposedGlyphs.Ground, touched: IntRect) -> Bool {
        guard buffer.format == .xrgb8888, ground.rect.contains(box), clip.contains(box),
              touched.intersection(box).isEmpty, !damage.rects.contains(where: { !$0.intersection(box).isEmpty })
        else { return false }
        let picture = composed.picture(glyph, of: scalar, pixelSize: pixelSize, color, over: ground.pixel).buffer
        copyRows(of: picture, sourceX: 0, sourceY: 0, into: box)
        return true
    }
}
