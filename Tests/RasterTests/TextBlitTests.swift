@testable import Raster
import Testing
import Typeface

/// Glyph rows are blended by one fast loop; it must round exactly like `Blend.over`.
@Suite struct TextBlitTests {
    @Test func rowBlendEqualsBlendOverForEveryCoverageSourceAndDestination() {
        let coverage = (0...255).map { UInt8($0) }
        var pixels = [UInt32](repeating: 0, count: 256)
        for alpha: UInt8 in [255, 254, 128, 77, 1] {
            for s in stride(from: 0, through: 255, by: 1) {
                // Channels differ so every lane (red, green, blue) sees other values.
                let color = Color(red: UInt8(s), green: UInt8(255 - s), blue: UInt8((s * 7) & 255), alpha: alpha)
                for d in stride(from: 0, through: 255, by: alpha == 255 ? 1 : 7) {
                    let dst = UInt32(d) << 16 | UInt32((d * 3) & 255) << 8 | UInt32(255 - d)
                    for i in 0..<256 { pixels[i] = dst }
                    coverage.withUnsafeBufferPointer { c in
                        pixels.withUnsafeMutableBufferPointer { Spans.blendCoverage(c.baseAddress!, into: $0.baseAddress!, count: 256, color) }
                    }
                    for i in 0..<256 where pixels[i] != Blend.over(dst, color, coverage: UInt32(i)) {
                        Issue.record("coverage \(i) colour \(color) on \(String(dst, radix: 16))")
                        return
                    }
                }
            }
        }
    }

    @Test func nonFiniteOrHugePositionsDrawNothing() throws {
        let face = try Typeface.default()
        let layout = TextLayout("8", font: Font(source: face, pixelSize: 20))
        let image = PixelImage(width: 10, height: 10)
        var canvas = Canvas(buffer: image.buffer)
        for (x, y) in [(Double.nan, 5.0), (5, .infinity), (-.infinity, 5), (1e300, 5), (5, -1e12)] {
            canvas.draw(layout, x: x, baseline: y, Color.white)
        }
        #expect(canvas.damage.isEmpty)
        #expect((0..<10).allSatisfy { y in (0..<10).allSatisfy { image.buffer.xrgb(x: $0, y: y) == 0 } })
    }
}
