import Calculator
import GoldenImage
@testable import Kiosk
import Raster
import SeededRandom
import Testing
import Typeface

/// Issue 26: keys left out of the keypad (`disable=`): the others close the gaps, stay at least 9 mm on a 7"
/// 800x480 panel, overlap nothing, and are each where a tap finds them, on one page or the other.
@Suite struct DisabledKeysLayoutTests {
    static let panels: [(Int, Int, ScreenMillimetres?)] = ScreenLayoutTests.sizes.map { ($0.0, $0.1, nil) }
        + [(800, 480, ScreenMillimetres(width: 154, height: 86)), (480, 800, ScreenMillimetres(width: 86, height: 154))]

    @Test func anyKeysLeftOutLeaveKeysWhereATapFindsThem() {
        var rng = SplitMix64(state: 2026)
        let keys = KeypadLayout.disableable
        for round in 0..<60 {
            var disabled: Set<CalculatorKey> = round == 0 ? [.random, .historyList] : []
            for _ in 0..<Int(rng.next() % 24) { disabled.insert(keys[Int(rng.next() % UInt64(keys.count))]) }
            for (w, h, mm) in Self.panels {
                let layout = ScreenLayout(width: w, height: h, millimetres: mm, settings: LayoutSettings(disabledKeys: disabled))
                let whole = ScreenLayout(width: w, height: h, millimetres: mm)
                let rects = layout.keys.map(\.rect)
                for (i, r) in rects.enumerated() {
                    #expect(r.intersection(layout.keypadArea) == r, "\(w)x\(h) \(disabled)")
                    for s in rects[(i + 1)...] { #expect(r.intersection(s).isEmpty, "\(w)x\(h) \(disabled)") }
                    // No key smaller than on the whole keypad, so still 9 mm where the panel's size is known.
                    #expect(r.width >= whole.keys[0].rect.width - 1 && r.height >= whole.keys[0].rect.height, "\(w)x\(h) \(r)")
                    if let ppmm = layout.pixelsPerMillimetre, w == 800 || w == 480 {
                        #expect(Double(min(r.width, r.height)) >= 9 * ppmm, "\(w)x\(h) \(r) at \(ppmm) px/mm \(disabled)")
                    }
                }
                let pad = KeypadView(layout: layout)
                for place in layout.keys {
                    let centre = Point(x: Double(place.rect.x) + Double(place.rect.width) / 2,
                                       y: Double(place.rect.y) + Double(place.rect.height) / 2)
                    #expect(pad.key(at: centre, secondPage: false) == place.key)
                    #expect(pad.key(at: centre, secondPage: true) == place.secondKey)
                    #expect(!disabled.contains(place.key) && !disabled.contains(place.secondKey))
                }
                let history = HistoryView(layout: layout)
                #expect(history.entryRects.count == layout.keypad.rows - 1)
            }
        }
    }

    @Test func aTapWhereALeftOutKeyWasPressesItsNeighbour() {
        let app = KioskApp(width: 480, height: 800, settings: LayoutSettings(disabledKeys: [.random, .historyList]),
                           glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        let whole = ScreenLayout(width: 480, height: 800)
        let hist = whole.keys.first { $0.key == .historyList }!.rect
        #expect(app.layout.keys.first { $0.key == .graph }!.rect.covers(Point(x: Double(hist.x + 5), y: Double(hist.y + 5))))
        var f = Finger()
        f.tap(app, app.layout.center(of: .digit(4))!)
        f.tap(app, Point(x: Double(hist.x + hist.width / 2), y: Double(hist.y + hist.height / 2)))
        #expect(app.curves.curves.count == 1 && !app.isHistoryOpen)
    }
}

/// An exhibit's keypad as visitors see it: Rand, Hist, EE and DRG left out (a school's calculator in radians).
@Suite(.serialized) struct DisabledKeysGoldenTests {
    @Test(arguments: [(800, 480), (480, 800), (480, 320)]) func screen(size: (Int, Int)) throws {
        let (w, h) = size
        let app = KioskApp(width: w, height: h, settings: LayoutSettings(disabledKeys: [.random, .historyList, .exponent, .toggleAngleMode]),
                           glyphs: try Typeface.default(), storage: MemoryStateStorage())
        app.handle(key: .digit(7), time: 1)
        let image = PixelImage(width: w, height: h)
        _ = app.draw(into: image.buffer)
        #expect(goldenMismatch(image.buffer, named: "disabled_\(w)x\(h)", referencesDirectory: references(#filePath)) == nil)
    }
}
