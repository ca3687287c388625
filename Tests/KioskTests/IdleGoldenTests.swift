import Calculator
import GoldenImage
@testable import Kiosk
import Locales
import Raster
import Testing
import Typeface

/// The attract screen and the countdown as `calx shot` pictures them: a visit, then a touch script of `wait`
/// lines. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite(.serialized) struct IdleGoldenTests {
    enum State: String {
        /// 17.6 s into the attract screen: the second program typed, its curve a third drawn.
        case attract
        /// 6 s left before the reset.
        case countdown
    }

    static let cases: [(State, Int, Int, Theme, Double, String)] = [
        (.attract, 800, 480, .light, 1, "en"), (.attract, 480, 800, .dark, 1, "en"), (.attract, 1280, 720, .highContrast, 1, "en"),
        (.attract, 480, 320, .light, 1.5, "en"),
        (.countdown, 800, 480, .light, 1, "en"), (.countdown, 480, 800, .highContrast, 1.5, "en"), (.countdown, 1920, 1080, .dark, 1, "en"),
        // In the other locales: their words, the demonstration's readout and axes in their number style.
        (.attract, 800, 480, .light, 1, "de"), (.countdown, 800, 480, .highContrast, 1, "de"),
        (.countdown, 480, 800, .light, 1, "fr"), (.attract, 480, 320, .dark, 1.5, "es"),
    ]

    @Test(arguments: cases.indices) func idleScreen(_ index: Int) throws {
        let (state, w, h, theme, scale, identifier) = Self.cases[index]
        let locale = try #require(CalxLocale.named(identifier))
        let app = KioskApp(width: w, height: h, theme: theme, textScale: scale, settings: LayoutSettings(locale: locale),
                           glyphs: try Typeface.default(), storage: MemoryStateStorage())
        app.advance(to: 1)
        var t = 1.0
        for key: CalculatorKey in [.digit(1), .binary(.add), .digit(2), .equals, .memory, .unary(.cosine), .graph] {
            t += 0.1
            app.handle(key: key, time: t)
        }
        switch state {
        case .attract:
            app.idleAttractSeconds = 5
            app.play(try TouchScript(parsing: "wait 5000\nwait 17600\n", startTime: 1.7))
            #expect(abs(app.clock - 24.3) < 1e-9)
            guard case .attract(let since) = app.idlePhase else { Issue.record("\(app.idlePhase)"); return }
            #expect(abs(since - 6.7) < 1e-9)
        case .countdown:
            app.idleResetSeconds = 30
            app.play(try TouchScript(parsing: "wait 24700\n", startTime: 1.7))
            #expect(app.idlePhase == .countdown(secondsLeft: 6))
        }
        let image = app.settledPicture(limit: 16)
        #expect(!app.needsRedraw)
        let name = "\(state.rawValue)_\(w)x\(h)_\(theme.rawValue)" + (scale == 1 ? "" : "_text\(scale)")
            + (identifier == "en" ? "" : "_\(identifier)")
        #expect(goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath)) == nil)
    }
}
