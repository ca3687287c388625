import Grapher
import Raster

/// The curves' titles laid out once for what the layout reads: the titles in order, the rect they go in,
/// the pixel sizes and the glyph source. Every touch frame on the title strip hit-tests the legend (a tap,
/// then the slop test while the finger stays), and a layout measures every title's text: with the cache a
/// frame reuses it until one of those changes. The theme is not in the key: it colours the legend when it
/// is drawn and never moves an entry.
final class LegendCache {
    struct Key: Equatable {
        var titles: [String]
        var rect: IntRect
        var maxPixelSize: Int
        var minPixelSize: Int
        var glyphs: ObjectIdentifier
    }

    private var key: Key?
    private var legend: CurveLegend?
    /// How many times a legend was laid out: what the cache saves, for tests.
    private(set) var layouts = 0

    func legend(titles: [String], in rect: IntRect, glyphs: any GlyphSource, maxPixelSize: Int, minPixelSize: Int) -> CurveLegend {
        let wanted = Key(titles: titles, rect: rect, maxPixelSize: maxPixelSize, minPixelSize: minPixelSize,
                         glyphs: ObjectIdentifier(glyphs))
        if wanted == key, let legend { return legend }
        let laidOut = CurveLegend(titles: titles, in: rect, glyphs: glyphs, maxPixelSize: maxPixelSize, minPixelSize: minPixelSize)
        key = wanted
        legend = laidOut
        layouts += 1
        return laidOut
    }
}
