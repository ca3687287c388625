import Grapher
import Raster
import Testing

/// The title strip's fitting: whole at the largest size that fits, then smaller down to the minimum,
/// then elided; never outside its rect; a tap finds the entry under it.
@Suite struct CurveLegendTests {
    let glyphs = BoxGlyphs() // a character is size/2 + 1 px wide
    let strip = IntRect(x: 100, y: 10, width: 300, height: 40)

    func legend(_ titles: [String], in rect: IntRect? = nil, max: Int = 24, min: Int = 12) -> CurveLegend {
        CurveLegend(titles: titles, in: rect ?? strip, glyphs: glyphs, maxPixelSize: max, minPixelSize: min)
    }

    func expectInside(_ l: CurveLegend, _ rect: IntRect) {
        for e in l.entries {
            #expect(e.swatch.x >= rect.x && e.swatch.maxX <= rect.maxX && e.swatch.y >= rect.y && e.swatch.maxY <= rect.maxY)
            #expect(e.textX >= Double(rect.x) && e.textX + e.textWidth <= Double(rect.maxX), "\(e.text) leaves the strip")
            #expect(e.hitRect.x >= rect.x && e.hitRect.maxX <= rect.maxX && e.hitRect.y >= rect.y && e.hitRect.maxY <= rect.maxY)
        }
        // No two entries share a pixel of their hit areas.
        for (i, a) in l.entries.enumerated() {
            for b in l.entries[(i + 1)...] { #expect(a.hitRect.intersection(b.hitRect).width <= 0 || a.hitRect.intersection(b.hitRect).height <= 0) }
        }
    }

    @Test func shortTitlesStayWholeOnOneRowInTheOrderGiven() {
        let l = legend(["sin(M)", "M²"])
        #expect(l.rows == 1)
        #expect(l.entries.map(\.text) == ["sin(M)", "M²"])
        #expect(l.entries[0].textX < l.entries[1].textX)
        #expect(l.font.pixelSize == 24 || l.font.pixelSize == Int(40 / 1.25))
        expectInside(l, strip)
    }

    @Test func longerListsShrinkThenTakeASecondRowBeforeEliding() {
        let titles = ["sin(M)", "cos(M)", "M²", "1/M", "√(M)", "tan(M)"]
        let l = legend(titles)
        #expect(l.font.pixelSize >= 12 && l.font.pixelSize < 24)
        #expect(l.entries.map(\.text) == titles, "all whole")
        expectInside(l, strip)
    }

    @Test func titlesTooLongForTheMinimumAreElidedNeverShrunkBelowIt() {
        let long = String(repeating: "sin(", count: 20) + "M" + String(repeating: ")", count: 20)
        let titles = [long, "M²", long + "+1", "cos(M)", "tan(M)", long]
        let l = legend(titles)
        #expect(l.font.pixelSize == 12)
        #expect(l.entries.count == titles.count)
        #expect(l.entries.contains { $0.text.contains("…") || $0.text.contains("...") })
        // Short titles keep their whole text; the long ones share what is left.
        #expect(l.entries[1].text == "M²")
        #expect(l.entries[3].text == "cos(M)")
        expectInside(l, strip)
    }

    @Test func aStripTooLowForTwoRowsElidesOnOne() {
        let low = IntRect(x: 0, y: 0, width: 200, height: 18)
        let l = legend(["a long title one", "a long title two", "a long title three"], in: low)
        #expect(l.rows == 1)
        #expect(l.font.pixelSize == 12)
        expectInside(l, low)
    }

    @Test func aTapFindsTheEntryUnderIt() {
        let l = legend(["sin(M)", "cos(M)", "M²"])
        for e in l.entries {
            let r = e.hitRect
            #expect(l.entry(atX: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2) == e.index)
            #expect(l.entry(atX: e.textX + 1, y: e.baseline - 2) == e.index)
        }
        #expect(l.entry(atX: Double(strip.maxX) + 5, y: 20) == nil)
    }

    @Test func drawingStaysInsideTheStrip() {
        let image = PixelImage(width: 500, height: 60)
        var canvas = Canvas(buffer: image.buffer)
        canvas.fill(IntRect(x: 0, y: 0, width: 500, height: 60), Color(rgb: 0xFFFFFF))
        let long = String(repeating: "x", count: 200)
        legend([long, long, long]).draw(into: &canvas, colors: Array(repeating: Color(rgb: 0xFF0000), count: 3), hidden: [false, true, false],
                                         text: Color(rgb: 0x000000), hiddenText: Color(rgb: 0x808080))
        var outside = 0, inside = 0
        for y in 0..<60 {
            for x in 0..<500 where image.buffer.xrgb(x: x, y: y) & 0xFFFFFF != 0xFFFFFF {
                if strip.contains(x: x, y: y) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(outside == 0)
        #expect(inside > 100)
    }

    /// Six titles in a strip too small to keep four characters of each (320x240's): numbered swatches, "1" to
    /// "6" in the order given, whole and inside the strip, where elision left bare "…" and the sixth empty.
    @Test func titlesThatWouldElideToNothingAreNumbered() {
        let small = IntRect(x: 60, y: 2, width: 180, height: 24)
        let titles = ["ln(M)", "√(M)", "M²", "tan(M)", "cos(M)", "sin(M)"]
        let l = legend(titles, in: small, max: 13, min: 12)
        #expect(l.isNumbered)
        #expect(l.entries.map(\.text) == ["1", "2", "3", "4", "5", "6"])
        #expect(l.entries.map(\.index) == Array(0..<6))
        expectInside(l, small)
        // Still one swatch a curve, each its own hit area.
        #expect(Set(l.entries.map(\.swatch.x)).count == 6)
        // Numbers sit closer than titles: six still fit whole in the 129 px left beside Back, Tools, Fit and
        // Reset at 320x240 (at the titles' spacing they needed 153 px and came out as "…").
        let narrow = IntRect(x: 64, y: 2, width: 129, height: 25)
        let tight = legend(titles, in: narrow, max: 16, min: 12)
        #expect(tight.isNumbered && tight.entries.map(\.text) == ["1", "2", "3", "4", "5", "6"])
        expectInside(tight, narrow)
        // Where four characters of each fit, they stay titles.
        let roomy = legend(titles, in: IntRect(x: 0, y: 0, width: 420, height: 24), max: 13, min: 12)
        #expect(!roomy.isNumbered && roomy.entries.map(\.text) == titles)
    }
}
