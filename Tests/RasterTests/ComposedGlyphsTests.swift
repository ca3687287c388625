@testable import Raster
import Testing
import Typeface

/// Glyphs copied from their kept pictures over a flat ground must give the pixels their blend gives, and must
/// fall back to the blend wherever the pixels under them are not the ground for certain.
@Suite struct ComposedGlyphsTests {
    static let groundPixel: UInt32 = 0x00F0_F4F8
    static let ground = ComposedGlyphs.Ground(rect: IntRect(x: 10, y: 5, width: 280, height: 50), pixel: groundPixel)

    /// A canvas whose ground rect holds the ground pixel and whose other pixels another colour.
    static func groundCanvas(_ image: PixelImage) -> Canvas {
        var canvas = Canvas(buffer: image.buffer)
        canvas.fill(image.buffer.bounds, Color(rgb: 0x203040))
        for y in ground.rect.y..<ground.rect.maxY { image.buffer.row32(y)[ground.rect.x..<ground.rect.maxX].update(repeating: groundPixel) }
        canvas.damage = DamageRegion()
        return canvas
    }

    /// Draws `text` both ways (through `composed`, and blended) after `before` on each, and expects the same pixels.
    static func expectSame(_ text: String, source: any GlyphSource, x: Double, composed: ComposedGlyphs, clip: IntRect? = nil,
                           color: Color = Color(rgb: 0x111318), before: (inout Canvas) -> Void = { _ in }) -> Int {
        let layout = TextLayout(text, font: Font(source: source, pixelSize: 36))
        let copied = PixelImage(width: 300, height: 60), blended = PixelImage(width: 300, height: 60)
        var a = groundCanvas(copied), b = groundCanvas(blended)
        if let clip { a.clip = clip; b.clip = clip }
        before(&a); before(&b)
        a.draw(layout, x: x, baseline: 45, color, composedOver: ground, from: composed)
        b.draw(layout, x: x, baseline: 45, color)
        let differing = (0..<60).reduce(0) { n, y in n + (0..<300).filter { copied.buffer.row32(y)[$0] != blended.buffer.row32(y)[$0] }.count }
        #expect(differing == 0, "\(text) at \(x): \(differing) pixels differ")
        #expect(a.damage.rects == b.damage.rects)
        return composed.keptCount
    }

    @Test func copiedDigitsEqualBlendedDigitsInBothColours() throws {
        let face = try Typeface.default(), composed = ComposedGlyphs()
        #expect(Self.expectSame("0123456789", source: face, x: 14, composed: composed) == 10)
        // Kept pictures are used again; another colour keeps pictures of its own.
        #expect(Self.expectSame("9876543210", source: face, x: 20, composed: composed) == 10)
        #expect(Self.expectSame("-1.5e7", source: face, x: 30, composed: composed, color: Color(rgb: 0xF4F6FA).withAlpha(200)) > 10)
    }

    @Test func glyphsOffTheGroundOrOverInkOrClippedAreBlended() throws {
        let face = try Typeface.default(), composed = ComposedGlyphs()
        // Past the ground's left edge, and reaching the bottom of the picture below the ground.
        #expect(Self.expectSame("888", source: face, x: 2, composed: composed) <= 2)
        // Over ink drawn before (the canvas's damage): blended over it, as the blend would.
        _ = Self.expectSame("4444", source: face, x: 40, composed: composed) { canvas in
            canvas.fill(IntRect(x: 40, y: 20, width: 60, height: 20), Color(rgb: 0xC04010))
        }
        // Half clipped away.
        _ = Self.expectSame("2222", source: face, x: 40, composed: composed, clip: IntRect(x: 0, y: 0, width: 70, height: 60))
    }

    @Test func overlappingGlyphsOfOneTextBlendOverEachOther() throws {
        // A source whose glyphs are wider than their advance: each one's box covers the last one's.
        let source = StubGlyphs(advance: 4)
        let composed = ComposedGlyphs()
        _ = Self.expectSame("abcabc", source: source, x: 20, composed: composed)
    }

    @Test func aNewMaskForTheSameScalarIsNotAnsweredFromTheOldPicture() {
        let source = StubGlyphs(advance: 20), composed = ComposedGlyphs()
        _ = Self.expectSame("aaa", source: source, x: 20, composed: composed)
        source.generation += 1
        _ = Self.expectSame("aaa", source: source, x: 20, composed: composed)
        #expect(composed.keptCount == 2)
    }
}

/// Square glyphs 16 px wide whose coverage depends on the scalar and on `generation` (a font changed under the text).
private final class StubGlyphs: GlyphSource {
    var generation = 0
    let advance: Double
    init(advance: Double) { self.advance = advance }

    /// Each mask made once, as a glyph cache keeps them: the same storage each time it is asked for.
    private var made: [String: Glyph] = [:]

    func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
        let key = "\(scalar) \(generation)"
        if let glyph = made[key] { return glyph }
        let coverage = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* Int(scalar.value) &+ generation &* 91) }
        let glyph = Glyph(mask: GlyphMask(width: 16, height: 16, coverage: coverage), bearingX: 0, bearingY: 20, advance: advance)
        made[key] = glyph
        return glyph
    }
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
    func metrics(pixelSize: Int) -> FontMetrics { FontMetrics(ascent: 20, descent: -4, lineHeight: 26) }
}
