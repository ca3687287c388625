import Raster
import SeededRandom
import Testing

/// `Canvas.copy` against its definition, pixel by pixel: a pixel inside the picture's place (moved by the
/// origin, cut by the clip) takes the picture's pixel; every other pixel keeps its own; the damage is that place.
@Suite struct PictureCopyTests {
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func copyWritesExactlyThePicturesPlace(format: PixelFormat) {
        var random = SplitMix64(seed: 0xB117)
        let image = PixelImage(width: 83, height: 57, format: format)
        for _ in 0..<120 {
            scatterRandomPixels(image.buffer, &random)
            let picture = PixelImage(width: random.below(40) + 1, height: random.below(30) + 1, format: format)
            scatterRandomPixels(picture.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in rawPixel(image.buffer, x, y) } }
            var canvas = Canvas(buffer: image.buffer)
            canvas.clip = IntRect(x: random.below(10), y: random.below(10), width: 70, height: 45)
            canvas.originX = random.below(9) - 4
            canvas.originY = random.below(9) - 4
            let x = random.below(110) - 30, y = random.below(80) - 25
            let place = IntRect(x: x + canvas.originX, y: y + canvas.originY, width: picture.width, height: picture.height)
                .intersection(canvas.clip)
            canvas.copy(picture.buffer, x: x, y: y)
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let expected = place.contains(x: px, y: py)
                        ? rawPixel(picture.buffer, px - x - canvas.originX, py - y - canvas.originY) : before[py][px]
                    #expect(rawPixel(image.buffer, px, py) == expected)
                }
            }
            #expect(canvas.damage.rects == (place.isEmpty ? [] : [place]))
        }
    }

    /// With a part, only the picture's pixels inside that part (moved by the origin, cut by the clip) are copied.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func copyWithinAPartWritesOnlyThatPart(format: PixelFormat) {
        var random = SplitMix64(seed: 0x9A47)
        let image = PixelImage(width: 61, height: 47, format: format)
        for _ in 0..<120 {
            scatterRandomPixels(image.buffer, &random)
            let picture = PixelImage(width: random.below(40) + 1, height: random.below(30) + 1, format: format)
            scatterRandomPixels(picture.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in rawPixel(image.buffer, x, y) } }
            var canvas = Canvas(buffer: image.buffer)
            canvas.clip = IntRect(x: random.below(10), y: random.below(10), width: 50, height: 35)
            canvas.originX = random.below(9) - 4
            canvas.originY = random.below(9) - 4
            let x = random.below(70) - 20, y = random.below(50) - 15
            let part = IntRect(x: random.below(60) - 10, y: random.below(45) - 10, width: random.below(40), height: random.below(30))
            let place = IntRect(x: x + canvas.originX, y: y + canvas.originY, width: picture.width, height: picture.height)
                .intersection(canvas.clip).intersection(part.offsetBy(dx: canvas.originX, dy: canvas.originY))
            canvas.copy(picture.buffer, x: x, y: y, within: part)
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let expected = place.contains(x: px, y: py)
                        ? rawPixel(picture.buffer, px - x - canvas.originX, py - y - canvas.originY) : before[py][px]
                    #expect(rawPixel(image.buffer, px, py) == expected)
                }
            }
            #expect(canvas.damage.rects == (place.isEmpty ? [] : [place]))
        }
    }
}
