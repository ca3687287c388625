import Raster
import SeededRandom
import Testing

/// `Canvas.copy` against its definition, pixel by pixel: a pixel inside the picture's place (moved by the
/// origin, cut by the clip) takes the picture's pixel; every other pixel keeps its own; the damage is that place.
@Suite struct PictureCopyTests {
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func copyWritesExactlyThePicturesPlace(format: PixelFormat) {
        checkCopies(format: format, seed: 0xB117, withParts: false)
    }

    /// With a part, only the picture's pixels inside that part (moved by the origin, cut by the clip) are copied.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func copyWithinAPartWritesOnlyThatPart(format: PixelFormat) {
        checkCopies(format: format, seed: 0x9A47, withParts: true)
    }

    private func checkCopies(format: PixelFormat, seed: UInt64, withParts: Bool) {
        var random = SplitMix64(seed: seed)
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
            let part = withParts
                ? IntRect(x: random.below(80) - 10, y: random.below(55) - 10, width: random.below(50), height: random.below(35))
                : nil
            var place = IntRect(x: x + canvas.originX, y: y + canvas.originY, width: picture.width, height: picture.height)
                .intersection(canvas.clip)
            if let part { place = place.intersection(part.offsetBy(dx: canvas.originX, dy: canvas.originY)) }
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
