import Raster
import Testing
import Typeface

@Suite struct TextMeasureTests {
    let face: Typeface
    init() throws { face = try Typeface.default() }

    @Test func widthIsTheSumOfAdvances() throws {
        let font = Font(source: face, pixelSize: 52)
        let eight = try #require(face.glyph(for: "8", pixelSize: 52)).advance
        let extent = font.extent(of: "888")
        #expect(extent.width == 3 * eight)
        #expect(extent.ascent == face.metrics(pixelSize: 52).ascent)
        #expect(extent.height == extent.ascent + extent.descent)
        #expect(font.extent(of: "").width == 0)
    }

    @Test func shrinkToFitPicksTheLargestSizeThatFits() {
        let text = "3.14159265359"
        let font = Font(source: face, pixelSize: 52)
        for box in [600.0, 400, 250, 133, 60] {
            let fitted = font.shrunkToFit(text, width: box)
            #expect(fitted.pixelSize <= 52)
            #expect(fitted.extent(of: text).width <= box, "\(box) px box")
            if fitted.pixelSize < 52 {
                let larger = Font(source: face, pixelSize: fitted.pixelSize + 1)
                #expect(larger.extent(of: text).width > box, "\(fitted.pixelSize + 1) px would also fit \(box) px")
            }
        }
        #expect(font.shrunkToFit(text, width: 10_000).pixelSize == 52)
        #expect(font.shrunkToFit(text, width: 1, minimumPixelSize: 9).pixelSize == 9)
        #expect(font.shrunkToFit(text, width: .nan, minimumPixelSize: 9).pixelSize == 9)
    }

    @Test func shrinkToFitHonoursHeight() {
        let font = Font(source: face, pixelSize: 52)
        let fitted = font.shrunkToFit("x", width: 1000, height: 30)
        #expect(fitted.extent(of: "x").height <= 30)
        #expect(Font(source: face, pixelSize: fitted.pixelSize + 1).extent(of: "x").height > 30)
    }

    @Test func inkBoundsCoverTheGlyphsOnly() throws {
        let layout = TextLayout(" 1 ", font: Font(source: face, pixelSize: 40))
        let ink = try #require(layout.inkBounds)
        let one = try #require(face.glyph(for: "1", pixelSize: 40))
        #expect(ink.width == one.mask.width && ink.height == one.mask.height)
        #expect(ink.y == -one.bearingY)
        #expect(ink.x > 0 && ink.maxX < Int(layout.width))
        #expect(TextLayout("   ", font: Font(source: face, pixelSize: 40)).inkBounds == nil)
    }
}
