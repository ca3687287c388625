import Calculator
import GoldenImage
@testable import Kiosk
import Locales
import Raster
import Testing
import Typeface

/// Issue 26: each locale at every supported size, in two scenes that show its words and its decimal separator.
/// `calculator`: degrees, a result, M, an error and the history list over the keypad (beside the empty graph
/// pane where the screen is wide). `graph`: sin(M) × 1,5 zoomed in three times (ticks at 0,5) and moved to
/// show its minimum, Fit, the minimum traced, and the keypad's second page up (pushed over the calculator where the screen
/// is narrow).
/// Record with CALX_RECORD_GOLDEN=1, then look at every picture.
@Suite(.serialized) struct LocaleGoldenTests {
    enum Scene: String, CaseIterable { case calculator, graph }

    /// The layout tests' sizes: 480x320 to 1920x1080 both ways round, and 1024x600.
    static let sizes = ScreenLayoutTests.sizes
    static let cases: [(String, Scene, Int, Int)] = CalxLocale.identifiers.flatMap { locale in
        Scene.allCases.flatMap { scene in sizes.map { (locale, scene, $0.0, $0.1) } }
    }

    @Test(arguments: cases.indices) func screen(_ index: Int) throws {
        let (identifier, scene, w, h) = Self.cases[index]
        let locale = try #require(CalxLocale.named(identifier))
        let app = KioskApp(width: w, height: h, settings: LayoutSettings(locale: locale), glyphs: try Typeface.default(),
                           storage: MemoryStateStorage())
        var t = 1.0
        func press(_ keys: [CalculatorKey]) { for key in keys { t += 0.1; app.handle(key: key, time: t) } }
        switch scene {
        case .calculator:
            press([.angleMode(.degrees), .digit(1), .point, .digit(5), .binary(.add), .digit(1), .equals, .clear,
                   .digit(0), .point, .digit(2), .digit(5), .storeMemory, .digit(2), .binary(.divide), .digit(0), .equals,
                   .historyList])
        case .graph:
            press([.memory, .unary(.sine), .binary(.multiply), .digit(1), .point, .digit(5), .equals, .graph, .secondPage])
            let plot = app.plotRect
            let cx = plot.x + plot.width / 2, cy = plot.y + plot.height / 2
            let fit = try #require(app.layout.rect(of: .fit))
            app.play(try TouchScript(parsing: "wait 500\npinch \(cx) \(cy) 80 240\nwait 500\npan \(cx) \(cy) \(cx + plot.width / 4) \(cy)\n"
                                     + "wait 500\ntap \(fit.x + fit.width / 2) \(fit.y + fit.height / 2)\nwait 500\n", startTime: t))
            let bottom = app.viewport.screenPoint(x: -Double.pi / 2, y: -1.5, in: Rect(app.plotRect))
            app.play(try TouchScript(parsing: "down 1 \(Int(bottom.x)) \(Int(bottom.y) - 4)\nwait 600\n", startTime: t + 3))
        }
        let image = settledPicture(of: app)
        let name = "locale_\(identifier)_\(scene.rawValue)_\(w)x\(h)"
        #expect(goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath)) == nil)
    }
}
