import Raster
import Testing
import Typeface

@Suite struct GlyphCacheTests {
    @Test func repeatedGlyphsAreRasterizedOnce() throws {
        let face = try Typeface.default()
        _ = face.glyph(for: "7", pixelSize: 26)
        let once = face.rasterizations
        for _ in 0..<100 { _ = face.glyph(for: "7", pixelSize: 26) }
        #expect(face.rasterizations == once)
        // Another size is another entry.
        _ = face.glyph(for: "7", pixelSize: 27)
        #expect(face.rasterizations == once + 1)
        // Missing glyphs are remembered too, and never rasterized.
        _ = face.glyph(for: "\u{1F4C8}", pixelSize: 26)
        _ = face.glyph(for: "\u{1F4C8}", pixelSize: 26)
        #expect(face.rasterizations == once + 1)
    }

    @Test func cacheStaysBoundedAndEvictsTheLeastRecentlyUsed() throws {
        let face = try Typeface.default(cacheCapacity: 8)
        let letters = Array("abcdefghijklmnopqrst".unicodeScalars)
        for letter in letters.prefix(8) { _ = face.glyph(for: letter, pixelSize: 20) }
        #expect(face.cachedGlyphCount == 8)
        let full = face.rasterizations
        // Use "a" so that "b" becomes the oldest, then add one more.
        _ = face.glyph(for: "a", pixelSize: 20)
        _ = face.glyph(for: "z", pixelSize: 20)
        #expect(face.cachedGlyphCount == 8)
        #expect(face.rasterizations == full + 1)
        _ = face.glyph(for: "a", pixelSize: 20)
        #expect(face.rasterizations == full + 1, "recently used a survived")
        _ = face.glyph(for: "b", pixelSize: 20)
        #expect(face.rasterizations == full + 2, "oldest b was evicted")
        for letter in letters { _ = face.glyph(for: letter, pixelSize: 21) }
        #expect(face.cachedGlyphCount == 8)
    }

    @Test func evictedGlyphsComeBackIdentical() throws {
        let face = try Typeface.default(cacheCapacity: 2)
        let first = try #require(face.glyph(for: "Q", pixelSize: 33))
        _ = face.glyph(for: "R", pixelSize: 33)
        _ = face.glyph(for: "S", pixelSize: 33)
        let again = try #require(face.glyph(for: "Q", pixelSize: 33))
        #expect(again.mask == first.mask && again.bearingX == first.bearingX && again.advance == first.advance)
    }
}
