#if canImport(Glibc)
import Glibc
#endif
import CalculatorBrain
import Kiosk
import Raster
import Typeface

/// `calx bench [--runs N]`: median times of the kiosk's frames, with ratios to the full frame, in one run.
func runBenchCommand(_ arguments: [String]) -> Int32 {
    var runs = 15
    if arguments.count == 2, arguments[0] == "--runs", let n = Int(arguments[1]), n > 0 { runs = n }
    else if !arguments.isEmpty {
        printError("usage: calx bench [--runs N]")
        return 2
    }
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch {
        printError("calx: no font: \(error)")
        return 1
    }
    print("frame                      size        median ms   vs full")
    for (w, h) in [(800, 480), (1920, 1080)] {
        let figures = benchFrames(width: w, height: h, runs: runs, glyphs: glyphs)
        let full = figures[0].1
        for (name, ms) in figures {
            let ratio = full > 0 ? ms / full : 0
            print(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ratio, 3))
        }
    }
    print("target: key-press frame <= 0.100 of a full frame")
    print("")
    print("fill                       size        median ms   vs naive")
    for (w, h) in [(800, 480), (1920, 1080)] {
        for (name, ms, naive) in benchFills(width: w, height: h, runs: runs) {
            print(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ms / naive, 3))
        }
    }
    print("")
    print("turned present, whole frame size        median ms   vs naive")
    for (w, h) in [(800, 480), (1920, 1080)] {
        for (name, ms, naive) in benchTurns(width: w, height: h, runs: runs) {
            print(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ms / naive, 3))
        }
    }
    return 0
}

/// What a turned screen adds per frame: the whole upright picture copied turned into the scanout,
/// against the naive loop that walks the picture in order and writes each pixel at its turned place.
private func benchTurns(width: Int, height: Int, runs: Int) -> [(String, Double, Double)] {
    let picture = PixelImage(width: width, height: height)
    var c = Canvas(buffer: picture.buffer); c.clear(Color(rgb: 0x1F5FD0))
    func median(_ body: () -> Void) -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = monotonicSeconds()
            body()
            samples.append((monotonicSeconds() - start) * 1000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
    var results: [(String, Double, Double)] = []
    for (rotation, format) in [(ScreenRotation.clockwise90, PixelFormat.xrgb8888), (.clockwise90, .rgb565), (.clockwise180, .xrgb8888)] {
        let size = rotation.turned(width: width, height: height)
        let scanoutImage = PixelImage(width: size.width, height: size.height, format: format)
        let scanout = scanoutImage.buffer, source = picture.buffer
        let naive = median {
            for y in 0..<height {
                for x in 0..<width {
                    let p = rotation.scanoutPoint(x: x, y: y, width: width, height: height)
                    if format == .xrgb8888 { scanout.row32(p.y)[p.x] = source.row32(y)[x] }
                    else { scanout.row16(p.y)[p.x] = RGB565.pack(source.row32(y)[x]) }
                }
            }
        }
        let turned = median { scanout.copyRotated(source.bounds, from: source, rotation: rotation) }
        results.append(("turn \(rotation.degrees) (\(format.bytesPerPixel * 8) bpp)", turned, naive))
        withExtendedLifetime(scanoutImage) {}
    }
    return results
}

/// Raster's clear and fills against the naive loop they replace: one pixel at a time,
/// through the buffer's bounds-checked accessors, blending every pixel.
private func benchFills(width: Int, height: Int, runs: Int) -> [(String, Double, Double)] {
    let image = PixelImage(width: width, height: height)
    let buffer = image.buffer
    func median(_ body: () -> Void) -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = monotonicSeconds()
            body()
            samples.append((monotonicSeconds() - start) * 1000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
    let color = Color(rgb: 0x1F5FD0), translucent = Color(rgb: 0x1F5FD0).withAlpha(128)
    let naiveClear = median {
        for y in 0..<height { for x in 0..<width { buffer.row32(y)[x] = color.xrgb } }
    }
    let clear = median { var c = Canvas(buffer: buffer); c.clear(color) }
    let naiveBlend = median {
        for y in 0..<height { for x in 0..<width { buffer.row32(y)[x] = Blend.over(buffer.row32(y)[x], translucent, coverage: 255) } }
    }
    let blend = median { var c = Canvas(buffer: buffer); c.fill(buffer.bounds, translucent) }
    return [("clear (opaque)", clear, naiveClear), ("fill (alpha 128)", blend, naiveBlend)]
}

private func benchFrames(width: Int, height: Int, runs: Int, glyphs: Typeface) -> [(String, Double)] {
    let app = KioskApp(width: width, height: height, glyphs: glyphs, storage: MemoryStateStorage())
    let image = PixelImage(width: width, height: height)
    app.showGraph(GraphProgram(expression: .unary(.tangent, .variable("M")), description: "tan(M)", variable: "M"))
    _ = app.draw(into: image.buffer)
    var t = 10.0
    func timed(_ prepare: () -> Void) -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            prepare()
            let start = monotonicSeconds()
            _ = app.draw(into: image.buffer)
            samples.append((monotonicSeconds() - start) * 1000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
    var results: [(String, Double)] = []
    results.append(("full frame", timed { app.invalidate() }))
    // Key-press frames: the finger lands (key shows pressed), then lifts (display strip and key).
    let key = app.center(of: .digit(7)) ?? (0, 0)
    var down = 0.0, up = 0.0
    for _ in 0..<runs {
        t += 0.05
        app.handle([TouchEvent(id: 1, x: key.x, y: key.y, phase: .down, time: t)])
        var s = monotonicSeconds(); _ = app.draw(into: image.buffer); down += monotonicSeconds() - s
        t += 0.05
        app.handle([TouchEvent(id: 1, x: key.x, y: key.y, phase: .up, time: t)])
        s = monotonicSeconds(); _ = app.draw(into: image.buffer); up += monotonicSeconds() - s
        app.handle(key: .clear, time: t)
        _ = app.draw(into: image.buffer)
    }
    results.append(("key-press frame (down)", down / Double(runs) * 1000))
    results.append(("key-press frame (up)", up / Double(runs) * 1000))
    let pane = app.graphPaneRect
    let cx = Double(pane.x + pane.width / 2), cy = Double(pane.y + pane.height / 2)
    t += 1
    app.handle([TouchEvent(id: 2, x: cx, y: cy, phase: .down, time: t)])
    var x = cx
    results.append(("pan frame", timed {
        t += 0.016; x += 6
        app.handle([TouchEvent(id: 2, x: x, y: cy, phase: .move, time: t)])
    }))
    app.handle([TouchEvent(id: 2, x: x, y: cy, phase: .up, time: t)])
    t += 1
    var d = 100.0
    app.handle([TouchEvent(id: 3, x: cx - d / 2, y: cy, phase: .down, time: t),
                TouchEvent(id: 4, x: cx + d / 2, y: cy, phase: .down, time: t)])
    results.append(("pinch frame", timed {
        t += 0.016; d *= 1.03
        app.handle([TouchEvent(id: 3, x: cx - d / 2, y: cy, phase: .move, time: t),
                    TouchEvent(id: 4, x: cx + d / 2, y: cy, phase: .move, time: t)])
    }))
    return results
}

private func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

private func format(_ v: Double, _ digits: Int) -> String {
    let scale = Double([1, 10, 100, 1000, 10000][min(digits, 4)])
    let r = (v * scale).rounded() / scale
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let fraction = s[s.index(after: dot)...].count
        if fraction < digits { s += String(repeating: "0", count: digits - fraction) }
    }
    return s
}
