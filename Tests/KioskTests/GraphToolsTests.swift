import Calculator
@testable import Kiosk
import Grapher
import Raster
import SeededRandom
import Testing

/// The graph's tools as a visitor reaches them: the Tools key, the tool bar, numbers typed on the keypad,
/// the value's marks, the table and its scrolling, the integral proved over frames, and the slope.
@Suite struct GraphToolsTests {
    /// A kiosk with the real controller, which graphs `tokens` first.
    func kiosk(_ w: Int = 800, _ h: Int = 480, _ tokens: String = "M sin graph") -> (KioskApp, Finger) {
        let app = KioskApp(width: w, height: h, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        var finger = Finger()
        press(app, tokens, &finger)
        return (app, finger)
    }

    func press(_ app: KioskApp, _ tokens: String, _ finger: inout Finger) {
        for token in tokens.split(separator: " ") {
            finger.time += 0.1
            app.handle(key: CalculatorKey(token: String(token))!, time: finger.time)
        }
    }

    func tap(_ app: KioskApp, _ key: PaneKey, _ finger: inout Finger) {
        let rect = app.layout.rect(of: key) ?? ToolBarView.rect(of: key, app.tools, layout: app.layout)
        guard let rect else { Issue.record("\(key) is not on the screen"); return }
        finger.tap(app, Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2))
    }

    /// Draws until nothing is left to do (samples, points, integrals), at most `limit` frames.
    func settle(_ app: KioskApp, limit: Int = 400) -> Int {
        let image = PixelImage(width: app.width, height: app.height)
        var frames = 0
        repeat {
            _ = app.draw(into: image.buffer)
            frames += 1
        } while app.needsRedraw && frames < limit
        return frames
    }

    @Test func valueAtXIsTypedOnTheKeypadAndMarked() throws {
        var (app, f) = kiosk(800, 480, "M sin graph C M x² − 1 = graph")
        let calculatorBefore = app.readoutContent
        tap(app, .tools, &f)
        #expect(app.tools.isOpen && app.tools.tool == nil)
        tap(app, .valueTool, &f)
        #expect(app.tools.entry?.field == .x)
        #expect(app.readoutContent.description == "Value at x: type x, then =")
        press(app, "1 . 2", &f)
        #expect(app.readoutContent.display == "1.2")
        press(app, "=", &f)
        #expect(app.tools.x == 1.2 && app.tools.entry == nil)
        #expect(app.readoutContent == calculatorBefore, "the calculator's own readouts are back, untouched")
        _ = settle(app)
        let view = try #require(app.plot?.view)
        #expect(view.markings.valueX == 1.2)
        // Typing it again: the field's key.
        tap(app, .editX, &f)
        press(app, "π ÷ 4 =", &f)
        #expect(app.tools.x == Double.pi / 4)
    }

    @Test func aStackedGraphStepsAsideForTheEntryAndComesBack() {
        var (app, f) = kiosk(480, 800)
        #expect(app.isGraphPushed)
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        #expect(!app.isGraphPushed, "the keypad and the display strip show for typing")
        press(app, "2", &f)
        press(app, "=", &f)
        #expect(app.isGraphPushed && app.tools.x == 2)
    }

    @Test func cOnNothingGivesUp() {
        var (app, f) = kiosk(480, 800)
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        press(app, "5 C", &f)
        #expect(app.tools.entry != nil, "the first C clears what was typed")
        press(app, "C", &f)
        #expect(app.tools.entry == nil && app.tools.x == nil && app.isGraphPushed)
        // The graph key and →M do nothing to the entry; M is the calculator's M.
        press(app, "C 3 →M", &f)
        tap(app, .tools, &f)
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        press(app, "graph M × 2 =", &f)
        #expect(app.tools.x == 6 && app.curves.curves.count == 1)
    }

    @Test func anXOffTheViewBringsTheViewToIt() {
        var (app, f) = kiosk()
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        press(app, "1 0 0 =", &f)
        let plot = Rect(app.plotRect)
        #expect(abs(app.viewport.screenX(forWorldX: 100, in: plot) - plot.center.x) < 1e-6)
        #expect(app.viewport.pixelsPerUnitX == Viewport.standard.pixelsPerUnitX, "the same scale")
    }

    @Test func theTableStartsFromTheViewAndADragScrollsIt() throws {
        var (app, f) = kiosk()
        tap(app, .tools, &f)
        tap(app, .tableTool, &f)
        let plot = Rect(app.plotRect)
        let table = try #require(app.tools.table)
        let left = app.viewport.worldX(forScreenX: plot.x, in: plot)
        #expect(table.step == 1 && table.start == left.rounded(.up) && app.tools.showsTable)
        // A drag up by three rows scrolls three rows on; the view does not move.
        let rowHeight = ValueTableView.rowHeight(plotHeight: app.plotRect.height)
        let viewport = app.viewport
        let c = plot.center
        f.frame(app, [(1, c.x, c.y, .down)])
        for step in 1...6 { f.frame(app, [(1, c.x, c.y - Double(step) * rowHeight / 2, .move)]) }
        f.frame(app, [(1, c.x, c.y - 3 * rowHeight, .up)])
        #expect(abs(try #require(app.tools.table).firstRow - 3) < 1e-9)
        #expect(app.viewport == viewport)
        // Neither a pinch nor a hold does anything to it.
        f.frame(app, [(1, c.x - 40, c.y, .down), (2, c.x + 40, c.y, .down)])
        f.frame(app, [(1, c.x - 80, c.y, .move), (2, c.x + 80, c.y, .move)])
        f.frame(app, [(1, c.x - 80, c.y, .up), (2, c.x + 80, c.y, .up)])
        f.frame(app, [(1, c.x, c.y, .down)])
        f.frame(app, [(1, c.x, c.y, .move)], dt: 0.8)
        #expect(app.viewport == viewport && app.tracePoint == nil)
        f.frame(app, [(1, c.x, c.y, .up)])
        // A new step keeps the first row's x.
        let firstX = try #require(app.tools.table).x(row: 3)
        tap(app, .editStep, &f)
        press(app, "0 . 5 =", &f)
        let stepped = try #require(app.tools.table)
        #expect(stepped.step == 0.5 && stepped.x(row: 0) == firstX)
        _ = settle(app)
    }

    @Test func theIntegralAsksForItsBoundsAndIsProvedOverFrames() throws {
        var (app, f) = kiosk()
        tap(app, .tools, &f)
        tap(app, .integralTool, &f)
        #expect(app.tools.entry?.field == .from)
        press(app, "0 =", &f)
        #expect(app.tools.entry?.field == .to, "the end is asked for next")
        press(app, "π =", &f)
        #expect(app.tools.from == 0 && app.tools.to == Double.pi)
        let frames = settle(app)
        let view = try #require(app.plot?.view)
        let integral = try #require(view.areaIntegrals.first)
        #expect(integral.isFinished && !integral.isUncertain && frames > 1, "\(frames) frames")
        let lo = try #require(integral.lower), hi = try #require(integral.upper)
        #expect(lo <= 2 && 2 <= hi && hi - lo <= 1e-6)
    }

    /// Two fingers tapped on the plot while the integral is the tool: its bounds are the x under each finger
    /// (the number being typed gives way), proved as typed bounds are; with another tool they change nothing.
    @Test(arguments: [(800, 480), (480, 800)])
    func twoFingersOnThePlotSpanTheIntegral(_ w: Int, _ h: Int) throws {
        var (app, f) = kiosk(w, h)
        if app.layout.mode == .stacked {
            // The first bounds are typed (the graph steps aside for them); two fingers change them after.
            tap(app, .tools, &f)
            tap(app, .integralTool, &f)
            press(app, "1 = 2 =", &f)
        } else {
            tap(app, .tools, &f)
            tap(app, .integralTool, &f)
            #expect(app.tools.entry?.field == .from)
        }
        let plot = app.plotRect, frame = app.plotFrame
        let left = Point(x: Double(plot.x) + Double(plot.width) * 0.3, y: Double(plot.y) + Double(plot.height) / 2)
        let right = Point(x: Double(plot.x) + Double(plot.width) * 0.7, y: Double(plot.y) + Double(plot.height) / 3)
        f.frame(app, [(1, right.x, right.y, .down)])
        f.frame(app, [(2, left.x, left.y, .down)])
        f.frame(app, [(1, right.x, right.y, .up)])
        f.frame(app, [(2, left.x, left.y, .up)])
        let from = app.viewport.worldX(forScreenX: left.x, in: frame), to = app.viewport.worldX(forScreenX: right.x, in: frame)
        #expect(app.tools.entry == nil && app.tools.from == from && app.tools.to == to, "\(String(describing: app.tools.from)) \(String(describing: app.tools.to))")
        #expect(from < 0 && to > 0, "the view's middle lies between them")
        _ = settle(app)
        let integral = try #require(app.plot?.view.areaIntegrals.first)
        #expect(integral.isFinished && !integral.isUncertain)
        // With the value tool, two fingers are only a pinch that did not move.
        tap(app, .toolChoice, &f)
        tap(app, .valueTool, &f)
        press(app, "C C", &f)
        let tools = app.tools
        f.frame(app, [(1, right.x, right.y, .down)])
        f.frame(app, [(2, left.x, left.y, .down)])
        f.frame(app, [(1, right.x, right.y, .up)])
        f.frame(app, [(2, left.x, left.y, .up)])
        #expect(app.tools == tools)
    }

    @Test func aPoleLeavesTheIntegralUncertainOnScreen() throws {
        var (app, f) = kiosk(800, 480, "M x⁻¹ graph")
        tap(app, .tools, &f)
        tap(app, .integralTool, &f)
        press(app, "− 1 = 1 =", &f)
        _ = settle(app)
        let integral = try #require(app.plot?.view.areaIntegrals.first)
        #expect(integral.isUncertain && integral.lower == nil)
    }

    @Test func theTraceReadsTheSlopeOrSaysItIsNotDefined() throws {
        let (app, _) = kiosk(800, 480, "M sin graph C M √ graph")
        _ = settle(app)
        let view = try #require(app.plot?.view)
        let sine = app.curves.curves[0].id, root = app.curves.curves[1].id
        guard case .value(let s) = view.slope(at: TraceReading(curveID: sine, x: 0, y: 0)) else {
            Issue.record("no slope of sin at 0"); return
        }
        #expect(abs(s - 1) < 1e-12)
        #expect(view.slope(at: TraceReading(curveID: root, x: 0, y: 0)) == .undefined)
        guard case .value(let r) = view.slope(at: TraceReading(curveID: root, x: 4, y: 2)) else {
            Issue.record("no slope of √ at 4"); return
        }
        #expect(abs(r - 0.25) < 1e-12)
    }

    @Test func theToolsKeyClosesTheBarAndItsMarks() {
        var (app, f) = kiosk()
        let fullPlot = app.plotRect
        tap(app, .tools, &f)
        #expect(app.plotRect.height < fullPlot.height, "the bar takes its strip from the plot")
        tap(app, .valueTool, &f)
        press(app, "1 =", &f)
        tap(app, .toolChoice, &f)
        #expect(app.tools.tool == nil && app.tools.valueX == nil)
        tap(app, .tools, &f)
        #expect(!app.tools.isOpen && app.plotRect == fullPlot)
        _ = settle(app)
        #expect(app.plot?.view.markings.isEmpty == true)
    }

    /// Every key of the bar, in every state, on every size the kiosk is made for (and the extremes of
    /// `--size`), either way round: inside the bar, apart, as tall as the title strip's keys; the Tools key
    /// in the title strip beside Fit; the plot left under the bar.
    @Test(arguments: [(320, 240), (480, 320), (800, 480), (1280, 720), (1920, 1080), (3840, 2160)])
    func theBarFitsEverySize(_ w: Int, _ h: Int) {
        for (width, height) in [(w, h), (h, w)] {
            let layout = ScreenLayout(width: width, height: height)
            #expect(layout.toolsKey.maxX <= layout.fitKey.x && layout.toolsKey.x >= layout.graphPane.x)
            if let back = layout.backKey { #expect(back.maxX < layout.toolsKey.x) }
            var states: [GraphTools] = []
            var tools = GraphTools()
            tools.toggle()
            states.append(tools)
            let entry: (GraphTools.Field) -> NumberEntry = { NumberEntry(field: $0, memory: nil, angleMode: .radians, returnsToGraph: false) }
            for tool in [GraphTools.Tool.value, .table, .integral] {
                var t = tools
                t.choose(tool, view: .standard, plot: Rect(layout.graphPane), startEntry: entry)
                states.append(t)
            }
            for state in states {
                let keys = ToolBarView.keys(state, layout: layout)
                #expect(!keys.isEmpty)
                for (i, key) in keys.enumerated() {
                    #expect(key.rect.x >= layout.toolBar.x && key.rect.maxX <= layout.toolBar.maxX && key.rect.width > 0,
                            "\(width)x\(height) \(key.key): \(key.rect)")
                    #expect(key.rect.y >= layout.toolBar.y && key.rect.maxY <= layout.toolBar.maxY)
                    #expect(key.rect.height == layout.fitKey.height)
                    if i > 0 { #expect(keys[i - 1].rect.maxX < key.rect.x) }
                }
            }
            #expect(layout.toolBar.maxY < layout.height - layout.height / 3, "\(width)x\(height): most of the pane is left for the plot")
        }
    }

    /// Taps anywhere and keys at random, tools open or not: nothing traps, and every frame settles.
    @Test func hostileTapsOnTheToolsAreHarmless() {
        var (app, f) = kiosk(480, 320, "M sin graph C M x⁻¹ graph")
        var rng = SplitMix64(seed: 25)
        let keys = CalculatorKey.all
        let image = PixelImage(width: app.width, height: app.height)
        for i in 0..<1_500 {
            if rng.next() % 3 == 0 {
                f.time += 0.05
                app.handle(key: keys[Int(rng.next() % UInt64(keys.count))], time: f.time)
            } else if i % 5 == 0 {
                tap(app, .tools, &f)
            } else {
                f.tap(app, Point(x: Double(rng.next() % UInt64(app.width)), y: Double(rng.next() % UInt64(app.height))))
            }
            _ = app.draw(into: image.buffer)
        }
        #expect(settle(app, limit: 2_000) < 2_000)
    }
}

/// A drag over the table moves the rows drawn and draws only the strip it uncovers: the picture is the
/// one a whole redraw at the same scroll gives, pixel for pixel.
@Suite struct TableScrollTests {
    @Test(arguments: [(800, 480), (480, 800), (320, 240)])
    func aDraggedTableIsTheTableDrawnWhole(_ w: Int, _ h: Int) throws {
        func kiosk() -> KioskApp {
            let app = KioskApp(width: w, height: h, glyphs: BlockGlyphs(), storage: MemoryStateStorage())
            for token in "M sin graph C 1 ÷ M = graph".split(separator: " ") {
                app.handle(key: CalculatorKey(token: String(token))!, time: 1)
            }
            var f = Finger()
            for key in [PaneKey.tools, .tableTool] {
                let r = app.paneKeys.first { $0.key == key }!.rect
                f.tap(app, Point(x: Double(r.x + r.width / 2), y: Double(r.y + r.height / 2)))
            }
            return app
        }
        let dragged = kiosk(), image = PixelImage(width: w, height: h)
        _ = dragged.draw(into: image.buffer)
        var f = Finger()
        let plot = Rect(dragged.plotRect)
        var y = plot.center.y
        f.frame(dragged, [(1, plot.center.x, y, .down)])
        // Up by 44 px in steps of 7.3, then down by 23: fractional moves, whole-pixel scrolls (the first
        // move is within the touch slop: no drag yet).
        var moved = 0
        for dy in Array(repeating: -7.3, count: 6) + Array(repeating: 4.6, count: 5) {
            y += dy
            f.frame(dragged, [(1, plot.center.x, y, .move)])
            if !dragged.draw(into: image.buffer).isEmpty { moved += 1 }
        }
        #expect(moved >= 9)
        f.frame(dragged, [(1, plot.center.x, y, .up)])
        _ = dragged.draw(into: image.buffer)
        let position = try #require(dragged.tools.table)
        #expect(position.firstRow != 0)
        // The same scroll, drawn whole.
        let whole = kiosk()
        whole.session.tools.scrollTable(by: -position.firstRow * ValueTableView.rowHeight(plotHeight: whole.plotRect.height),
                                        rowHeight: ValueTableView.rowHeight(plotHeight: whole.plotRect.height))
        #expect(whole.tools.table == position)
        let reference = PixelImage(width: w, height: h)
        _ = whole.draw(into: reference.buffer)
        let r = dragged.plotRect
        var differing = 0
        for row in r.y..<r.maxY { for x in r.x..<r.maxX where image.buffer.row32(row)[x] != reference.buffer.row32(row)[x] { differing += 1 } }
        #expect(differing == 0, "\(w)x\(h): \(differing) pixels differ")
    }
}

extension GraphToolsTests {
    /// A screen turned from stacked to split while a number is typed shows graph and calculator side by side
    /// when the number is done: the graph is not pushed over the calculator again.
    @Test func aTurnWhileTypingLeavesTheSplitScreenSplit() {
        var (app, f) = kiosk(480, 800)
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        app.resize(width: 800, height: 480, millimetres: nil)
        press(app, "3 =", &f)
        #expect(app.layout.mode == .split && !app.isGraphPushed && app.tools.x == 3)
    }
}
