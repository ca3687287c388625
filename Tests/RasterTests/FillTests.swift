import Raster
import SeededRandom
import Testing

@Suite struct FillTests {
    @Test func wholePixelFillStaysInsideTheClip() {
        let image = PixelImage(width: 8, height: 8)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clip = IntRect(x: 2, y: 2, width: 4, height: 4)
        canvas.fill(IntRect(x: -10, y: -10, width: 100, height: 100), Color(rgb: 0x123456))
        #expect(image.buffer.xrgb(x: 1, y: 1) == 0)
        #expect(image.buffer.xrgb(x: 2, y: 2) == 0x123456)
        #expect(image.buffer.xrgb(x: 5, y: 5) == 0x123456)
        #expect(image.buffer.xrgb(x: 6, y: 6) == 0)
        #expect(canvas.damage.rects == [IntRect(x: 2, y: 2, width: 4, height: 4)])
    }

    /// Whole-pixel fills against their definition over random rects, clips and origins, narrow and wide,
    /// opaque and translucent: inside the clipped rect each pixel is `Blend.over` its old value, and
    /// nothing else changes (narrow opaque fills take a path of their own).
    @Test func wholePixelFillsMatchBlendOverPerPixel() {
        var random = SplitMix64(seed: 0xF111)
        let image = PixelImage(width: 61, height: 43)
        for _ in 0..<300 {
            scatterRandomPixels(image.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in image.buffer.xrgb(x: x, y: y) } }
            var canvas = Canvas(buffer: image.buffer)
            canvas.clip = IntRect(x: random.below(6), y: random.below(6), width: 50, height: 33)
            canvas.originX = random.below(7) - 3
            canvas.originY = random.below(7) - 3
            let rect = IntRect(x: random.below(70) - 5, y: random.below(50) - 5,
                               width: random.below(2) == 0 ? random.below(4) + 1 : random.below(40), height: random.below(45))
            let color = Color(rgb: UInt32(truncatingIfNeeded: random.next()) & 0xFFFFFF).withAlpha(random.below(2) == 0 ? 255 : UInt8(random.below(256)))
            let place = rect.offsetBy(dx: canvas.originX, dy: canvas.originY).intersection(canvas.clip)
            canvas.fill(rect, color)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let expected = place.contains(x: x, y: y) ? Blend.over(before[y][x], color, coverage: 255) : before[y][x]
                    if image.buffer.xrgb(x: x, y: y) != expected {
                        Issue.record("fill \(rect) \(color) clip \(canvas.clip): pixel (\(x), \(y)) is wrong")
                        return
                    }
                }
            }
        }
    }

    /// Opaque rows of every width from 0 to 1,300 pixels, at every start modulo 4 (`Spans.store`: steps of 128
    /// pixels, then pieces of 64, 32, 16, 8 and 4, the last ending at the end): exactly the row's pixels
    /// change.
    @Test func wideOpaqueRowsStoreExactlyTheirPixels() {
        let image = PixelImage(width: 1312, height: 1)
        for width in 0...1300 {
            for start in 0..<4 {
                for x in 0..<image.width { image.buffer.row32(0)[x] = 0xABCDEF }
                var canvas = Canvas(buffer: image.buffer)
                canvas.fill(IntRect(x: start, y: 0, width: width, height: 1), Color(rgb: 0x123456))
                for x in 0..<image.width where image.buffer.xrgb(x: x, y: 0) != ((start..<(start + width)).contains(x) ? 0x123456 : 0xABCDEF) {
                    Issue.record("a row of \(width) from \(start): pixel \(x) is wrong")
                    return
                }
            }
        }
    }

    /// The damage list against the merge rule applied in full, over random rectangles: a rectangle within the
    /// one rectangle held (taken without a merge) leaves the list as the rule does.
    @Test func damageMergesAsTheRuleSays() {
        var random = SplitMix64(seed: 0xDA3A)
        for _ in 0..<400 {
            var damage = DamageRegion()
            var expected: [IntRect] = []
            for _ in 0..<(1 + random.below(12)) {
                let inside = !expected.isEmpty && random.below(2) == 0
                let base = inside ? expected[random.below(expected.count)] : IntRect(x: 0, y: 0, width: 300, height: 200)
                let x = base.x + random.below(max(1, base.width)), y = base.y + random.below(max(1, base.height))
                let rect = IntRect(x: x, y: y, width: random.below(base.maxX - x + 1), height: random.below(base.maxY - y + 1))
                damage.add(rect)
                guard !rect.isEmpty else { continue }
                var merged = rect, kept: [IntRect] = []
                for existing in expected {
                    let joined = existing.union(merged)
                    if joined.area <= existing.area + merged.area + merged.area / 4 + 64 { merged = joined } else { kept.append(existing) }
                }
                expected = kept + [merged]
                #expect(damage.rects == expected)
            }
        }
    }

    /// A fill of whole rows of a buffer (one run of stores over rows that follow one another) and of rows
    /// narrower than the buffer, against the same rows filled one at a time.
    @Test func wholeRowFillsStoreExactlyTheirRows() {
        for (width, height) in [(16, 3), (61, 7), (300, 5)] {
            let image = PixelImage(width: width, height: height)
            for rect in [IntRect(x: 0, y: 1, width: width, height: height - 2), IntRect(x: 0, y: 0, width: width, height: height),
                         IntRect(x: 1, y: 1, width: width - 1, height: height - 1)] {
                for y in 0..<height { for x in 0..<width { image.buffer.row32(y)[x] = 0xABCDEF } }
                var canvas = Canvas(buffer: image.buffer)
                canvas.fill(rect, Color(rgb: 0x123456))
                for y in 0..<height {
                    for x in 0..<width where image.buffer.xrgb(x: x, y: y) != (rect.contains(x: x, y: y) ? 0x123456 : 0xABCDEF) {
                        Issue.record("\(width)x\(height), fill \(rect): pixel (\(x), \(y)) is wrong")
                        return
                    }
                }
            }
        }
    }
}
