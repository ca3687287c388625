#if canImport(Glibc)
import Glibc
#endif
import CalculatorBrain
import Kiosk
import Platform
import Raster
import Typeface

/// `calx bench [--runs N]`: median times of the kiosk's frames, with ratios to the full frame, in one run.
/// (The CPU per key of each kind as a session grows is the lab's: `calx-lab bench-keys`.)
func runBenchCommand(_ arguments: [String]) -> Int32 {
    let options: BenchOptions
    do throws(OptionProblem) { options = try BenchOptions(arguments) } catch {
        printError("calx bench: \(error.text)\n\(Usages.bench.synopsis) (calx bench --help lists them)")
        return 2
    }
    let (runs, frames, kind, size, attract) = (options.runs, options.frames, options.kind, options.size, options.attract)
    if let rotation = options.copy, let size {
        let bench = CopyBench(width: size.0, height: size.1, rotation: rotation)
        var written = 0
        for _ in 0..<frames { written += bench.measuredPresent() }
        printLine("copy=\(rotation.rawValue) size=\(size.0)x\(size.1) frames=\(frames) pixels_per_frame=\(written / frames)")
        return 0
    }
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch {
        printError("calx: no font: \(error)")
        return 1
    }
    if let seconds = attract, let size {
        let run = AttractBench(width: size.0, height: size.1, glyphs: glyphs).measuredRun(seconds: seconds)
        printLine("attract size=\(size.0)x\(size.1) seconds=\(format(seconds, 1)) frames=\(run.frames)"
              + " frames_per_second=\(format(Double(run.frames) / seconds, 2))"
              + " damaged_pixels_per_second=\(Int(Double(run.damagedPixels) / seconds))")
        return 0
    }
    if let kind, let size {
        runFrameCommand(kind: kind, width: size.0, height: size.1, frames: frames, glyphs: glyphs)
        return 0
    }
    printLine("frame                      size        median ms   vs full")
    for (w, h) in [(800, 480), (1920, 1080)] {
        let figures = benchFrames(width: w, height: h, runs: runs, glyphs: glyphs)
        let full = figures[0].1
        for (name, ms) in figures {
            let ratio = full > 0 ? ms / full : 0
            printLine(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ratio, 3))
        }
    }
    printLine("target: key-press frame <= 0.100 of a full frame")
    printLine("")
    printLine("fill                       size        median ms   vs naive")
    for (w, h) in [(800, 480), (1920, 1080)] {
        for (name, ms, naive) in benchFills(width: w, height: h, runs: runs) {
            printLine(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ms / naive, 3))
        }
    }
    printLine("")
    printLine("turned present, whole frame size        median ms   vs naive")
    for (w, h) in [(800, 480), (1920, 1080)] {
        for (name, ms, naive) in benchTurns(width: w, height: h, runs: runs) {
            printLine(pad(name, 26) + " " + pad("\(w)x\(h)", 11) + " " + pad(format(ms, 3), 11) + " " + format(ms / naive, 3))
        }
    }
    return 0
}

/// What a turned screen adds per frame: the whole upright picture copied turned into the scanout,
/// against the naive loop that walks the picture in order and writes each pixel at its turned place.
private func benchTurns(width: Int, height: Int, runs: Int) -> [(String, Double, Double)] {
    let picture = PixelImage(width: width, height: height)
    var c = Canvas(buffer: picture.buffer); c.clear(Color(rgb: 0x1F5FD0))
    func median(_ body: () -> Void) -> Double { medianMilliseconds(runs: runs, body) }
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
    func median(_ body: () -> Void) -> Double { medianMilliseconds(runs: runs, body) }
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
    let bench = FrameBench(width: width, height: height, glyphs: glyphs)
    return BenchFrame.allCases.map { kind in
        (kind.tableName, medianMilliseconds(runs: runs, prepare: { bench.prepare(kind) }) { _ = bench.measuredDraw() })
    }
}

extension BenchFrame {
    /// The name in `calx bench`'s table. A switch, not a dictionary: the graph tools' two kinds were added
    /// to the enumeration and not to the dictionary, and `calx bench` trapped on the missing name.
    var tableName: String {
        switch self {
        case .full: "full frame"
        case .keyDown: "key-press frame (down)"
        case .keyUp: "key-press frame (up)"
        case .pan: "pan frame"
        case .pinch: "pinch frame"
        case .tableDrag: "table drag frame"
        case .integral: "integral frame"
        }
    }
}

/// The median time of `body` over `runs` runs, in milliseconds; `prepare` runs untimed before each.
private func medianMilliseconds(runs: Int, prepare: () -> Void = {}, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        prepare()
        let start = monotonicSeconds()
        body()
        samples.append((monotonicSeconds() - start) * 1000)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// `calx bench --frame KIND --size WxH --frames N`: N frames of one kind, for callgrind
/// (scripts/bench/frames.sh counts the instructions of `measuredDraw` alone).
private func runFrameCommand(kind: BenchFrame, width: Int, height: Int, frames: Int, glyphs: Typeface) {
    let bench = FrameBench(width: width, height: height, glyphs: glyphs)
    var damaged = 0, damagedPixels = 0, values = 0, enclosures = 0
    for _ in 0..<frames {
        bench.prepare(kind)
        let before = bench.app.lastGraphEvaluations
        let damage = bench.measuredDraw()
        damaged += damage.count
        damagedPixels += damage.reduce(0) { $0 + $1.area }
        // A frame that left the plot alone left its last curve alone too.
        if let after = bench.app.lastGraphEvaluations, before.map({ $0 != after }) ?? true {
            values += after.values
            enclosures += after.enclosures
        }
    }
    // damage_pixels: the whole run's rectangles' areas summed, as the display copies them (scripts/bench/arm64.sh's Pi model).
    printLine("frame=\(kind.rawValue) size=\(width)x\(height) frames=\(frames) damage_rects=\(damaged) damage_pixels=\(damagedPixels)"
          + " values_per_frame=\(values / frames) enclosures_per_frame=\(enclosures / frames)")
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
