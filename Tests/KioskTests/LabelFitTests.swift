import Calculator
@testable import Kiosk
import Raster
import Testing
import Typeface

@Suite struct LabelFitTests {
    @Test func everyLabelFitsItsKeyWithTheRealFontAtEverySize() throws {
        let font = try Typeface.default()
        for (w, h) in ScreenLayoutTests.sizes {
            let layout = ScreenLayout(width: w, height: h)
            for (i, key) in Array(layout.keypad.keys.enumerated()) + Array(layout.keypad.secondKeys.enumerated())
            where key != .graph && key != .undo {
                let rect = layout.keys[i].rect
                let inner = rect.insetBy(dx: max(2, rect.width / 10), dy: max(2, rect.height / 8))
                let label = drawableLabel(key.label, glyphs: font)
                let text = FittedText(label, glyphs: font, maxPixelSize: Int(Double(min(rect.height, rect.width)) * 0.46),
                                      width: inner.width, height: inner.height)
                #expect(text.layout.width <= Double(inner.width), "\(w)x\(h) \(label)")
                #expect(text.layout.missing.isEmpty, "\(label) lacks glyphs")
                #expect(text.font.pixelSize >= 9, "\(w)x\(h) \(label) shrank to \(text.font.pixelSize)px")
            }
        }
    }

    @Test func theDisplayShrinksLongNumbersToFit() throws {
        let font = try Typeface.default()
        let layout = ScreenLayout(width: 480, height: 320)
        let line = layout.displayLine
        let short = FittedText("7", glyphs: font, maxPixelSize: line.height * 4 / 5, width: line.width, height: line.height)
        let long = FittedText("-1.234568e-1234567890123456789012345", glyphs: font, maxPixelSize: line.height * 4 / 5,
                              width: line.width, height: line.height)
        #expect(long.layout.width <= Double(line.width))
        #expect(long.font.pixelSize < short.font.pixelSize)
    }
}
