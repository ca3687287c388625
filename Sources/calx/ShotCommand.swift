import Calculator
import CalculatorBrain
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Raster
import RasterPNG
import Typeface

/// `calx shot --size WxH [--theme T] [--keys TOKENS] [--touch FILE] [--state FILE] [--mm WxH] [--idle-reset SECONDS] --out FILE.png`
func runShotCommand(_ arguments: [String]) -> Int32 {
    var size: (Int, Int)?
    var theme = Theme.light
    var keys: String?
    var touchPath: String?
    var statePath: String?
    var outPath: String?
    var millimetres: ScreenMillimetres?
    var idleReset: Double?
    var i = 0
    func value() -> String? {
        i += 1
        return i < arguments.count ? arguments[i] : nil
    }
    while i < arguments.count {
        let flag = arguments[i]
        switch flag {
        case "--size":
            guard let v = value(), let s = parseSize(v) else { return shotUsage("--size needs WxH") }
            size = s
        case "--mm":
            guard let v = value(), let s = parseMillimetres(v) else { return shotUsage("--mm needs WxH in millimetres, each from 1 to 10000") }
            millimetres = s
        case "--theme":
            guard let v = value(), let t = Theme(rawValue: v) else { return shotUsage("--theme is light or dark") }
            theme = t
        case "--keys":
            guard let v = value() else { return shotUsage("--keys needs TOKENS") }
            keys = v
        case "--touch":
            guard let v = value() else { return shotUsage("--touch needs FILE") }
            touchPath = v
        case "--state":
            guard let v = value() else { return shotUsage("--state needs FILE") }
            statePath = v
        case "--idle-reset":
            guard let v = value(), let seconds = parseIdleReset(v) else {
                return shotUsage("--idle-reset needs seconds from 0 (off) to \(Int(maximumIdleReset))")
            }
            idleReset = seconds
        case "--out":
            guard let v = value() else { return shotUsage("--out needs FILE.png") }
            outPath = v
        default:
            return shotUsage("unknown option '\(flag)'")
        }
        i += 1
    }
    guard let (width, height) = size else { return shotUsage("--size is required") }
    guard let outPath else { return shotUsage("--out is required") }

    let keySequence: [CalculatorKey]
    switch KeyTokens.parse(keys ?? "") {
    case .success(let k): keySequence = k
    case .failure(let bad):
        printError("calx: unknown key '\(bad.token)'")
        return 2
    }
    var script: TouchScript?
    if let touchPath {
        switch loadTouchScript(path: touchPath) {
        case .success(let s): script = s
        case .failure(let message):
            printError(message.text)
            return 2
        }
    }
    let glyphs: Typeface
    do {
        glyphs = try Typeface.default()
    } catch {
        printError("calx: no font: \(error)")
        return 1
    }
    let storage: any StateStorage = statePath.map { FileStateStorage(path: $0) } ?? MemoryStateStorage()
    let app = KioskApp(width: width, height: height, millimetres: millimetres, theme: theme, glyphs: glyphs, storage: storage)
    app.idleResetSeconds = idleReset
    var time = 1.0
    for key in keySequence {
        time += 0.1
        app.handle(key: key, time: time)
    }
    if let script {
        app.play(script)
        time = max(time, script.endTime)
    }
    if statePath != nil { app.saveNow() }
    for line in app.messages { printError(line) }
    let image = PixelImage(width: width, height: height)
    // As the screen would settle: a graph that ran out of budget completes over a few more frames.
    var frames = 0
    repeat {
        _ = app.draw(into: image.buffer)
        frames += 1
    } while app.needsRedraw && frames < 16
    do {
        // The picture is not needed after: the PNG rows are packed in its memory.
        try PNGFile.writeConsumingPixels(image.buffer, path: outPath)
    } catch {
        printError("calx: cannot write \(outPath): \(error)")
        return 1
    }
    return 0
}

private func shotUsage(_ problem: String) -> Int32 {
    printError("calx shot: \(problem)\nusage: calx shot --size WxH [--theme T] [--keys TOKENS] [--touch FILE] [--state FILE] [--idle-reset SECONDS] --out FILE.png")
    return 2
}

/// "800x480" → (800, 480), within what a screen can be.
func parseSize(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h)
    else { return nil }
    return (w, h)
}

/// "154x86" millimetres, each from 1 mm to 10 m: a screen's size, not a number that would make
/// pixels per millimetre overflow.
private func parseMillimetres(_ text: String) -> ScreenMillimetres? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), (1...10_000).contains(w), (1...10_000).contains(h)
    else { return nil }
    return ScreenMillimetres(width: w, height: h)
}
