import Raster
import Testing
@testable import Typeface

private struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

/// The fast text blit must give exactly the pixels of Raster's general mask drawing.
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
                        pixels.withUnsafeMutableBufferPointer { blendCoverageRow(c, into: $0, color) }
                    }
                    for i in 0..<256 where pixels[i] != Blend.over(dst, color, coverage: UInt32(i)) {
                        Issue.record("coverage \(i) colour \(color) on \(String(dst, radix: 16))")
                        return
                    }
                }
            }
        }
    }

    @Test func drawTextMatchesCanvasDrawForRandomTextClipsAndOrigins() throws {
        let face = try Typeface.default()
        var rng = SplitMix64(state: 0x7E57)
        let alphabet = Array("0123456789.,-+−×÷√πx²³⁻¹eˣAVWgjQ@ ")
        var roundsWithInk = 0
        for round in 0..<60 {
            let size = 6 + rng.below(60)
            let text = String((0..<(1 + rng.below(10))).map { _ in alphabet[rng.below(alphabet.count)] })
            let layout = TextLayout(text, font: Font(source: face, pixelSize: size))
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.below(3) == 0 ? rng.byte() : 255)
            let format: PixelFormat = round % 7 == 6 ? .rgb565 : .xrgb8888
            let expected = PixelImage(width: 97, height: 61, format: format)
            let actual = PixelImage(width: 97, height: 61, format: format)
            var a = Canvas(buffer: expected.buffer), b = Canvas(buffer: actual.buffer)
            let background = Color(rgb: UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF)
            a.clear(background); b.clear(background)
            let clip = IntRect(x: rng.below(50) - 10, y: rng.below(40) - 10, width: rng.below(110), height: rng.below(80))
            a.clip = clip; b.clip = clip
            a.originX = rng.below(21) - 10; a.originY = rng.below(21) - 10
            b.originX = a.originX; b.originY = a.originY
            let x = Double(rng.below(120) - 40) + Double(rng.below(4)) / 4
            let baseline = Double(rng.below(100) - 20) + Double(rng.below(4)) / 4
            a.damage = DamageRegion(); b.damage = DamageRegion()
            a.draw(layout, x: x, baseline: baseline, color)
            b.drawText(layout, x: x, baseline: baseline, color)
            for py in 0..<61 {
                for px in 0..<97 where expected.buffer.xrgb(x: px, y: py) != actual.buffer.xrgb(x: px, y: py) {
                    Issue.record("round \(round) \"\(text)\" at \(size) px differs at (\(px), \(py))")
                    return
                }
            }
            // Damage covers every changed pixel and stays inside the clip.
            let reference = PixelImage(width: 97, height: 61, format: format)
            var blank = Canvas(buffer: reference.buffer)
            blank.clear(background)
            let damaged = b.damage.bounds
            #expect(damaged.isEmpty || clip.intersection(actual.buffer.bounds).union(damaged) == clip.intersection(actual.buffer.bounds))
            var changed = 0
            for py in 0..<61 {
                for px in 0..<97 where actual.buffer.xrgb(x: px, y: py) != reference.buffer.xrgb(x: px, y: py) {
                    changed += 1
                    #expect(damaged.contains(x: px, y: py))
                }
            }
            if changed > 0 { roundsWithInk += 1 }
        }
        #expect(roundsWithInk > 20, "most rounds put text inside the clip")
    }

    @Test func nonFiniteOrHugePositionsDrawNothing() throws {
        let face = try Typeface.default()
        let layout = TextLayout("8", font: Font(source: face, pixelSize: 20))
        let image = PixelImage(width: 10, height: 10)
        var canvas = Canvas(buffer: image.buffer)
        for (x, y) in [(Double.nan, 5.0), (5, .infinity), (-.infinity, 5), (1e300, 5), (5, -1e12)] {
            canvas.drawText(layout, x: x, baseline: y, Color.white)
        }
        #expect(canvas.damage.isEmpty)
        #expect((0..<10).allSatisfy { y in (0..<10).allSatisfy { image.buffer.xrgb(x: $0, y: y) == 0 } })
    }
}
