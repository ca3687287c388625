import Calculator
@testable import Kiosk
import Raster
import Testing

/// DRG, EE, 2nd and the history list on screen, driven by touch scripts that tap where things are drawn.
@Suite struct HistoryKeysTests {
    /// A script of taps: key names tap their keys (page 2's through 2nd), `#n` taps history entry n.
    func taps(_ app: KioskApp, _ names: String) throws -> TouchScript {
        let lines = try names.split(separator: " ").flatMap { token -> [String] in
            if token.hasPrefix("#") {
                let rect = try #require(HistoryView(layout: app.layout).rect(of: .history(Int(token.dropFirst())!)))
                return ["tap \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)"]
            }
            let keys: [CalculatorKey] = token == "2nd" ? [.secondPage] : token == "Hist" ? [.historyList]
                : token.allSatisfy(\.isNumber) ? token.map { .digit(Int(String($0))!) } : [try #require(CalculatorKey(token: String(token)))]
            return try keys.map { key in
                let c = try #require(app.center(of: key), "\(token) is on the keypad")
                return "tap \(c.x) \(c.y)"
            }
        }
        return try TouchScript(parsing: lines.joined(separator: "\n") + "\n", startTime: app.clock + 1)
    }

    /// The screen after drawing what changed into `image`, which holds the frames before (as a display's buffer does).
    func pixels(_ app: KioskApp, _ image: PixelImage) -> [UInt32] {
        _ = app.draw(into: image.buffer)
        return (0..<app.height).flatMap { y in (0..<app.width).map { x in image.buffer.xrgb(x: x, y: y) } }
    }

    @Test(arguments: [(800, 480), (480, 800), (480, 320)])
    func tappingAHistoryEntryUsesItsValueAndClosesTheList(size: (Int, Int)) throws {
        let app = KioskApp(width: size.0, height: size.1, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.play(try taps(app, "7 + 9 = C 2 × 3 ="))
        #expect(app.display == "6")
        app.play(try taps(app, "Hist"))
        #expect(app.isHistoryOpen)
        // Newest first: 2 × 3 = 6, then 7 + 9 = 16. The older one is an operand.
        app.play(try taps(app, "#1"))
        #expect(!app.isHistoryOpen)
        #expect(app.display == "16")
        app.play(try taps(app, "+ 1 ="))
        #expect(app.display == "17")
        #expect(app.calculatorState.history.entries.first?.value == 17)
    }

    @Test func backClosesTheListAndTheKeypadComesBackAsItWas() throws {
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.play(try taps(app, "4 × 5 ="))
        let image = PixelImage(width: 800, height: 480)
        let keypad = pixels(app, image)
        app.play(try taps(app, "Hist"))
        #expect(app.needsRedraw)
        let list = pixels(app, image)
        let listDiffers = list != keypad
        #expect(listDiffers)
        let back = HistoryView(layout: app.layout).backKey
        app.play(try TouchScript(parsing: "tap \(back.x + back.width / 2) \(back.y + back.height / 2)\n",
                                 startTime: app.clock + 1))
        #expect(!app.isHistoryOpen)
        #expect(app.display == "20", "Back uses nothing")
        // Compared outside #expect: its report of two screens that differ would diff them pixel by pixel.
        let keypadAgain = pixels(app, image) == keypad
        #expect(keypadAgain)
    }

    /// Twenty results, five or six rows: a drag up the list brings the older ones, a drag down the newer,
    /// and every one of the twenty can be reached by touch and used. A drag taps no row on its way.
    @Test(arguments: [(800, 480), (480, 800), (480, 320)])
    func everyResultOfTheListIsReachedByDragging(size: (Int, Int)) throws {
        let app = KioskApp(width: size.0, height: size.1, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        // 1 + 1 =, 2 + 1 =, ... 21 + 1 =: the newest is 22, the oldest kept 3.
        for n in 1...21 { app.play(try taps(app, "C \(n) + 1 =")) }
        #expect(app.calculatorState.history.entries.count == 20)
        app.play(try taps(app, "Hist"))
        let view = HistoryView(layout: app.layout)
        let rows = view.entryRects.count
        #expect(rows < 20)
        let top = view.entryRects[0], bottom = view.entryRects[rows - 1]
        var seen = Set<Int>()
        func visible() { for i in app.historyFirst..<(app.historyFirst + rows) { seen.insert(i) } }
        visible()
        // Drag from the last row to the first, again and again: a page at a time, to the end.
        for _ in 0..<6 {
            app.play(try TouchScript(parsing: "pan \(top.x + 20) \(bottom.y + bottom.height / 2) \(top.x + 20) \(top.y + top.height / 2)\n", startTime: app.clock + 1))
            #expect(app.isHistoryOpen, "a drag taps no row")
            visible()
        }
        #expect(app.historyFirst == 20 - rows)
        #expect(seen == Set(0..<20), "\(seen.sorted())")
        // The oldest, 2 + 1 = 3, shows in the last row: a tap uses it.
        app.play(try TouchScript(parsing: "tap \(bottom.x + bottom.width / 2) \(bottom.y + bottom.height / 2)\n", startTime: app.clock + 1))
        #expect(!app.isHistoryOpen && app.display == "3")
        // Open again: the list starts at the newest; a drag down at the top goes nowhere.
        app.play(try taps(app, "Hist"))
        #expect(app.historyFirst == 0)
        app.play(try TouchScript(parsing: "pan \(top.x + 20) \(top.y + top.height / 2) \(top.x + 20) \(bottom.y + bottom.height / 2)\n", startTime: app.clock + 1))
        #expect(app.historyFirst == 0 && app.isHistoryOpen)
    }

    @Test func anEmptyListOffersNothingToTap() throws {
        let app = KioskApp(width: 480, height: 800, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.play(try taps(app, "Hist #0"))
        #expect(app.isHistoryOpen, "a tap where no entry is does nothing")
        #expect(app.display == "0" && app.errorMessage == nil)
    }

    @Test func secondTurnsUpInverseTrigAndRandForOneKey() throws {
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        let image = PixelImage(width: 800, height: 480)
        let first = pixels(app, image)
        app.play(try taps(app, "1 2nd"))
        #expect(app.isSecondPage)
        let pageDiffers = pixels(app, image) != first
        #expect(pageDiffers)
        // The cell of sin is sin⁻¹ now; the page drops back after it.
        let sine = try #require(app.layout.center(of: .unary(.sine)))
        app.play(try TouchScript(parsing: "tap \(sine.x) \(sine.y)\n", startTime: app.clock + 1))
        #expect(app.display == "1.5707963268")
        #expect(!app.isSecondPage)
        app.play(try taps(app, "2nd 2nd sin"))
        #expect(!app.isSecondPage, "2nd again turns the page back")
        #expect(app.descriptionText.hasPrefix("sin("))
    }

    @Test func drgAndEEAreOnTheFirstPage() throws {
        let app = KioskApp(width: 480, height: 800, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.play(try taps(app, "DRG 30 sin"))
        #expect(app.display == "0.5")
        app.play(try taps(app, "C 6 . 0 2 EE 2 3 ="))
        #expect(app.display == "6.02e+23")
        for key in [CalculatorKey.toggleAngleMode, .exponent, .historyList, .secondPage] {
            #expect(app.layout.keypad.keys.contains(key))
        }
    }
}
