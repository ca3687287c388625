@testable import Raster
import Testing
import Typeface

/// A text's halo: its ink grown by a radius, to knock out what lies under the text.
@Suite struct TextHaloTests {
    /// Every pixel the text inks is fully under its halo, so is every pixel within the radius of a fully inked
    /// one, and nothing beyond the radius plus one of all ink.
    @Test(arguments: [1, 2, 3]) func theHaloCoversTheInkAndItsNeighboursWithinTheRadius(radius: Int) throws {
        let face = try Typeface.default()
        let layout = TextLayout("−2.5e-7", font: Font(source: face, pixelSize: 15))
        let halo = TextHalo(layout, radius: radius)
        // The text and the halo drawn as a label draws them: coverage as red, halo as green.
        let w = 120, h = 40, x = 10, baseline = 25
        let text = PixelImage(width: w, height: h), ring = PixelImage(width: w, height: h)
        var canvas = Canvas(buffer: text.buffer)
        canvas.draw(layout, x: Double(x), baseline: Double(baseline), Color(red: 255, green: 0, blue: 0))
        var haloCanvas = Canvas(buffer: ring.buffer)
        haloCanvas.draw(halo, x: x, baseline: baseline, Color(red: 0, green: 255, blue: 0))
        func ink(_ px: Int, _ py: Int) -> Int { px < 0 || py < 0 || px >= w || py >= h ? 0 : Int(text.buffer.xrgb(x: px, y: py) >> 16 & 0xFF) }
        func cover(_ px: Int, _ py: Int) -> Int { Int(ring.buffer.xrgb(x: px, y: py) >> 8 & 0xFF) }
        var inked = 0
        for py in 0..<h {
            for px in 0..<w {
                if ink(px, py) > 0 { inked += 1; #expect(cover(px, py) >= ink(px, py), "ink at \(px),\(py) not under the halo") }
                var nearFull = false, nearAny = false
                for dy in -(radius + 1)...(radius + 1) {
                    for dx in -(radius + 1)...(radius + 1) {
                        let d2 = dx * dx + dy * dy
                        if ink(px + dx, py + dy) == 255 && abs(dx) + abs(dy) <= radius { nearFull = true }
                        if ink(px + dx, py + dy) > 0 && d2 <= (radius + 1) * (radius + 1) { nearAny = true }
                    }
                }
                if nearFull { #expect(cover(px, py) == 255, "\(px),\(py) within \(radius) of full ink, halo \(cover(px, py))") }
                if !nearAny { #expect(cover(px, py) == 0, "\(px),\(py) far from ink, halo \(cover(px, py))") }
            }
        }
        #expect(inked > 40)
    }

    @Test func emptyTextHasAnEmptyHalo() throws {
        let halo = TextHalo(TextLayout(" ", font: Font(source: try Typeface.default(), pixelSize: 15)), radius: 2)
        #expect(halo.mask.width == 0 || halo.mask.coverage.allSatisfy { $0 == 0 })
    }
}
