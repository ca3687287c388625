import Raster
import SeededRandom
import Testing

/// `Canvas.scroll` against its definition, pixel by pixel: inside the rectangle a pixel takes the old
/// pixel (dx, dy) behind it when that one lies inside too, and keeps its own otherwise; nothing outside
/// the rectangle (or the clip) changes.
@Suite struct ScrollTests {
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func scrollMovesExactlyTheRectangleOverRandomShifts(format: PixelFormat) {
        var random = SplitMix64(seed: 0x5C2011)
        let image = PixelImage(width: 97, height: 61, format: format)
        for _ in 0..<300 {
            scatterRandomPixels(image.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in rawPixel(image.buffer, x, y) } }
            let rect = IntRect(x: random.below(110) - 10, y: random.below(70) - 5, width: random.below(100), height: random.below(64))
            let dx = random.below(2 * rect.width + 9) - rect.width - 4, dy = random.below(2 * rect.height + 9) - rect.height - 4
            var canvas = Canvas(buffer: image.buffer)
            canvas.clip = IntRect(x: random.below(8), y: random.below(8), width: 90, height: 55)
            let clip = canvas.clip
            canvas.originX = random.below(5) - 2
            canvas.originY = random.below(5) - 2
            let moved = rect.offsetBy(dx: canvas.originX, dy: canvas.originY).intersection(clip)
            canvas.scroll(rect, dx: dx, dy: dy)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    var expected = before[y][x]
                    if moved.contains(x: x, y: y) && moved.contains(x: x - dx, y: y - dy) { expected = before[y - dy][x - dx] }
                    if rawPixel(image.buffer, x, y) != expected {
                        Issue.record("rect \(rect) by (\(dx), \(dy)) clip \(clip): pixel (\(x), \(y)) is wrong")
                        return
                    }
                }
            }
            #expect(moved.isEmpty || canvas.damage.rects.contains(where: { $0.intersection(moved) == moved }))
        }
    }

    @Test func aLongRowMovesBothWaysByLessThanOneVector() {
        // Overlapping moves of 1 to 5 pixels, where a copy in the wrong direction smears the row.
        let image = PixelImage(width: 300, height: 2)
        for shift in [-5, -3, -1, 1, 2, 5] {
            for x in 0..<300 { image.buffer.row32(0)[x] = UInt32(x) }
            var canvas = Canvas(buffer: image.buffer)
            canvas.scroll(IntRect(x: 0, y: 0, width: 300, height: 1), dx: shift, dy: 0)
            for x in 0..<300 where x - shift >= 0 && x - shift < 300 {
                #expect(image.buffer.row32(0)[x] == UInt32(x - shift), "shift \(shift) at \(x)")
            }
        }
    }
}
