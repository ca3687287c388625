import Calculator
import Kiosk
import Raster

/// `calx keys --touch FILE` and `calx keys --record FILE` (KeysCommand.swift calls it): the typed keys, then
/// the touches `play` gives the app on the screen's layout, in the screen's look and text scale, and what
/// `calx keys` prints in the locale. Returns the exit status: 2 for a bad script or recording.
func runKeysOnScreen(keys: [CalculatorKey], size: (Int, Int), look: KeysLook, settings: LayoutSettings,
                     parameter: ParameterSetting? = nil, play: (KioskApp, _ startTime: Double) -> OptionProblem?) -> Int32 {
    // Nothing is drawn: the layout needs no glyphs.
    let app = KioskApp(width: size.0, height: size.1, theme: look.theme, textScale: look.textScale, settings: settings,
                       glyphs: NoGlyphs(), storage: MemoryStateStorage())
    app.idleAttractSeconds = look.idleAttract
    var time = 0.5
    // The screen's start, as calx shot has it: the idle clocks run from here.
    app.advance(to: time)
    if let parameter { _ = app.setParameter(typed: parameter.typed) }
    for key in keys {
        time += 0.01
        app.handle(key: key, time: time)
    }
    if let problem = play(app, max(1, time + 0.1)) {
        printError("calx keys: \(problem.text)")
        return 2
    }
    // The screen's number has 12 characters; calx keys prints every digit it can prove, as without a screen.
    var shown = app.shown
    if var wide = try? CalculatorController(restoring: app.calculatorState) {
        wide.displayLength = CalculatorController.keysDisplayLength
        shown.display = ShownReadouts(wide.readouts, locale: settings.locale).display
    }
    printLine(readouts(shown, state: app.calculatorState, curves: app.curves.curves.map(\.program.description),
                   locale: settings.locale))
    return 0
}

/// A glyph source for runs that never draw.
package final class NoGlyphs: GlyphSource {
    package init() {}
    package func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? { nil }
    package func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
    package func metrics(pixelSize: Int) -> FontMetrics { FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
}
