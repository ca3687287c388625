import SeededRandom
import Raster
import Testing


/// Per-pixel definitions the fast primitives must reproduce: coverage is the clamped signed distance
/// at the pixel centre, blended with `Blend.over`.
private enum Reference {
    static func coverage(_ distance: Double) -> UInt32 {
        let c = 0.5 - distance
        if !(c > 0) { return 0 }
        if c >= 1 { return 255 }
        return UInt32(c * 255 + 0.5)
    }

    static func roundedRect(_ image: PixelImage, _ rect: Rect, radius r0: Double, _ color: Color, clip: IntRect) {
        let radius = min(max(0, r0), rect.width / 2, rect.height / 2)
        for py in clip.y..<clip.maxY {
            for px in clip.x..<clip.maxX {
                let qx = abs(Double(px) + 0.5 - rect.center.x) - (rect.width / 2 - radius)
                let qy = abs(Double(py) + 0.5 - rect.center.y) - (rect.height / 2 - radius)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                put(image, px, py, color, coverage(outside + min(max(qx, qy), 0) - radius))
            }
        }
    }

    static func polyline(_ image: PixelImage, _ points: [Point], width: Double, _ color: Color, clip: IntRect) {
        for py in clip.y..<clip.maxY {
            for px in clip.x..<clip.maxX {
                let x = Double(px) + 0.5, y = Double(py) + 0.5
                var best = Double.infinity
                for i in 0..<max(1, points.count - 1) {
                    let p = points[i], q = points[min(i + 1, points.count - 1)]
                    let vx = q.x - p.x, vy = q.y - p.y, wx = x - p.x, wy = y - p.y
                    let len2 = vx * vx + vy * vy
                    let t = len2 > 0 ? min(max((wx * vx + wy * vy) / len2, 0), 1) : 0
                    best = min(best, ((wx - t * vx) * (wx - t * vx) + (wy - t * vy) * (wy - t * vy)).squareRoot())
                }
                put(image, px, py, color, coverage(best - width / 2))
            }
        }
    }

    static func ring(_ image: PixelImage, center: Point, outer: Double, inner: Double, _ color: Color, clip: IntRect) {
        for py in clip.y..<clip.maxY {
            for px in clip.x..<clip.maxX {
                let dx = Double(px) + 0.5 - center.x, dy = Double(py) + 0.5 - center.y
                let d = (dx * dx + dy * dy).squareRoot()
                put(image, px, py, color, min(coverage(d - outer), inner > 0 ? coverage(inner - d) : 255))
            }
        }
    }

    static func put(_ image: PixelImage, _ x: Int, _ y: Int, _ color: Color, _ cov: UInt32) {
        guard cov > 0 else { return }
        let row = image.buffer.row32(y)
        row[x] = Blend.over(row[x], color, coverage: cov)
    }
}

/// The fast rows-and-spans primitives against their per-pixel definitions, on random inputs.
@Suite struct FastPathEquivalenceTests {
    /// Largest channel difference between two pictures, and where.
    private func worstDifference(_ a: PixelImage, _ b: PixelImage) -> (Int, Int, Int) {
        var worst = (0, 0, 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.buffer.xrgb(x: x, y: y), q = b.buffer.xrgb(x: x, y: y)
                for shift in [0, 8, 16] {
                    let d = abs(Int((p >> UInt32(shift)) & 255) - Int((q >> UInt32(shift)) & 255))
                    if d > worst.0 { worst = (d, x, y) }
                }
            }
        }
        return worst
    }

    private func backgrounds(_ rng: inout SplitMix64, _ images: PixelImage...) {
        for y in 0..<images[0].height {
            for x in 0..<images[0].width {
                let v = UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF
                for image in images { image.buffer.row32(y)[x] = v }
            }
        }
    }

    @Test func roundedRectsMatchTheSignedDistanceDefinitionExactly() {
        var rng = SplitMix64(state: 0xF111)
        for round in 0..<300 {
            let fast = PixelImage(width: 71, height: 53), slow = PixelImage(width: 71, height: 53)
            backgrounds(&rng, fast, slow)
            let rect = Rect(x: rng.unit() * 80 - 10, y: rng.unit() * 60 - 10, width: rng.unit() * 60, height: rng.unit() * 50)
            let radius = rng.below(4) == 0 ? 0 : rng.unit() * 30
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            var canvas = Canvas(buffer: fast.buffer)
            let clip = rng.below(2) == 0 ? fast.buffer.bounds
                : IntRect(x: rng.below(40), y: rng.below(30), width: rng.below(50), height: rng.below(40)).intersection(fast.buffer.bounds)
            canvas.clip = clip
            canvas.fill(rect, color, cornerRadius: radius)
            if rect.width > 0, rect.height > 0, !clip.isEmpty { Reference.roundedRect(slow, rect, radius: radius, color, clip: clip) }
            let (d, x, y) = worstDifference(fast, slow)
            #expect(d == 0, "round \(round): \(rect) r=\(radius) clip \(clip) differs by \(d) at \(x),\(y)")
        }
    }

    @Test func polylinesMatchTheNearestSegmentDefinition() {
        var rng = SplitMix64(state: 0x9017)
        for round in 0..<200 {
            let fast = PixelImage(width: 64, height: 48), slow = PixelImage(width: 64, height: 48)
            backgrounds(&rng, fast, slow)
            // Sharp turns, back-tracking, repeated points and steep runs all occur.
            let points = (0..<(1 + rng.below(9))).map { _ in Point(x: rng.unit() * 80 - 8, y: rng.unit() * 64 - 8) }
            let width = 0.3 + rng.unit() * (rng.below(4) == 0 ? 14 : 4)
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            var canvas = Canvas(buffer: fast.buffer)
            canvas.strokePolyline(points, width: width, color)
            Reference.polyline(slow, points, width: width, color, clip: slow.buffer.bounds)
            let (d, x, y) = worstDifference(fast, slow)
            // Segments are clipped to the visible area first, which moves their ends by rounding only.
            #expect(d <= 1, "round \(round): \(points) w=\(width) differs by \(d) at \(x),\(y)")
        }
    }

    /// Strokes wider than one word of chunk bits (64 chunks of 8 pixels), whose area's width is not a
    /// whole number of chunks, so the blend pass walks several words a row and cuts the last chunk.
    @Test func polylinesAcrossSeveralChunkWordsMatch() {
        var rng = SplitMix64(state: 0x51DE)
        for round in 0..<12 {
            let width = 600 + rng.below(200), height = 40
            let fast = PixelImage(width: width, height: height), slow = PixelImage(width: width, height: height)
            backgrounds(&rng, fast, slow)
            let points = (0..<(2 + rng.below(40))).map { i in
                Point(x: Double(i) * Double(width + 20) / 40 - 10 + rng.unit() * 8, y: rng.unit() * 50 - 5)
            }
            let stroke = 0.5 + rng.unit() * 6
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            var canvas = Canvas(buffer: fast.buffer)
            canvas.strokePolyline(points, width: stroke, color)
            Reference.polyline(slow, points, width: stroke, color, clip: slow.buffer.bounds)
            let (d, x, y) = worstDifference(fast, slow)
            #expect(d <= 1, "round \(round): width \(width), stroke \(stroke) differs by \(d) at \(x),\(y)")
        }
    }

    /// One scratch serves strokes of every size in turn (allocated for its canvas's buffer, zeroed only as far
    /// as strokes reach, cleared by each blend, made again for a buffer of another size, as on a new screen):
    /// each stroke draws what it draws on a fresh canvas, under clips that narrow and widen between strokes.
    @Test func aReusedScratchDrawsEachStrokeAsAFreshOneDoes() {
        var rng = SplitMix64(state: 0x5C4A)
        let shared = StrokeScratch()
        let sizes = [(120, 90), (70, 130), (120, 90), (160, 40)]
        for round in 0..<160 {
            let (w, h) = sizes[(round / 20) % sizes.count]
            let reused = PixelImage(width: w, height: h), fresh = PixelImage(width: w, height: h)
            backgrounds(&rng, reused, fresh)
            let clip = rng.below(3) == 0 ? reused.buffer.bounds
                : IntRect(x: rng.below(w / 2), y: rng.below(h / 2), width: 1 + rng.below(w), height: 1 + rng.below(h)).intersection(reused.buffer.bounds)
            let spread = 4 + rng.unit() * 1.2 * Double(max(w, h))
            let points = (0..<(1 + rng.below(8))).map { _ in Point(x: rng.unit() * spread - 10, y: rng.unit() * spread * 0.7 - 10) }
            let width = 0.5 + rng.unit() * 6
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            var canvas = Canvas(buffer: reused.buffer)
            canvas.strokeScratch = shared
            canvas.clip = clip
            canvas.strokePolyline(points, width: width, color)
            var once = Canvas(buffer: fresh.buffer)
            once.clip = clip
            once.strokePolyline(points, width: width, color)
            let (d, x, y) = worstDifference(reused, fresh)
            #expect(d == 0, "round \(round): \(w)x\(h) \(points) w=\(width) clip \(clip) differs by \(d) at \(x),\(y)")
        }
    }

    @Test func graphLikePolylineWithOneVertexPerColumnMatches() {
        let fast = PixelImage(width: 200, height: 120), slow = PixelImage(width: 200, height: 120)
        var a = Canvas(buffer: fast.buffer), b = Canvas(buffer: slow.buffer)
        a.clear(.white); b.clear(.white)
        var points: [Point] = []
        for i in 0..<200 {
            let x = Double(i) + 0.5, t = (x - 100) / 10
            points.append(Point(x: x, y: 60 - 5 * t * (t == 0 ? 1 : (t * 1.3).remainder(dividingBy: 3.1))))
        }
        a.strokePolyline(points, width: 2, Color(rgb: 0x1F5FD0))
        Reference.polyline(slow, points, width: 2, Color(rgb: 0x1F5FD0), clip: slow.buffer.bounds)
        #expect(worstDifference(fast, slow).0 <= 1)
    }

    @Test func discsAndRingsMatchTheDistanceDefinitionExactly() {
        var rng = SplitMix64(state: 0xC1C1)
        for round in 0..<300 {
            let fast = PixelImage(width: 60, height: 50), slow = PixelImage(width: 60, height: 50)
            backgrounds(&rng, fast, slow)
            let center = Point(x: rng.unit() * 80 - 10, y: rng.unit() * 70 - 10)
            let radius = rng.unit() * (rng.below(3) == 0 ? 40 : 8), width = rng.unit() * 6
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            var canvas = Canvas(buffer: fast.buffer)
            let disc = rng.below(2) == 0
            if disc {
                canvas.fillCircle(center: center, radius: radius, color)
                if radius > 0 { Reference.ring(slow, center: center, outer: radius, inner: 0, color, clip: slow.buffer.bounds) }
            } else {
                canvas.strokeCircle(center: center, radius: radius, width: width, color)
                if radius + width / 2 > 0 {
                    Reference.ring(slow, center: center, outer: radius + width / 2, inner: max(0, radius - width / 2), color,
                                   clip: slow.buffer.bounds)
                }
            }
            let (d, x, y) = worstDifference(fast, slow)
            #expect(d == 0, "round \(round): \(disc ? "disc" : "ring") at \(center) r=\(radius) w=\(width) differs by \(d) at \(x),\(y)")
        }
    }

    @Test func maskBlitMatchesBlendOverPerPixel() {
        var rng = SplitMix64(state: 0x3A5C)
        for _ in 0..<100 {
            let fast = PixelImage(width: 40, height: 30), slow = PixelImage(width: 40, height: 30)
            backgrounds(&rng, fast, slow)
            let w = rng.below(30), h = rng.below(25)
            // Runs of 0 and 255 as in glyphs, and everything between.
            let coverage = (0..<(w * h)).map { _ in [0, 255, rng.byte()][rng.below(3)] as UInt8 }
            let mask = GlyphMask(width: w, height: h, coverage: coverage)
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            let x = rng.below(50) - 10, y = rng.below(40) - 10
            var canvas = Canvas(buffer: fast.buffer)
            canvas.draw(mask, x: x, y: y, color)
            for my in 0..<h {
                for mx in 0..<w where fast.buffer.bounds.contains(x: x + mx, y: y + my) {
                    Reference.put(slow, x + mx, y + my, color, UInt32(coverage[my * w + mx]))
                }
            }
            #expect(worstDifference(fast, slow).0 == 0)
        }
    }
}
