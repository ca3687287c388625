#if canImport(Glibc)
import Glibc
#endif
import GoldenImage
import Raster
import Testing

/// Fixed scenes of every primitive, compared with reference pictures in References/.
@Suite struct PrimitiveGoldenTests {
    static let ink = Color(rgb: 0x1F5FD0)
    static let warm = Color(rgb: 0xD0501F)

    @Test func fillsAndRoundedRects() throws {
        let image = PixelImage(width: 320, height: 160)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(.white)
        canvas.fill(IntRect(x: 10, y: 10, width: 60, height: 40), Color(rgb: 0x303438))
        // Sub-pixel edges, then growing radii, then a pill (radius clamped to half the height).
        canvas.fill(Rect(x: 80.25, y: 10.5, width: 60.5, height: 39.75), PixelGoldenColors.green)
        for (i, radius) in [2.0, 6, 12, 20].enumerated() {
            canvas.fill(Rect(x: 10 + Double(i) * 75, y: 60, width: 65, height: 45), PrimitiveGoldenTests.ink, cornerRadius: radius)
        }
        canvas.fill(Rect(x: 150.5, y: 12.3, width: 160, height: 30), PrimitiveGoldenTests.warm, cornerRadius: 100)
        // Translucent over opaque: both alpha paths.
        canvas.fill(Rect(x: 40, y: 115, width: 240, height: 35), PrimitiveGoldenTests.warm.withAlpha(110), cornerRadius: 9)
        canvas.fill(Rect(x: 20.5, y: 120.5, width: 100, height: 20), Color.black.withAlpha(60), cornerRadius: 4)
        try assertMatchesGolden(image.buffer, named: "raster_fills", referencesDirectory: references(#filePath))
    }

    @Test func linesAtManyAnglesAndWidths() throws {
        let image = PixelImage(width: 320, height: 200)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(.white)
        for (ring, width) in [0.75, 1.5, 3, 6].enumerated() {
            let cx = 50 + Double(ring) * 73, cy = 60.0
            for k in 0..<16 {
                let angle = Double(k) * Double.pi / 8 + 0.05
                let a = Point(x: cx + 8 * cosine(angle), y: cy + 8 * sine(angle))
                let b = Point(x: cx + 34 * cosine(angle), y: cy + 34 * sine(angle))
                canvas.strokeLine(from: a, to: b, width: width, k % 2 == 0 ? PrimitiveGoldenTests.ink : .black)
            }
        }
        for (i, width) in [1.0, 2, 4].enumerated() {
            let y = 120 + Double(i) * 22
            canvas.strokeDashedLine(from: Point(x: 10, y: y), to: Point(x: 310, y: y + 8), width: width, dash: 9, gap: 5,
                                    PrimitiveGoldenTests.warm)
        }
        try assertMatchesGolden(image.buffer, named: "raster_lines", referencesDirectory: references(#filePath))
    }

    @Test func polylinesWithSharpTurns() throws {
        let image = PixelImage(width: 320, height: 160)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(.white)
        // A zigzag with turns sharper than 20 degrees, a hairpin, and a translucent stroke whose
        // joins would show darker spots if they blended twice.
        let zigzag = (0..<12).map { Point(x: 12 + Double($0) * 25, y: $0 % 2 == 0 ? 20 : 70) }
        canvas.strokePolyline(zigzag, width: 3, PrimitiveGoldenTests.ink)
        canvas.strokePolyline([Point(x: 20, y: 100), Point(x: 150, y: 110), Point(x: 20, y: 118), Point(x: 150, y: 150)],
                              width: 8, PrimitiveGoldenTests.warm.withAlpha(140))
        var graph: [Point] = []
        for i in 0..<150 {
            let x = 165 + Double(i) + 0.5, t = Double(i) / 12
            graph.append(Point(x: x, y: 125 - 28 * sine(t) * (1 + t / 6)))
        }
        canvas.strokePolyline(graph, width: 2, PrimitiveGoldenTests.ink)
        try assertMatchesGolden(image.buffer, named: "raster_polylines", referencesDirectory: references(#filePath))
    }

    @Test func circlesAndRings() throws {
        let image = PixelImage(width: 320, height: 120)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(.white)
        for (i, radius) in [1.5, 3, 5.5, 10, 22].enumerated() {
            let x = 20 + Double(i) * 60 + Double(i) * 0.3
            canvas.fillCircle(center: Point(x: x, y: 30.5), radius: radius, PrimitiveGoldenTests.ink)
            canvas.fillCircle(center: Point(x: x, y: 85), radius: radius + 1, .white)
            canvas.strokeCircle(center: Point(x: x, y: 85), radius: radius, width: 1.5 + Double(i) * 0.5, .black)
        }
        canvas.fillCircle(center: Point(x: 300, y: 60), radius: 30, PrimitiveGoldenTests.warm.withAlpha(100))
        try assertMatchesGolden(image.buffer, named: "raster_circles", referencesDirectory: references(#filePath))
    }

    @Test func clippingAtEveryEdge() throws {
        let image = PixelImage(width: 200, height: 140)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(Color(rgb: 0xE8E8E8))
        // Shapes straddling each edge of an inner clip, then of the buffer itself.
        canvas.withClip(IntRect(x: 40, y: 30, width: 120, height: 80)) { inner in
            inner.clear(.white)
            inner.fill(Rect(x: 20, y: 50, width: 50, height: 40), PrimitiveGoldenTests.ink, cornerRadius: 10)
            inner.fill(Rect(x: 130, y: 45, width: 50, height: 40), PrimitiveGoldenTests.ink, cornerRadius: 10)
            inner.fillCircle(center: Point(x: 100, y: 30), radius: 14, PrimitiveGoldenTests.warm)
            inner.fillCircle(center: Point(x: 100, y: 110), radius: 14, PrimitiveGoldenTests.warm)
            inner.strokeLine(from: Point(x: 20, y: 20), to: Point(x: 180, y: 120), width: 4, .black)
        }
        canvas.fill(Rect(x: -10, y: -10, width: 40, height: 30), .black, cornerRadius: 12)
        canvas.strokeCircle(center: Point(x: 195, y: 135), radius: 20, width: 3, PrimitiveGoldenTests.ink)
        canvas.strokePolyline([Point(x: -20, y: 130), Point(x: 60, y: 150), Point(x: 210, y: -5)], width: 3, PrimitiveGoldenTests.warm)
        try assertMatchesGolden(image.buffer, named: "raster_clipping", referencesDirectory: references(#filePath))
    }
}

private enum PixelGoldenColors {
    static let green = Color(rgb: 0x2E9E52)
}

private func sine(_ x: Double) -> Double { sin(x) }
private func cosine(_ x: Double) -> Double { cos(x) }
