import Calculator
@testable import Kiosk
import Raster
import Testing
import Typeface

/// Larger text (`textScale` 1 to 2) on every screen size `calx shot --size` takes, drawn with the real font:
/// no two views overlap, every text sits inside its box, no two texts touch, and the text really grows.
@Suite struct TextPlacementTests {
    /// 320x240 to 3840x2160 in both orientations; the layout's design range, 480x320 to 1920x1080, is most of them.
    static let sizes: [(Int, Int)] = [(320, 240), (240, 320), (480, 320), (320, 480), (800, 480), (480, 800), (1024, 600),
                                      (600, 1024), (1280, 720), (720, 1280), (1920, 1080), (1080, 1920), (3840, 2160),
                                      (2160, 3840)]
    static let scales = [1.0, 1.5, 2.0]

    enum Scene: CaseIterable {
        /// A description, M, DEG and a number: every text of the readout.
        case readout
        /// Two curves: the graph's titles, keys, ticks and marks (the graph pushed where it stacks).
        case graph
        case history
        case secondPage

        var keys: [CalculatorKey] {
            switch self {
            case .readout: [.angleMode(.degrees), .digit(7), .storeMemory, .digit(1), .point, .digit(5), .binary(.add),
                            .digit(2), .binary(.multiply), .memory]
            case .graph: [.memory, .unary(.sine), .graph, .clear, .memory, .unary(.square), .binary(.subtract), .digit(1),
                          .equals, .graph]
            case .history: [.digit(2), .binary(.add), .digit(3), .equals, .constant("π"), .binary(.multiply), .digit(2),
                            .equals, .historyList]
            case .secondPage: [.digit(1), .secondPage]
            }
        }
    }

    /// The scene drawn whole, with every text it drew.
    func drawn(_ scene: Scene, _ w: Int, _ h: Int, scale: Double, glyphs: any GlyphSource,
               millimetres: ScreenMillimetres? = nil) -> (KioskApp, [TextLog.Entry]) {
        let app = KioskApp(width: w, height: h, millimetres: millimetres, glyphs: glyphs, storage: MemoryStateStorage())
        app.textScale = scale
        var t = 1.0
        for key in scene.keys { t += 0.1; app.handle(key: key, time: t) }
        // The first frame draws every text: what later frames add (refined samples, points searched) is ink of
        // the curves, not text.
        let log = TextLog()
        app.screen.textLog = log
        let image = PixelImage(width: w, height: h)
        _ = app.draw(into: image.buffer)
        withExtendedLifetime(image) {}
        return (app, log.entries)
    }

    @Test(arguments: sizes.indices) func noTextSpillsOrTouchesAnother(size: Int) throws {
        let glyphs = try Typeface.default()
        let (w, h) = Self.sizes[size]
        for scene in Scene.allCases {
            for scale in Self.scales {
                let (app, texts) = drawn(scene, w, h, scale: scale, glyphs: glyphs)
                let place = "\(scene) \(w)x\(h) at \(scale)"
                #expect(!texts.isEmpty, "\(place)")
                let screen = IntRect(x: 0, y: 0, width: w, height: h)
                // In the design range larger text is never drawn below the kiosk's readable minimum (12 px).
                if scale > 1 && min(w, h) >= 320 && max(w, h) >= 480 && max(w, h) <= 1920 {
                    let smallest = texts.min { $0.pixelSize < $1.pixelSize }
                    #expect(smallest.map { $0.pixelSize >= 12 } ?? true, "\(place): '\(smallest!.text)' at \(smallest!.pixelSize) px")
                }
                for (i, text) in texts.enumerated() {
                    #expect(text.ink.intersection(screen) == text.ink, "\(place): '\(text.text)' \(text.ink) off the screen")
                    if let box = text.box {
                        #expect(text.ink.intersection(box) == text.ink, "\(place): '\(text.text)' \(text.ink) spills out of \(box)")
                    }
                    #expect(app.viewRects.contains { text.ink.intersection($0) == text.ink },
                            "\(place): '\(text.text)' \(text.ink) is in no view")
                    for other in texts[(i + 1)...] {
                        #expect(text.ink.intersection(other.ink).isEmpty,
                                "\(place): '\(text.text)' \(text.ink) overlaps '\(other.text)' \(other.ink)")
                    }
                }
            }
        }
    }

    /// The attract screen (its readout with the longest program it types, its banner) and the countdown
    /// panel (at 10 s, the widest count): each text inside its box, the boxes apart and on the screen.
    @Test(arguments: sizes.indices) func theIdleScreensTextsStayInTheirBoxes(size: Int) throws {
        let (w, h) = Self.sizes[size]
        let style = ViewStyle(theme: .light, palette: Palette(.light), glyphs: try Typeface.default())
        for scale in Self.scales {
            let place = "\(w)x\(h) at \(scale)"
            let image = PixelImage(width: w, height: h)
            let log = TextLog()
            var canvas = Canvas(buffer: image.buffer)
            canvas.textLog = log
            let attract = AttractView(width: w, height: h, textScale: scale)
            attract.show(atTenth: AttractDemo.pressed.last!.tenth, full: true, style: style, into: &canvas)
            var countdown = CountdownView(width: w, height: h, textScale: scale)
            countdown.show(10, full: true, style: style, into: &canvas)
            let screen = IntRect(x: 0, y: 0, width: w, height: h)
            let attractBoxes = [attract.readout, attract.graph, attract.banner], panelBoxes = [countdown.title, countdown.count, countdown.hint]
            for boxes in [attractBoxes, panelBoxes] {
                for (i, box) in boxes.enumerated() {
                    #expect(!box.isEmpty && box.intersection(screen) == box, "\(place): \(box)")
                    for other in boxes[(i + 1)...] { #expect(box.intersection(other).isEmpty, "\(place): \(box) overlaps \(other)") }
                }
            }
            let texts = log.entries.filter { $0.box != nil }
            #expect(texts.map(\.text).contains("M² ÷ 4 − 1 =") && texts.contains { $0.text.hasPrefix("Starting over in 10") }, "\(place)")
            for text in texts {
                #expect(text.ink.intersection(text.box!) == text.ink, "\(place): '\(text.text)' \(text.ink) spills out of \(text.box!)")
            }
            let panelTexts = texts.filter { countdown.panel.contains(x: $0.ink.x, y: $0.ink.y) }
            #expect(panelTexts.count == 3, "\(place)")
            for (i, text) in panelTexts.enumerated() {
                for other in panelTexts[(i + 1)...] { #expect(text.ink.intersection(other.ink).isEmpty, "\(place): '\(text.text)' touches '\(other.text)'") }
            }
        }
    }

    @Test func noTwoViewsOverlap() {
        for (w, h) in Self.sizes {
            for scale in Self.scales {
                let app = KioskApp(width: w, height: h, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
                app.textScale = scale
                let views = app.viewRects
                for (i, r) in views.enumerated() {
                    #expect(!r.isEmpty && r.intersection(IntRect(x: 0, y: 0, width: w, height: h)) == r, "\(w)x\(h) at \(scale): \(r)")
                    for s in views[(i + 1)...] { #expect(r.intersection(s).isEmpty, "\(w)x\(h) at \(scale): \(r) overlaps \(s)") }
                }
            }
        }
    }

    /// In the design range every text grows: the number, the description, a digit's label and the graph's ticks
    /// are larger at 1.5 than at 1, or already fill their box.
    @Test func textGrowsWithTheScale() throws {
        let glyphs = try Typeface.default()
        for (w, h) in Self.sizes where min(w, h) >= 320 && max(w, h) >= 480 && max(w, h) <= 1920 {
            for scene in [Scene.readout, .graph] {
                let small = drawn(scene, w, h, scale: 1, glyphs: glyphs).1, large = drawn(scene, w, h, scale: 1.5, glyphs: glyphs).1
                // The graph's tick labels are the texts without a box (Grapher lays them out).
                func size(_ texts: [TextLog.Entry], _ text: String) -> Int? {
                    texts.first { $0.text == text && ($0.box == nil) == (text == "−2") }?.pixelSize
                }
                let watched = scene == .readout ? ["M = 7", "DEG", "8", "sin"] : ["−2", "Fit"]
                for text in watched {
                    let before = try #require(size(small, text), "\(scene) \(w)x\(h): no '\(text)'")
                    let after = try #require(size(large, text), "\(scene) \(w)x\(h) at 1.5: no '\(text)'")
                    print("\(w)x\(h) '\(text)': \(before) px at 1, \(after) px at 1.5")
                    #expect(after > before, "\(scene) \(w)x\(h): '\(text)' \(before) px at 1, \(after) px at 1.5")
                }
            }
        }
    }

    /// A 7" 800x480 panel (154 x 86 mm): at every scale every key and history row stays 9 mm, the graph
    /// title's keys as ScreenLayoutTests asks at scale 1, and the display strip grows (the calculator takes the
    /// whole width, the graph pushed over it, to make the room).
    @Test func keysStayNineMillimetresOnASevenInchPanel() {
        let panel = ScreenMillimetres(width: 154, height: 86)
        let natural = ScreenLayout(width: 800, height: 480, millimetres: panel).displayStrip.height
        for scale in stride(from: 1.0, through: 2.0, by: 0.1) {
            let layout = ScreenLayout(width: 800, height: 480, millimetres: panel, textScale: scale)
            let least = 9 * layout.pixelsPerMillimetre!
            let history = HistoryView(layout: layout)
            for r in layout.keys.map(\.rect) + [history.backKey] + history.entryRects {
                #expect(Double(min(r.width, r.height)) >= least, "at \(scale): \(r)")
            }
            for r in PaneKey.allCases.compactMap({ layout.rect(of: $0) }) {
                #expect(Double(r.width) >= least && Double(r.height) >= min(least, 80) - 9, "at \(scale): pane key \(r)")
            }
            if scale > 1 { #expect(layout.mode == .stacked && layout.displayStrip.height > natural, "at \(scale)") }
        }
    }
}

extension KioskApp {
    /// Every view's rect on the screen as it shows now: the readout and each key (or the history list's rows),
    /// or the graph pane's keys, titles and plot where the graph covers the calculator; both side by side.
    var viewRects: [IntRect] {
        var rects: [IntRect] = []
        if !isGraphPushed {
            rects.append(layout.displayStrip)
            if isHistoryOpen {
                let history = screen.history
                rects += [history.backKey, history.titleRect] + history.entryRects
            } else {
                rects += layout.keys.map(\.rect)
            }
        }
        if isGraphVisible {
            let pane = screen.graphPane
            rects += PaneKey.allCases.compactMap { key in key == .back && !isGraphPushed ? nil : layout.rect(of: key) }
            rects += [curves.isEmpty ? pane.titlesRect(pushed: isGraphPushed) : pane.legendRect(pushed: isGraphPushed), pane.plotRect]
        }
        return rects
    }
}
