import Calculator
import Kiosk
import Raster
import SeededRandom
import Testing
import Typeface

/// Key frames redraw little: a key's face copied from a picture kept off screen, the readout's text over
/// its empty strip put back only where the last text was. Whatever the keys, the picture must be the one
/// a whole redraw gives, pixel for pixel, after every touch (both themes, split and stacked layouts).
@Suite struct KeyFrameEquivalenceTests {
    @Test(arguments: [(800, 480), (480, 800), (1920, 1080)])
    func keyFramesDrawWhatAWholeRedrawDraws(size: (Int, Int)) throws {
        let (w, h) = size
        let app = KioskApp(width: w, height: h, glyphs: try Typeface.default(), storage: MemoryStateStorage())
        let drawn = PixelImage(width: w, height: h), whole = PixelImage(width: w, height: h)
        _ = app.draw(into: drawn.buffer)
        var random = SplitMix64(seed: 0x4B3F + UInt64(w))
        var finger = Finger()
        let keys = app.layout.keypad.keys
        for step in 0..<24 {
            if step == 12 { app.setTheme(.dark); _ = app.draw(into: drawn.buffer) }
            // Digits most of the time, so the number grows long enough to shrink; any key now and then.
            let key = random.below(3) == 0 ? keys[random.below(keys.count)] : .digit(random.below(10))
            guard key != .graph, let at = app.layout.center(of: key) else { continue }
            for phase in [TouchEvent.Phase.down, .up] {
                finger.frame(app, [(1, at.x, at.y, phase)])
                let differing = Self.keyFrameAgainstWholeRedraw(app, drawn, whole)
                #expect(differing == 0, "step \(step) \(key) \(phase): \(differing) pixels differ")
                if differing > 0 { return }
            }
        }
    }

    /// The number's glyphs are copied from pictures kept for the readout's colours: a number that shortens,
    /// shrinks to fit, shows its exact form beside it, turns negative or changes theme must leave no stale glyph.
    @Test(arguments: [(800, 480), (1920, 1080)])
    func readoutNumbersThatChangeLengthSizeAndThemeDrawAsAWholeRedraw(size: (Int, Int)) throws {
        let (w, h) = size
        let app = KioskApp(width: w, height: h, glyphs: try Typeface.default(), storage: MemoryStateStorage())
        let drawn = PixelImage(width: w, height: h), whole = PixelImage(width: w, height: h)
        _ = app.draw(into: drawn.buffer)
        let steps = "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 ⌫ ⌫ C 7 ± 7 C 1 ÷ 3 = dark 8 8 . 5 C 7 light 7 C 0 7 × 2 ="
        for (n, token) in steps.split(separator: " ").enumerated() {
            switch token {
            case "dark": app.setTheme(.dark)
            case "light": app.setTheme(.light)
            default: app.handle(key: try #require(CalculatorKey(token: String(token))), time: Double(n))
            }
            let differing = Self.keyFrameAgainstWholeRedraw(app, drawn, whole)
            #expect(differing == 0, "step \(n) \(token): \(differing) pixels differ")
            if differing > 0 { return }
        }
    }

    /// Draws the frame into `drawn` (which holds the last), then the whole screen into `whole`: the pixels that differ.
    static func keyFrameAgainstWholeRedraw(_ app: KioskApp, _ drawn: PixelImage, _ whole: PixelImage) -> Int {
        _ = app.draw(into: drawn.buffer)
        app.invalidate()
        _ = app.draw(into: whole.buffer)
        return (0..<drawn.height).reduce(0) { count, y in
            count + (0..<drawn.width).reduce(0) { $0 + (drawn.buffer.row32(y)[$1] == whole.buffer.row32(y)[$1] ? 0 : 1) }
        }
    }
}
