import SeededRandom
import Raster
import Testing

extension SplitMix64 {
    /// Mostly ordinary coordinates around a small buffer, sometimes the values that break naive code.
    mutating func coordinate() -> Double {
        let evil: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, 0, -0.0,
                              1e-300, -3, 1e9, -1e9, 0.5, 2_147_483_648]
        return below(5) == 0 ? evil[below(evil.count)] : unit() * 120 - 30
    }
    mutating func size() -> Double {
        below(6) == 0 ? coordinate() : unit() * 40 - 2
    }
}

/// Memory bigger than the buffer it holds: a guard band of known bytes on every side, which no
/// primitive may touch, whatever it is given.
private final class GuardedBuffer {
    static let band = 16
    static let pattern: UInt8 = 0xA5
    let memory: UnsafeMutableRawPointer
    let byteCount: Int
    let buffer: PixelBuffer

    init(width: Int, height: Int, format: PixelFormat) {
        let g = GuardedBuffer.band
        let stride = (width + 2 * g) * format.bytesPerPixel
        byteCount = stride * (height + 2 * g)
        memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: GuardedBuffer.pattern, count: byteCount)
        buffer = PixelBuffer(base: memory + g * stride + g * format.bytesPerPixel, width: width, height: height,
                             strideBytes: stride, format: format)!
    }
    deinit { memory.deallocate() }

    /// Offsets of bytes that are not the pattern but lie outside `inside` (in buffer pixels).
    func changedBytes(outside inside: IntRect) -> [Int] {
        let bpp = buffer.format.bytesPerPixel
        let origin = buffer.base - memory
        var changed: [Int] = []
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for offset in 0..<byteCount where bytes[offset] != GuardedBuffer.pattern {
            let relative = offset - origin
            let y = relative >= 0 ? relative / buffer.strideBytes : -1
            let xByte = relative - y * buffer.strideBytes
            let x = xByte / bpp
            let inBuffer = relative >= 0 && y < buffer.height && xByte < buffer.width * bpp
            if !(inBuffer && inside.contains(x: x, y: y)) { changed.append(offset) }
        }
        return changed
    }
}

/// No primitive writes outside the clip or the buffer, for any input.
@Suite struct GuardBandTests {
    static let colors = [Color(rgb: 0x1F5FD0), Color(rgb: 0xFFFFFF), Color(red: 200, green: 10, blue: 90, alpha: 128),
                         Color(red: 0, green: 0, blue: 0, alpha: 1)]

    private func drawRandomPrimitive(_ canvas: inout Canvas, _ rng: inout SplitMix64) -> String {
        let color = GuardBandTests.colors[rng.below(GuardBandTests.colors.count)]
        func point() -> Point { Point(x: rng.coordinate(), y: rng.coordinate()) }
        switch rng.below(10) {
        case 0:
            canvas.clear(color); return "clear"
        case 1:
            let r = IntRect(x: rng.below(200) - 100, y: rng.below(200) - 100,
                            width: rng.below(8) == 0 ? Int.max / 2 : rng.below(120) - 10,
                            height: rng.below(8) == 0 ? -5 : rng.below(120) - 10)
            canvas.fill(r, color); return "fill \(r)"
        case 2, 3:
            let r = Rect(x: rng.coordinate(), y: rng.coordinate(), width: rng.size(), height: rng.size())
            let radius = rng.below(3) == 0 ? rng.coordinate() : rng.unit() * 20
            canvas.fill(r, color, cornerRadius: radius); return "rounded \(r) r=\(radius)"
        case 4:
            let a = point(), b = point(), w = rng.size()
            canvas.strokeLine(from: a, to: b, width: w, color); return "line \(a) \(b) w=\(w)"
        case 5:
            let pts = (0..<(1 + rng.below(12))).map { _ in point() }, w = rng.size()
            canvas.strokePolyline(pts, width: w, color); return "polyline \(pts) w=\(w)"
        case 6:
            let a = point(), b = point(), w = rng.size(), dash = rng.size(), gap = rng.size()
            canvas.strokeDashedLine(from: a, to: b, width: w, dash: dash, gap: gap, color)
            return "dashed \(a) \(b) w=\(w) \(dash)/\(gap)"
        case 7:
            let c = point(), r = rng.size()
            canvas.fillCircle(center: c, radius: r, color); return "disc \(c) r=\(r)"
        case 8:
            let c = point(), r = rng.size(), w = rng.size()
            canvas.strokeCircle(center: c, radius: r, width: w, color); return "ring \(c) r=\(r) w=\(w)"
        default:
            let w = rng.below(40), h = rng.below(40)
            let mask = GlyphMask(width: w, height: h, coverage: (0..<(w * h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            let x = rng.below(8) == 0 ? Int.max / 4 : rng.below(160) - 60, y = rng.below(160) - 60
            canvas.draw(mask, x: x, y: y, color); return "mask \(w)x\(h) at \(x),\(y)"
        }
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func primitivesStayInsideClipAndBuffer(format: PixelFormat) {
        var rng = SplitMix64(state: format == .xrgb8888 ? 0x6A7D_0001 : 0x6A7D_0002)
        let sizes = [(0, 0), (0, 7), (9, 0), (1, 1), (37, 23), (64, 48)]
        var drewSomething = 0
        for round in 0..<400 {
            let (w, h) = sizes[round % sizes.count]
            let guarded = GuardedBuffer(width: w, height: h, format: format)
            var canvas = Canvas(buffer: guarded.buffer)
            if rng.below(3) > 0 {
                canvas.clip = IntRect(x: rng.below(w + 10) - 5, y: rng.below(h + 10) - 5, width: rng.below(w + 10), height: rng.below(h + 10))
            }
            canvas.originX = rng.below(41) - 20
            canvas.originY = rng.below(41) - 20
            let clip = canvas.clip
            var drawn: [String] = []
            for _ in 0..<4 { drawn.append(drawRandomPrimitive(&canvas, &rng)) }
            let changed = guarded.changedBytes(outside: clip)
            #expect(changed.isEmpty, "round \(round) \(w)x\(h) clip \(clip): wrote outside at \(changed.prefix(4)) after \(drawn)")
            for rect in canvas.damage.rects {
                #expect(clip.intersection(rect) == rect, "damage \(rect) outside clip \(clip) after \(drawn)")
            }
            if !canvas.damage.isEmpty { drewSomething += 1 }
        }
        // The inputs are not all degenerate: many rounds with a non-empty buffer really drew.
        #expect(drewSomething > 60)
    }
}
