import Raster
import SeededRandom
import Testing
@testable import Platform

/// fbdev memory stand-in: `pages` screens of `width` x `height` one above the other, each row padded
/// like a driver's line_length, filled with junk as a console leaves it.
final class FakeFramebuffer {
    let memory: PixelImage
    let pages: [PixelBuffer]
    init(width: Int, height: Int, format: PixelFormat, pages count: Int) {
        let memory = PixelImage(width: width + 5, height: height * count, format: format)
        let stride = memory.buffer.strideBytes
        memory.buffer.base.initializeMemory(as: UInt8.self, repeating: 0xA5, count: stride * height * count)
        self.memory = memory
        pages = (0..<count).map {
            PixelBuffer(base: memory.buffer.base + $0 * height * stride, width: width, height: height, strideBytes: stride, format: format)!
        }
    }

    func display(rotation: ScreenRotation) -> FBDevDisplay {
        FBDevDisplay(path: "memory", pages: pages, millimetres: ScreenMillimetres(width: 154, height: 86), rotation: rotation, device: nil)
    }
}

/// What the scanout must hold: every upright pixel at its turned place, packed to the page's format.
func expectShows(_ page: PixelBuffer, turned rotation: ScreenRotation, _ picture: PixelBuffer, _ context: String) {
    var wrong = 0
    for y in 0..<picture.height {
        for x in 0..<picture.width {
            let p = rotation.scanoutPoint(x: x, y: y, width: picture.width, height: picture.height)
            let want = page.format == .xrgb8888 ? picture.row32(y)[x] : UInt32(RGB565.pack(picture.row32(y)[x]))
            let got = page.format == .xrgb8888 ? page.row32(p.y)[p.x] : UInt32(page.row16(p.y)[p.x])
            if got != want { wrong += 1 }
        }
    }
    #expect(wrong == 0, "\(context): \(wrong) pixels differ")
}

func paint(_ b: PixelBuffer, _ rect: IntRect, _ random: inout SplitMix64) {
    for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { b.row32(y)[x] = UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF } }
}

@Test(arguments: ScreenRotation.allCases)
func fbdevShowsTheTurnedPictureAfterEveryFrame(rotation: ScreenRotation) throws {
    for format in [PixelFormat.xrgb8888, .rgb565] {
        for pageCount in [1, 2] {
            let fake = FakeFramebuffer(width: 21, height: 13, format: format, pages: pageCount)
            let display = fake.display(rotation: rotation)
            #expect((display.width, display.height) == rotation.turned(width: 21, height: 13))
            let picture = display.drawBuffer
            var random = SplitMix64(seed: 0xFB + UInt64(rotation.degrees))
            // The first frame is whole; later ones change small rectangles, some at the edges. With two
            // pages each frame lands on the page that missed the one before.
            var frames = [picture.bounds]
            for _ in 0..<6 {
                let x = random.below(picture.width), y = random.below(picture.height)
                frames.append(IntRect(x: x, y: y, width: 1 + random.below(picture.width - x), height: 1 + random.below(picture.height - y)))
            }
            frames.append(IntRect(x: picture.width - 1, y: 0, width: 1, height: picture.height))
            for (n, damage) in frames.enumerated() {
                paint(picture, damage, &random)
                let before = display.shown
                try display.present(damage: [damage])
                #expect(display.shown == (pageCount == 2 ? 1 - before : 0))
                expectShows(fake.pages[display.shown], turned: rotation, picture, "\(rotation) \(format) \(pageCount) pages, frame \(n)")
            }
        }
    }
}

@Test(arguments: ScreenRotation.allCases)
func fbdevCopiesOnlyTheDamage(rotation: ScreenRotation) throws {
    let fake = FakeFramebuffer(width: 9, height: 7, format: .rgb565, pages: 1)
    let display = fake.display(rotation: rotation)
    let picture = display.drawBuffer
    var random = SplitMix64(seed: 7)
    paint(picture, picture.bounds, &random)
    try display.present(damage: [picture.bounds])
    // Change the whole picture but report one corner pixel: only that pixel's place may change.
    paint(picture, picture.bounds, &random)
    let before = (0..<7).map { Array(fake.pages[0].row16($0)) }
    let corner = IntRect(x: picture.width - 1, y: picture.height - 1, width: 1, height: 1)
    try display.present(damage: [corner])
    let spot = rotation.scanoutPoint(x: corner.x, y: corner.y, width: picture.width, height: picture.height)
    for y in 0..<7 {
        for x in 0..<9 {
            let now = fake.pages[0].row16(y)[x]
            if (x, y) == spot {
                #expect(now == RGB565.pack(picture.row32(corner.y)[corner.x]))
            } else {
                #expect(now == before[y][x], "\(rotation) (\(x), \(y)) changed outside the damage")
            }
        }
    }
}

@Test func fbdevReportsTheTurnedPhysicalSize() {
    let fake = FakeFramebuffer(width: 8, height: 4, format: .xrgb8888, pages: 1)
    #expect(fake.display(rotation: .clockwise90).millimetres == ScreenMillimetres(width: 86, height: 154))
    #expect(fake.display(rotation: .clockwise180).millimetres == ScreenMillimetres(width: 154, height: 86))
    #expect((fake.display(rotation: .clockwise270).width, fake.display(rotation: .clockwise270).height) == (4, 8))
}
