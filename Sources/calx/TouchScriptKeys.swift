import Calculator
import Kiosk
import Raster

/// The hook for `calx keys --touch FILE [--size WxH]` (KeysCommand.swift calls it):
/// plays the script on the screen's layout, after the typed keys, and prints what `calx keys` prints.
/// Returns the exit status: 2 for a bad script line or token.
func runKeysWithTouchScript(tokens: String, touchPath: String, size: (Int, Int) = (800, 480)) -> Int32 {
    let keys: [CalculatorKey]
    switch KeyTokens.parse(tokens) {
    case .success(let k): keys = k
    case .failure(let bad):
        printError("calx: unknown key '\(bad.token)'")
        return 2
    }
    let script: TouchScript
    switch loadTouchScript(path: touchPath) {
    case .success(let s): script = s
    case .failure(let e):
        printError(e.text)
        return 2
    }
    // Nothing is drawn: the layout needs no glyphs.
    let app = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: MemoryStateStorage())
    var time = 0.5
    for key in keys {
        time += 0.01
        app.handle(key: key, time: time)
    }
    app.play(script)
    print(readouts(display: app.display, description: app.descriptionText, memory: app.memoryReadout,
                   error: app.errorMessage, graphEnabled: app.isGraphEnabled, state: app.calculatorState,
                   curves: app.curves.curves.map(\.program.description)))
    return 0
}

/// A glyph source for runs that never draw.
final class NoGlyphs: GlyphSource {
    func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? { nil }
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
    func metrics(pixelSize: Int) -> FontMetrics { FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
}
