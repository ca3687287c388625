import Calculator
import CalculatorBrain
@testable import Kiosk
import Raster
import Testing

/// Glyphs as solid blocks: deterministic text metrics without a font file.
final class BlockGlyphs: GlyphSource {
    var cache: [Int: Glyph] = [:]
    func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
        if scalar == " " { return Glyph(mask: GlyphMask(width: 0, height: 0, coverage: []), bearingX: 0, bearingY: 0,
                                        advance: Double(pixelSize) * 0.3) }
        if let g = cache[pixelSize] { return g }
        let w = max(1, pixelSize / 2), h = max(1, pixelSize * 7 / 10)
        let g = Glyph(mask: GlyphMask(width: w, height: h, coverage: [UInt8](repeating: 255, count: w * h)),
                      bearingX: pixelSize / 20, bearingY: h, advance: Double(pixelSize) * 0.6)
        cache[pixelSize] = g
        return g
    }
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double { 0 }
    func metrics(pixelSize: Int) -> FontMetrics {
        FontMetrics(ascent: Double(pixelSize) * 0.8, descent: Double(pixelSize) * 0.2, lineHeight: Double(pixelSize) * 1.2)
    }
}

/// A test double for the controller: typed digits show in the display, graph freezes a fixed program.
/// It lets the screen's own behaviour be tested on its own.
final class RecordingCalculator: CalculatorModel {
    var pressed: [CalculatorKey] = []
    var typed = ""
    var pending = false
    var failRestore = false
    func press(_ key: CalculatorKey) -> GraphRequest? {
        pressed.append(key)
        switch key {
        case .digit(let d): typed += String(d)
        case .binary: pending = true
        case .equals: pending = false
        case .clear: typed = ""; pending = false
        case .graph:
            return GraphRequest(program: [.variable("M"), .operation("sin")], angleMode: .radians, variable: "M")
        default: break
        }
        return nil
    }
    var readouts: CalculatorController.Readouts {
        CalculatorController.Readouts(display: typed.isEmpty ? "0" : typed, description: pending ? "… pending" : "",
                                      isGraphEnabled: !pending)
    }
    var state: CalculatorController.State { CalculatorController.State(typing: typed.isEmpty ? nil : typed) }
    func restore(_ state: CalculatorController.State) throws { typed = state.typing ?? "" }
}

/// Touch frames for tests, with a clock that advances by a step per frame.
struct Finger {
    var time = 10.0
    mutating func frame(_ app: KioskApp, _ events: [(Int, Double, Double, TouchEvent.Phase)], dt: Double = 0.02) {
        time += dt
        app.handle(events.map { TouchEvent(id: $0.0, x: $0.1, y: $0.2, phase: $0.3, time: time) })
    }
    mutating func tap(_ app: KioskApp, _ p: Point) {
        frame(app, [(1, p.x, p.y, .down)])
        frame(app, [(1, p.x, p.y, .up)])
    }
}

func makeApp(_ w: Int, _ h: Int, storage: MemoryStateStorage = MemoryStateStorage(),
             model: RecordingCalculator = RecordingCalculator()) -> KioskApp {
    KioskApp(width: w, height: h, glyphs: BlockGlyphs(), storage: storage, model: model)
}

extension KioskApp {
    /// The screen drawn frame after frame until it settles (samples refined, points searched to the end), at
    /// most `limit` frames: the picture a shot or a golden takes.
    func settledPicture(limit: Int = 100) -> PixelImage {
        let image = PixelImage(width: width, height: height)
        var frames = 0
        repeat {
            _ = draw(into: image.buffer)
            frames += 1
        } while needsRedraw && frames < limit
        return image
    }
}

/// The app's picture once it has settled; records an issue if it never settles.
func settledPicture(of app: KioskApp) -> PixelImage {
    let image = app.settledPicture()
    #expect(!app.needsRedraw)
    return image
}
