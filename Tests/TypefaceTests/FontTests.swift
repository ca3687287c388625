import Raster
import Testing

@Suite struct FontSizeTests {
    @Test func pixelSizeIsAtLeastOne() {
        final class Empty: GlyphSource {
            func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? { nil }
            func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
            func metrics(pixelSize: Int) -> FontMetrics { FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
        }
        #expect(Font(source: Empty(), pixelSize: 0).pixelSize == 1)
        #expect(TextLayout("ab", font: Font(source: Empty(), pixelSize: 10)).missing == ["a", "b"])
    }
}
