import Calculator
import CalculatorBrain
import Grapher
@testable import Kiosk
import Raster
import Testing

/// Several curves on the kiosk: the graph key adds, a tap on a title hides and shows, the state keeps
/// them (format 6) and still reads formats 3 and 4's one graph.
@Suite struct SeveralGraphsTests {
    func request(_ n: Int) -> GraphRequest {
        GraphRequest(program: [.variable("M"), .operation("sin"), .operation("+"), .operand(Double(n)), .operation("=")],
                     angleMode: .radians, variable: "M")!
    }

    func drawn(_ app: KioskApp) -> PixelImage {
        let image = PixelImage(width: app.width, height: app.height)
        var frames = 0
        repeat { _ = app.draw(into: image.buffer); frames += 1 } while app.needsRedraw && frames < 100
        return image
    }

    @Test func tappingATitleHidesItsCurveAndTappingAgainShowsIt() {
        let app = makeApp(800, 480)
        for n in 1...3 { app.showGraph(request(n)) }
        _ = drawn(app)
        let legend = app.screen.graphPane.legend(app.curves, pushed: false, style: app.style)!
        // Newest first: the entry on the left is sin(M) + 3.
        #expect(legend.entries.map(\.text) == ["sin(M) + 3", "sin(M) + 2", "sin(M) + 1"])
        let oldest = legend.entries[2].hitRect
        #expect(oldest.maxX <= app.layout.toolsKey.x && oldest.x >= app.layout.graphPane.x, "beside the keys, inside the pane")
        var f = Finger()
        f.tap(app, Point(x: Double(oldest.x + oldest.width / 2), y: Double(oldest.y + oldest.height / 2)))
        #expect(app.curves.curves.map(\.isHidden) == [true, false, false])
        #expect(app.plot?.view.curves.map(\.isHidden) == [false, false, false], "not drawn yet")
        _ = drawn(app)
        #expect(app.plot?.view.curves.map(\.isHidden) == [true, false, false])
        f.tap(app, Point(x: Double(oldest.x + oldest.width / 2), y: Double(oldest.y + oldest.height / 2)))
        #expect(app.curves.curves.map(\.isHidden) == [false, false, false])
        // The Fit key is still the Fit key.
        #expect(app.screen.graphPane.curveTitle(at: Point(x: Double(app.layout.fitKey.x + app.layout.fitKey.width / 2),
                                                                    y: Double(app.layout.fitKey.y + app.layout.fitKey.height / 2)),
                                             curves: app.curves, pushed: false, style: app.style) == nil)
    }

    /// Six curves at 320x240: no title fits four characters, so the strip numbers them, newest 1, and the plot
    /// tags each curve with the same number (it was five bare "…" and an empty sixth); at 800x480 the titles
    /// fit and nothing is tagged.
    @Test func sixCurvesOnASmallScreenAreNumberedInTheStripAndOnThePlot() throws {
        for (w, h, numbered) in [(320, 240, true), (800, 480, false)] {
            let app = makeApp(w, h)
            for n in 1...6 { app.showGraph(request(n)) }
            _ = drawn(app)
            let legend = try #require(app.screen.graphPane.legend(app.curves, pushed: app.isGraphPushed, style: app.style))
            #expect(legend.isNumbered == numbered)
            let tags = try #require(app.plot?.view.curves.map(\.tag))
            if numbered {
                #expect(legend.entries.map(\.text) == ["1", "2", "3", "4", "5", "6"])
                // Oldest first on the plot: the newest curve is 1, as the strip's first entry.
                #expect(tags == ["6", "5", "4", "3", "2", "1"])
            } else {
                #expect(tags.allSatisfy { $0 == nil })
                #expect(legend.entries.allSatisfy { !$0.text.allSatisfy(\.isNumber) })
            }
        }
    }

    @Test func theGraphKeyAddsUpToTheLimitTheOldestMakingRoom() {
        let app = makeApp(800, 480)
        for n in 1...8 { app.showGraph(request(n)) }
        #expect(app.curves.curves.map(\.program.description) == (3...8).map { "sin(M) + \($0)" })
        #expect(app.graph == request(8))
    }

    @Test func curvesColoursAndHiddenFlagsSurviveARestart() {
        let storage = MemoryStateStorage()
        let app = makeApp(800, 480, storage: storage)
        for n in 1...4 { app.showGraph(request(n)) }
        app.carryOut(.curveTitleTap(app.curves.curves[1].id))
        app.saveNow()
        #expect(String(decoding: storage.bytes!, as: UTF8.self).hasPrefix("calx-state \(PersistedState.formatVersion)\n"))
        let again = makeApp(800, 480, storage: storage)
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.curves.curves.map(\.program) == app.curves.curves.map(\.program))
        #expect(again.curves.curves.map(\.colorIndex) == app.curves.curves.map(\.colorIndex))
        #expect(again.curves.curves.map(\.isHidden) == [false, true, false, false])
    }

    @Test(arguments: [3, 4]) func aOneGraphStateBecomesOneCurve(format: Int) throws {
        let sine = LegacyGraph(expression: .unary(.sine, .variable("M")), description: "sin(M)", variable: "M")
        let bytes = try calxStateCoder().encode(FormatThree(graph: sine, viewport: .standard, graphPushed: false))
        let file = Array("calx-state \(format)\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
        let state = try PersistedState.decode(file, by: calxStateCoder())
        #expect(state.curves.count == 1)
        #expect(state.curves.first?.graph.description == "sin(M)")
        #expect(state.curves.first?.color == 0 && state.curves.first?.hidden == false)
        let app = makeApp(800, 480, storage: MemoryStateStorage(bytes: file))
        #expect(app.messages.isEmpty, "\(app.messages)")
        #expect(app.curves.curves.map(\.program.description) == ["sin(M)"])
    }

    @Test func moreCurvesThanTheLimitIsAnUnreadableFile() throws {
        let one = PersistedState.CurveRecord(graph: request(1), color: 0, hidden: false)
        let state = PersistedState(calculator: nil, curves: Array(repeating: one, count: GraphedCurves.limit + 1), viewport: .standard,
                                   graphPushed: false)
        let bytes = try calxStateCoder().encode(state)
        let file = Array("calx-state \(PersistedState.formatVersion)\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
    }
}

/// How formats 3 to 5 wrote a curve: its expression's nodes and its title.
struct LegacyGraph: Encodable {
    var expression: Expression
    var description: String
    var variable: String
}

/// Formats 3 and 4's payload: one graph (4's calculator adds fields with defaults).
struct FormatThree: Encodable {
    var graph: LegacyGraph
    var viewport: Viewport
    var graphPushed: Bool
}

/// Six long titles at every golden size and on a 7-inch panel: the title strip stays beside the keys,
/// inside the pane, never below the readable minimum.
@Suite struct TitleStripFitTests {
    @Test(arguments: [(800, 480, nil), (480, 800, nil), (1280, 720, nil), (1920, 1080, nil), (720, 1280, nil), (480, 320, nil),
                      (800, 480, (154.0, 86.0))] as [(Int, Int, (Double, Double)?)])
    func sixLongTitlesFitBesideTheKeys(width: Int, height: Int, mm: (Double, Double)?) {
        let app = KioskApp(width: width, height: height, millimetres: mm.map { ScreenMillimetres(width: $0.0, height: $0.1) }, glyphs: BlockGlyphs(),
                           storage: MemoryStateStorage(), coder: calxStateCoder())
        for n in 1...6 {
            let long = String(repeating: "sin(", count: n * 3) + "M" + String(repeating: ")", count: n * 3)
            let sines = [ProgramStep](repeating: .operation("sin"), count: n * 3)
            app.showGraph(GraphRequest(program: [.variable("M")] + sines, angleMode: .radians, variable: "M")!)
            #expect(app.curves.newest?.description == long)
        }
        let pushed = app.isGraphPushed
        let legend = app.screen.graphPane.legend(app.curves, pushed: pushed, style: app.style)!
        let layout = app.layout
        let right = layout.toolsKey.x, left = pushed ? layout.backKey!.maxX : layout.graphPane.x
        #expect(legend.entries.count == 6)
        for e in legend.entries {
            #expect(e.hitRect.x >= left && e.hitRect.maxX <= right, "\(width)x\(height): \(e.hitRect) under a key")
            #expect(e.hitRect.y >= layout.graphTitle.y && e.hitRect.maxY <= layout.graphTitle.maxY)
            #expect(e.textX + e.textWidth <= Double(right))
        }
        let minimum = FittedText.readableMinimum(maxPixelSize: 24, pixelsPerMillimetre: layout.pixelsPerMillimetre)
        #expect(legend.font.pixelSize >= min(minimum, layout.graphTitle.height * 9 / 16))
    }
}
