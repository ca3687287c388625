import Calculator
@testable import Kiosk
import Raster
import Testing

@Suite struct ScreenLayoutTests {
    static let sizes: [(Int, Int)] = [(480, 320), (320, 480), (800, 480), (480, 800), (1280, 720), (720, 1280),
                                      (1920, 1080), (1080, 1920), (1024, 600)]

    @Test func everyKeyIsOnScreenOnceAndNoneOverlap() {
        for (w, h) in Self.sizes {
            let layout = ScreenLayout(width: w, height: h)
            // Both pages together hold every key once; each page holds each of its keys once, 2nd on both.
            let pages = Set(layout.keypad.keys).union(layout.keypad.secondKeys)
            #expect(pages == Set(CalculatorKey.all + CalculatorKey.screenOnly), "\(w)x\(h)")
            #expect(Set(layout.keypad.keys).count == layout.keypad.keys.count)
            #expect(Set(layout.keypad.secondKeys).count == layout.keypad.secondKeys.count)
            #expect(layout.keypad.keys.count + layout.keypad.secondPageSwapCount == pages.count)
            #expect(layout.keypad.keys.firstIndex(of: .secondPage) == layout.keypad.secondKeys.firstIndex(of: .secondPage))
            let screen = IntRect(x: 0, y: 0, width: w, height: h)
            for (i, r) in layout.keys.map(\.rect).enumerated() {
                #expect(r.intersection(screen) == r, "\(w)x\(h) key \(i) off screen")
                #expect(r.intersection(layout.displayStrip).isEmpty)
                #expect(r.width >= 20 && r.height >= 20, "\(w)x\(h) key \(i) \(r)")
                for (j, s) in layout.keys.map(\.rect).enumerated() where j > i {
                    #expect(r.intersection(s).isEmpty, "\(w)x\(h) keys \(i) \(j) overlap")
                }
            }
        }
    }

    @Test func wideScreensSplitAndNarrowOnesStack() {
        #expect(ScreenLayout(width: 800, height: 480).mode == .split)
        #expect(ScreenLayout(width: 1920, height: 1080).mode == .split)
        #expect(ScreenLayout(width: 480, height: 800).mode == .stacked)
        #expect(ScreenLayout(width: 480, height: 320).mode == .stacked)
        let stacked = ScreenLayout(width: 480, height: 800)
        #expect(stacked.backKey != nil)
        let split = ScreenLayout(width: 800, height: 480)
        #expect(split.graphPane.intersection(split.calculator).isEmpty)
    }

    @Test(arguments: [1.0, 1.5, 2.0]) func paneKeysSitInTheGraphTitleApartWithRoomForTheDescription(scale: Double) {
        for (w, h) in Self.sizes {
            let layout = ScreenLayout(width: w, height: h, textScale: scale)
            let keys = PaneKey.allCases.compactMap { layout.rect(of: $0) }
            #expect(keys.count == (layout.mode == .stacked ? 3 : 2), "\(w)x\(h)")
            for (i, r) in keys.enumerated() {
                #expect(r.intersection(layout.graphTitle) == r, "\(w)x\(h) \(r) outside the title")
                for s in keys[(i + 1)...] { #expect(r.intersection(s).isEmpty, "\(w)x\(h) \(r) overlaps \(s)") }
                #expect(layout.paneKey(atX: Double(r.x) + 1, y: Double(r.y) + 1).flatMap { layout.rect(of: $0) } == r)
            }
            // The description keeps at least a third of the strip.
            let left = layout.backKey?.maxX ?? layout.graphTitle.x
            #expect(layout.fitKey.x - left >= layout.graphTitle.width / 3, "\(w)x\(h)")
        }
    }

    @Test func keysAreAtLeastNineMillimetresWhereRoomAllows() {
        // A 7" 800x480 panel (154 x 86 mm) and a 10" 1280x800 one.
        for (w, h, mw, mh) in [(800, 480, 154.0, 86.0), (1280, 800, 217.0, 136.0), (480, 800, 86.0, 154.0)] {
            let layout = ScreenLayout(width: w, height: h, millimetres: ScreenMillimetres(width: mw, height: mh))
            let ppmm = layout.pixelsPerMillimetre!
            for r in layout.keys.map(\.rect) {
                #expect(Double(min(r.width, r.height)) >= 9 * ppmm, "\(w)x\(h) \(r) at \(ppmm) px/mm")
            }
            // The history list's Back key and entries are keys too.
            let history = HistoryView(layout: layout)
            for r in [history.backKey] + history.entryRects {
                #expect(Double(min(r.width, r.height)) >= 9 * ppmm, "\(w)x\(h) history \(r) at \(ppmm) px/mm")
                #expect(r.intersection(layout.keypadArea) == r)
            }
            #expect(history.entryRects.count >= 5, "\(w)x\(h)")
            // The graph title's keys: 9 mm wide, and as tall as the strip allows (a sixth of the screen).
            for r in PaneKey.allCases.compactMap({ layout.rect(of: $0) }) {
                #expect(Double(r.width) >= 9 * ppmm, "\(w)x\(h) pane key \(r)")
                #expect(Double(r.height) >= min(9 * ppmm, Double(h) / 6) - Double(2 * max(2, min(w, h) / 100)) - 1)
            }
        }
    }

    @Test func everyLabelFitsItsKey() {
        let glyphs = BlockGlyphs()
        for (w, h) in Self.sizes {
            let layout = ScreenLayout(width: w, height: h)
            for (i, key) in Array(layout.keypad.keys.enumerated()) + Array(layout.keypad.secondKeys.enumerated()) {
                let inner = layout.keys[i].rect.insetBy(dx: max(2, layout.keys[i].rect.width / 10),
                                                       dy: max(2, layout.keys[i].rect.height / 8))
                let text = FittedText(key.label, glyphs: glyphs, maxPixelSize: 40, width: inner.width, height: inner.height)
                #expect(text.layout.width <= Double(inner.width), "\(w)x\(h) \(key.label)")
            }
        }
    }
}
