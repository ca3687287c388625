import Calculator
import CalculatorBrain
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Platform
import Raster
import RasterPNG
import TouchCalibration
import Typeface

/// `calx shot --size WxH --out FILE.png|- [OPTIONS]` (`Usages.shot`)
func runShotCommand(_ arguments: [String]) -> Int32 {
    let options: ShotOptions
    switch ShotOptions.parse(arguments) {
    case .success(let o): options = o
    case .failure(let problem): return shotUsage(problem.text)
    }
    let (width, height) = options.size
    let glyphs: Typeface
    do {
        glyphs = try Typeface.default()
    } catch {
        printError("calx: no font: \(error)")
        return 1
    }
    if let step = options.calibration {
        let image = PixelImage(width: width, height: height)
        _ = CalibrationScreen.draw(step.session(width: width, height: height), into: image.buffer, glyphs: glyphs)
        return writePNG(image, to: options.out)
    }
    let file = options.statePath.map { FileStateStorage(path: $0) }
    let app = KioskApp(width: width, height: height, millimetres: options.millimetres, theme: options.theme,
                       textScale: options.textScale, settings: options.layout, glyphs: glyphs,
                       storage: file ?? MemoryStateStorage())
    app.idleResetSeconds = options.idleReset
    app.idleAttractSeconds = options.idleAttract
    var time = 1.0
    // The picture's start, as a board's boot: the idle clocks run from here, whatever comes first.
    app.advance(to: time)
    if let parameter = options.parameter { _ = app.setParameter(typed: parameter.typed) }
    for key in options.keys {
        time += 0.1
        app.handle(key: key, time: time)
    }
    if let touch = options.touch, let problem = touch.play(into: app) {
        for line in app.messages { printError(line) }
        printError("calx shot: \(problem.text)")
        return 2
    }
    if let playback = options.playback {
        switch playback.play(into: app, startTime: time + 0.1) {
        case .success(let outcome):
            for line in outcome.lines { printError(line.hasPrefix("calx") ? line : "calx shot: \(line)") }
            // The recording ended on the calibration screen: that is what the screen shows.
            if let session = outcome.calibrating {
                let image = PixelImage(width: width, height: height)
                _ = CalibrationScreen.draw(session, into: image.buffer, glyphs: glyphs)
                return writePNG(image, to: options.out)
            }
        case .failure(let problem):
            printError("calx shot: \(problem.text)")
            return 2
        }
    }
    if file != nil { app.saveNow() }
    for line in app.messages { printError(line) }
    if let file, let failure = file.lastSaveFailure {
        printError("calx shot: --state \(file.file.path.quotedForMessage): cannot save: \(failure)")
        return 1
    }
    // The start-up's code and read-only data go out of the resident set before the picture comes in: what the
    // drawing reads comes back, and the peak is the picture and that (docs/performance.md, memory).
    UnwrittenFilePages.release()
    let image = PixelImage(width: width, height: height)
    drawSettled(app, into: image)
    return writePNG(image, to: options.out)
}

/// The frames of a shot, as the screen would settle: a graph that ran out of budget completes over a few more
/// frames. Never inlined: scripts/build/symbol-order.sh profiles it alone, to put what it runs first in `.text`.
@inline(never)
func drawSettled(_ app: KioskApp, into image: PixelImage) {
    var frames = 0
    repeat {
        _ = app.draw(into: image.buffer)
        frames += 1
    } while app.needsRedraw && frames < 16
}

/// The picture as a PNG at `out`; the exit status.
private func writePNG(_ image: PixelImage, to out: OutputFile) -> Int32 {
    let png: [UInt8]
    do {
        // The picture is not needed after: the PNG rows are packed in its memory.
        png = try PNGCodec.encodeConsumingPixels(image.buffer)
    } catch {
        printError("calx shot: cannot make the PNG: \(error.message)")
        return 1
    }
    do { try out.write(png) } catch {
        printError("calx shot: --out: cannot write: \(error)")
        return 1
    }
    return 0
}

private func shotUsage(_ problem: String) -> Int32 {
    printError("calx shot: \(problem)\n\(Usages.shot.synopsis) (calx shot --help lists them)")
    return 2
}

/// "154x86" millimetres, each from 1 mm to 10 m: a screen's size, not a number that would make
/// pixels per millimetre overflow.
func parseMillimetres(_ text: String) -> ScreenMillimetres? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), (1...10_000).contains(w), (1...10_000).contains(h)
    else { return nil }
    return ScreenMillimetres(width: w, height: h)
}
