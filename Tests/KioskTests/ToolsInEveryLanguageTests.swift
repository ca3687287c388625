import Calculator
@testable import Kiosk
import Grapher
import Locales
import Raster
import Testing

/// The tools as a visitor of any language meets them: the Tools key an icon of the same size in every
/// language, its neighbours' words whole, the tool bar and its prompts in the locale, and the value's x
/// carrying the trace.
@Suite struct ToolsInEveryLanguageTests {
    func kiosk(_ w: Int, _ h: Int, locale: CalxLocale = .english, _ tokens: String) -> (KioskApp, Finger) {
        let app = KioskApp(width: w, height: h, settings: LayoutSettings(locale: locale), glyphs: BlockGlyphs(),
                           storage: MemoryStateStorage())
        var finger = Finger()
        press(app, tokens, &finger)
        return (app, finger)
    }

    // The taps and keys of GraphToolsTests.
    func press(_ app: KioskApp, _ tokens: String, _ finger: inout Finger) { GraphToolsTests().press(app, tokens, &finger) }
    func tap(_ app: KioskApp, _ key: PaneKey, _ finger: inout Finger) { GraphToolsTests().tap(app, key, &finger) }

    /// The Tools key is the same square in every language, and has no word; Back, Fit and Reset are as in
    /// English or wider, and the titles keep a third of the strip less at most the Tools key's place.
    @Test(arguments: CalxLocale.identifiers)
    func theToolsKeyIsASquareIconInEveryLanguage(identifier: String) throws {
        let locale = try #require(CalxLocale.named(identifier))
        for (w, h) in ScreenLayoutTests.sizes + [(320, 240)] {
            let english = ScreenLayout(width: w, height: h)
            let layout = ScreenLayout(width: w, height: h, settings: LayoutSettings(locale: locale))
            let tools = layout.toolsKey
            #expect(tools == english.toolsKey || tools.width == english.toolsKey.width, "\(identifier) \(w)x\(h)")
            #expect(abs(tools.width - tools.height) <= max(2, tools.height / 10), "\(identifier) \(w)x\(h): \(tools) is square")
            #expect(PaneKey.tools.text == nil)
            let left = layout.backKey?.maxX ?? layout.graphTitle.x
            let unit = layout.fitKey.x - layout.toolsKey.maxX
            #expect(tools.x - left >= layout.graphTitle.width / 3 - tools.width - unit, "\(identifier) \(w)x\(h)")
        }
    }

    /// In German the bar's keys and the display strip's prompt are German, the numbers written with a comma.
    @Test func theBarSpeaksTheLocale() throws {
        let german = try #require(CalxLocale.named("de"))
        var (app, f) = kiosk(800, 480, locale: german, "M sin graph")
        tap(app, .tools, &f)
        #expect(ToolBarView.keys(app.tools, layout: app.layout, locale: german).map(\.label) == ["Wert bei x", "Tabelle", "∫ Integral"])
        tap(app, .valueTool, &f)
        #expect(app.readoutContent.description == "Wert bei x: x, dann =")
        press(app, "1 . 5 =", &f)
        #expect(ToolBarView.keys(app.tools, layout: app.layout, locale: german).map(\.label) == ["Wert", "x = 1,5"])
        tap(app, .toolChoice, &f)
        tap(app, .integralTool, &f)
        #expect(app.readoutContent.description == "∫ von: Anfang, dann =")
        press(app, "0 =", &f)
        #expect(app.readoutContent.description == "∫ bis: Ende, dann =")
        press(app, "2 . 5 =", &f)
        #expect(ToolBarView.keys(app.tools, layout: app.layout, locale: german).map(\.label) == ["Integral", "von 0", "bis 2,5"])
        let image = PixelImage(width: app.width, height: app.height)
        _ = app.draw(into: image.buffer)
        let style = try #require(app.plot?.view.style)
        #expect(style.toolWords == ToolWords(from: "von", to: "bis", integralUncertain: "unsicher: Polstelle oder Lücke darin",
                                             slopeUndefined: "dy/dx nicht definiert"))
    }

    /// A typed x moves the trace there, on the newest curve defined there; a held finger still traces where it is.
    @Test func theValuesXCarriesTheTrace() throws {
        var (app, f) = kiosk(800, 480, "M sin graph C M √ graph")
        let image = PixelImage(width: app.width, height: app.height)
        _ = app.draw(into: image.buffer)
        #expect(app.plot?.view.shownTrace == nil)
        tap(app, .tools, &f)
        tap(app, .valueTool, &f)
        press(app, "1 . 2 =", &f)
        _ = app.draw(into: image.buffer)
        let view = try #require(app.plot?.view)
        let root = app.curves.curves[1].id, sine = app.curves.curves[0].id
        #expect(view.shownTrace == TraceReading(curveID: root, x: 1.2, y: 1.2.squareRoot()))
        // Where the newest curve is undefined, the trace goes to the one that is defined.
        tap(app, .editX, &f)
        press(app, "1 ± =", &f)
        _ = app.draw(into: image.buffer)
        #expect(app.plot?.view.shownTrace?.curveID == sine)
        #expect(app.plot?.view.shownTrace?.x == -1)
    }
}
