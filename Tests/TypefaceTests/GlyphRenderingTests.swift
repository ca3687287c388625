import Raster
import Testing
import Typeface

@Suite struct GlyphRenderingTests {
    let face: Typeface
    init() throws { face = try Typeface.default() }

    @Test func glyphsAreAntialiasedMasksThatGrowWithSize() throws {
        var previousHeight = 0
        var previousAdvance = 0.0
        for size in [8, 13, 26, 52, 120] {
            let glyph = try #require(face.glyph(for: "B", pixelSize: size))
            let mask = glyph.mask
            #expect(mask.width > 0 && mask.height > previousHeight)
            #expect(glyph.advance > previousAdvance)
            #expect(mask.coverage.contains(255), "solid stems at \(size) px")
            #expect(mask.coverage.contains { $0 > 0 && $0 < 255 }, "anti-aliased edges at \(size) px")
            // A capital sits on the baseline and rises to about the cap height (0.73 em in DejaVu Sans).
            #expect(abs(Double(glyph.bearingY) - 0.73 * Double(size)) <= 1.5)
            #expect(glyph.bearingY == mask.height)
            previousHeight = mask.height
            previousAdvance = glyph.advance
        }
    }

    @Test func spaceHasAnAdvanceButNoInk() throws {
        let space = try #require(face.glyph(for: " ", pixelSize: 26))
        #expect(space.advance > 5)
        #expect(space.mask.coverage.allSatisfy { $0 == 0 })
    }

    @Test func digitsShareOneAdvanceSoNumbersDoNotJiggle() throws {
        let advances = try (0...9).map { d in
            try #require(face.glyph(for: Unicode.Scalar(UInt8(48 + d)), pixelSize: 52)).advance
        }
        #expect(Set(advances).count == 1)
        #expect(advances[0] == advances[0].rounded(), "hinted advances are whole pixels")
    }

    @Test func metricsScaleWithSize() {
        let small = face.metrics(pixelSize: 26), large = face.metrics(pixelSize: 52)
        #expect(small.ascent > 0 && small.descent > 0)
        // DejaVu Sans line gap is 0: the line height is ascender + descender, 1.164 em, rounded.
        #expect(abs(small.lineHeight - 1.164 * 26) <= 1)
        #expect(abs(large.ascent - 2 * small.ascent) <= 2)
        #expect(abs(large.descent - 2 * small.descent) <= 2)
        // DejaVu Sans: ascender 0.928 em, descender 0.236 em.
        #expect(abs(large.ascent - 0.928 * 52) <= 1.5)
        #expect(abs(large.descent - 0.236 * 52) <= 1.5)
    }

    @Test func kerningPullsKnownPairsTogether() {
        let av = face.kerning("A", "V", pixelSize: 52)
        #expect(av < 0, "DejaVu Sans kerns A V")
        #expect(face.kerning("1", "2", pixelSize: 52) == 0)
        #expect(face.kerning("A", "V", pixelSize: 52) == av, "cached value repeats")
        let layout = TextLayout("AV", font: Font(source: face, pixelSize: 52))
        let plain = (face.glyph(for: "A", pixelSize: 52)?.advance ?? 0) + (face.glyph(for: "V", pixelSize: 52)?.advance ?? 0)
        #expect(layout.width == plain + av)
    }

    @Test func missingScalarsReturnNilNotTheNotdefBox() {
        #expect(face.glyph(for: "\u{1F4C8}", pixelSize: 26) == nil)
        #expect(!face.hasGlyph(for: "\u{1F4C8}"))
        #expect(TextLayout("x\u{1F4C8}", font: Font(source: face, pixelSize: 26)).missing == ["\u{1F4C8}"])
    }

    @Test func hugeAndTinySizesAreClampedNotFatal() throws {
        let tiny = try #require(face.glyph(for: "W", pixelSize: -5))
        #expect(tiny.mask.width <= 3)
        let huge = try #require(face.glyph(for: ".", pixelSize: 1_000_000))
        #expect(huge.mask.height <= Typeface.maximumPixelSize)
    }
}
