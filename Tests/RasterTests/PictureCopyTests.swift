@testable import Raster
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

    /// Rows shorter than `Spans.shortRowBytes` go through memcpy, longer ones through `Spans.copy`: either side
    /// of the bound, and at it, every pixel of the place is the picture's and the pixels beside it keep theirs.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func rowsEitherSideOfTheMemcpyBoundCopyTheSame(format: PixelFormat) {
        var random = SplitMix64(seed: 0x5B0C)
        let boundPixels = Spans.shortRowBytes / format.bytesPerPixel
        for width in [boundPixels - 1, boundPixels, boundPixels + 1, 5, 1] {
            let image = PixelImage(width: boundPixels + 9, height: 6, format: format)
            let picture = PixelImage(width: width, height: 4, format: format)
            scatterRandomPixels(image.buffer, &random)
            scatterRandomPixels(picture.buffer, &random)
            let before = (0..<image.height).map { y in (0..<image.width).map { x in rawPixel(image.buffer, x, y) } }
            var canvas = Canvas(buffer: image.buffer)
            canvas.copy(picture.buffer, x: 3, y: 1)
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let inside = px >= 3 && px < 3 + width && py >= 1 && py < 5
                    #expect(rawPixel(image.buffer, px, py) == (inside ? rawPixel(picture.buffer, px - 3, py - 1) : before[py][px]),
                            "width \(width): pixel (\(px), \(py))")
                }
            }
        }
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
