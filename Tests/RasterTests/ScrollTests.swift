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

    /// With `redrawn` rectangles, every pixel outside them is as without; inside them a pixel is either its old
    /// self or the one the move brings (the caller paints it over).
    @Test func redrawnRectanglesLeaveEveryOtherPixelAsDefined() {
        var random = SplitMix64(seed: 0x5C2012)
        let image = PixelImage(width: 97, height: 61)
        for _ in 0..<300 {
            scatterRandomPixels(image.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in rawPixel(image.buffer, x, y) } }
            let rect = IntRect(x: random.below(20), y: random.below(12), width: 20 + random.below(70), height: 10 + random.below(45))
            let dx = random.below(21) - 10, dy = random.below(2) == 0 ? 0 : random.below(11) - 5
            // Strips as a pan paints them: at the ends, across, and anywhere.
            var redrawn: [IntRect] = []
            for _ in 0..<(1 + random.below(4)) {
                switch random.below(4) {
                case 0: redrawn.append(IntRect(x: rect.x - random.below(3), y: rect.y - random.below(3), width: 1 + random.below(20), height: rect.height + 6))
                case 1: redrawn.append(IntRect(x: rect.maxX - random.below(20), y: rect.y, width: 30, height: rect.height))
                case 2: redrawn.append(IntRect(x: rect.x - 2, y: rect.y + random.below(rect.height), width: rect.width + 4, height: 1 + random.below(9)))
                default: redrawn.append(IntRect(x: random.below(97), y: random.below(61), width: random.below(30), height: random.below(30)))
                }
            }
            var canvas = Canvas(buffer: image.buffer)
            canvas.originX = random.below(3) - 1
            canvas.originY = random.below(3) - 1
            let moved = rect.offsetBy(dx: canvas.originX, dy: canvas.originY).intersection(canvas.clip)
            canvas.scroll(rect, dx: dx, dy: dy, redrawn: redrawn)
            let painted = redrawn.map { $0.offsetBy(dx: canvas.originX, dy: canvas.originY) }
            for y in 0..<image.height {
                for x in 0..<image.width {
                    var expected = before[y][x]
                    if moved.contains(x: x, y: y) && moved.contains(x: x - dx, y: y - dy) { expected = before[y - dy][x - dx] }
                    let actual = rawPixel(image.buffer, x, y)
                    if painted.contains(where: { $0.contains(x: x, y: y) }) {
                        #expect(actual == expected || actual == before[y][x])
                    } else if actual != expected {
                        Issue.record("rect \(rect) by (\(dx), \(dy)) redrawn \(redrawn): pixel (\(x), \(y)) is wrong")
                        return
                    }
                }
            }
        }
    }

    @Test func stripsPaintedWholeAreNotMoved() {
        let image = PixelImage(width: 100, height: 40)
        for y in 0..<40 { for x in 0..<100 { image.buffer.row32(y)[x] = UInt32(y * 100 + x) } }
        var canvas = Canvas(buffer: image.buffer)
        let left = IntRect(x: 0, y: 0, width: 12, height: 40), right = IntRect(x: 90, y: 0, width: 10, height: 40)
        let across = IntRect(x: 0, y: 20, width: 100, height: 5)
        canvas.scroll(IntRect(x: 0, y: 0, width: 100, height: 40), dx: 4, dy: 0, redrawn: [left, right, across])
        #expect(image.buffer.row32(0)[8] == 8 && image.buffer.row32(0)[95] == 95 && image.buffer.row32(22)[50] == 2250)
        #expect(image.buffer.row32(0)[50] == 46 && image.buffer.row32(30)[89] == 3085)
    }
}
