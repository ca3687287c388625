@testable import Raster
import SeededRandom
import Testing

/// A view of `width` x `height` pixels over an image `padding` pixels wider, so rows do not abut.
private func paddedView(_ image: PixelImage, width: Int, height: Int) -> PixelBuffer {
    PixelBuffer(base: image.buffer.base, width: width, height: height, strideBytes: image.buffer.strideBytes,
                format: image.buffer.format)!
}

private func fillDistinct(_ b: PixelBuffer, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for y in 0..<b.height { for x in 0..<b.width { b.row32(y)[x] = UInt32(truncatingIfNeeded: random.next()) } }
}

private func fill(_ b: PixelBuffer, with value: UInt32) {
    for y in 0..<b.height {
        if b.format == .xrgb8888 { b.row32(y).update(repeating: value) } else { b.row16(y).update(repeating: UInt16(truncatingIfNeeded: value)) }
    }
}

private func raw(_ b: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
    b.format == .xrgb8888 ? b.row32(y)[x] : UInt32(b.row16(y)[x])
}

@Test func aQuarterTurnPutsThePictureTopDownTheScanoutRightEdge() {
    // 3 wide, 2 high: the scanout is 2 wide, 3 high.
    #expect(ScreenRotation.clockwise90.scanoutPoint(x: 0, y: 0, width: 3, height: 2) == (1, 0))
    #expect(ScreenRotation.clockwise90.scanoutPoint(x: 2, y: 0, width: 3, height: 2) == (1, 2))
    #expect(ScreenRotation.clockwise90.scanoutPoint(x: 0, y: 1, width: 3, height: 2) == (0, 0))
    #expect(ScreenRotation.clockwise180.scanoutPoint(x: 0, y: 0, width: 3, height: 2) == (2, 1))
    #expect(ScreenRotation.clockwise270.scanoutPoint(x: 0, y: 0, width: 3, height: 2) == (0, 2))
    #expect(ScreenRotation.clockwise270.scanoutPoint(x: 2, y: 1, width: 3, height: 2) == (1, 0))
    #expect(ScreenRotation.upright.scanoutPoint(x: 2, y: 1, width: 3, height: 2) == (2, 1))
    #expect(ScreenRotation.clockwise90.turned(width: 3, height: 2) == (2, 3))
    #expect(ScreenRotation(degrees: 45) == nil)
}

@Test func turningFourTimesIsTheIdentity() {
    for (x, y) in [(0, 0), (6, 0), (3, 4), (0, 4)] {
        var p = (x: x, y: y), size = (width: 7, height: 5)
        for _ in 0..<4 {
            p = ScreenRotation.clockwise90.scanoutPoint(x: p.x, y: p.y, width: size.width, height: size.height)
            size = ScreenRotation.clockwise90.turned(width: size.width, height: size.height)
        }
        #expect(p == (x, y))
    }
}

@Test(arguments: ScreenRotation.allCases)
func damageRectIsTheBoundsOfItsTurnedPixels(rotation: ScreenRotation) {
    var random = SplitMix64(seed: 0xDA3A6E + UInt64(rotation.degrees))
    let (w, h) = (13, 7)
    for _ in 0..<200 {
        let x = random.below(w), y = random.below(h)
        let r = IntRect(x: x, y: y, width: 1 + random.below(w - x), height: 1 + random.below(h - y))
        var bounds = IntRect.zero
        for py in r.y..<r.maxY {
            for px in r.x..<r.maxX {
                let p = rotation.scanoutPoint(x: px, y: py, width: w, height: h)
                bounds = bounds.union(IntRect(x: p.x, y: p.y, width: 1, height: 1))
            }
        }
        #expect(rotation.scanoutRect(r, width: w, height: h) == bounds, "\(r)")
    }
}

/// Every scanout pixel against the per-pixel definition: the image of a pixel inside the (clipped) rect
/// holds that pixel, converted; every other scanout pixel is untouched.
private func checkCopy(rotation: ScreenRotation, width w: Int, height h: Int, rect: IntRect, format: PixelFormat,
                       quarterTurn: QuarterTurn = .native) {
    let pictureImage = PixelImage(width: w + 3, height: h)
    let picture = paddedView(pictureImage, width: w, height: h)
    fillDistinct(picture, seed: UInt64(w * 1000 + h))
    let (sw, sh) = rotation.turned(width: w, height: h)
    let scanoutImage = PixelImage(width: sw + 1, height: sh, format: format)
    let scanout = paddedView(scanoutImage, width: sw, height: sh)
    let untouched: UInt32 = format == .xrgb8888 ? 0xDEAD_BEEF : 0xBEEF
    fill(scanoutImage.buffer, with: untouched)

    let written = scanout.copyRotated(rect, from: picture, rotation: rotation, quarterTurn: quarterTurn)

    var expected = [UInt32](repeating: untouched, count: sw * sh)
    var bounds = IntRect.zero
    let clipped = rect.intersection(picture.bounds)
    for y in 0..<h {
        for x in 0..<w where clipped.contains(x: x, y: y) {
            let p = rotation.scanoutPoint(x: x, y: y, width: w, height: h)
            let v = picture.row32(y)[x]
            expected[p.y * sw + p.x] = format == .xrgb8888 ? v : UInt32(RGB565.pack(v))
            bounds = bounds.union(IntRect(x: p.x, y: p.y, width: 1, height: 1))
        }
    }
    var mismatches = 0
    for y in 0..<sh { for x in 0..<sw where raw(scanout, x, y) != expected[y * sw + x] { mismatches += 1 } }
    #expect(mismatches == 0, "\(rotation) \(w)x\(h) \(rect) \(format) \(quarterTurn)")
    #expect(written == bounds, "\(rotation) \(w)x\(h) \(rect)")
    // The padding column after each scanout row stays as it was.
    for y in 0..<sh { #expect(raw(scanoutImage.buffer, sw, y) == untouched) }
}

@Test(arguments: ScreenRotation.allCases)
func rotatedCopyMatchesThePerPixelDefinition(rotation: ScreenRotation) {
    // Odd sizes; 37 x 41 crosses the 16-row band of a quarter turn's tiles, and 37 x 150 / 150 x 37
    // their 128-column edge (a quarter turn's scanout is 150 wide) and the bands of the half turn.
    for (w, h) in [(1, 1), (7, 5), (5, 7), (13, 3), (37, 41), (37, 150), (150, 37)] {
        let rects = [
            IntRect(x: 0, y: 0, width: w, height: h),
            IntRect(x: 0, y: 0, width: 1, height: h), IntRect(x: w - 1, y: 0, width: 1, height: h),
            IntRect(x: 0, y: 0, width: w, height: 1), IntRect(x: 0, y: h - 1, width: w, height: 1),
            IntRect(x: w / 2, y: h / 3, width: (w + 1) / 2, height: h - h / 3),
            IntRect(x: -4, y: -2, width: w / 2 + 5, height: h + 9),      // clipped to the picture
            IntRect(x: w, y: 0, width: 3, height: h),                     // wholly outside
        ]
        for rect in rects {
            checkCopy(rotation: rotation, width: w, height: h, rect: rect, format: .xrgb8888)
            checkCopy(rotation: rotation, width: w, height: h, rect: rect, format: .rgb565)
        }
    }
}

@Test(arguments: ScreenRotation.allCases)
func rotatedCopyOfRandomRects(rotation: ScreenRotation) {
    var random = SplitMix64(seed: 0x5CA7_0A7 + UInt64(rotation.degrees))
    for _ in 0..<40 {
        let w = 1 + random.below(70), h = 1 + random.below(70)
        let rect = IntRect(x: random.below(w + 4) - 2, y: random.below(h + 4) - 2,
                           width: 1 + random.below(w), height: 1 + random.below(h))
        checkCopy(rotation: rotation, width: w, height: h, rect: rect, format: random.below(2) == 0 ? .xrgb8888 : .rgb565)
    }
}

/// A quarter turn copies bands of 8 scanout rows in blocks of 8 columns and the rest pixel by pixel:
/// sizes and damage on either side of those edges (remainders 0, 1, 4 and 7 both ways, rectangles
/// starting and ending off the 8-grid), on a picture and a scanout whose rows are padded.
@Test(arguments: [ScreenRotation.clockwise90, .clockwise270])
func quarterTurnAcrossTheEdgesOfItsBlocks(rotation: ScreenRotation) {
    for (w, h) in [(8, 8), (9, 16), (16, 9), (12, 20), (15, 17), (24, 31), (33, 25), (64, 8), (8, 64), (203, 131)] {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (3, 5), (7, 2), (4, 8)] where dx < w && dy < h {
            for (ex, ey) in [(0, 0), (1, 3), (5, 0)] where dx + ex < w && dy + ey < h {
                let rect = IntRect(x: dx, y: dy, width: w - dx - ex, height: h - dy - ey)
                checkCopy(rotation: rotation, width: w, height: h, rect: rect, format: .xrgb8888)
            }
        }
    }
}

/// Each way of moving a quarter turn's pixels, whichever this machine uses: the planes (tiles of 16 scanout rows
/// by 32 columns, the rest by blocks) and the blocks, on sizes and damage on either side of a tile's edges
/// (one tile, a tile and a pixel, several bands and chunks with every remainder of 16 and 32 met), padded rows.
@Test(arguments: [ScreenRotation.clockwise90, .clockwise270], [QuarterTurn.planes, .blocks])
func quarterTurnAcrossTheEdgesOfItsTiles(rotation: ScreenRotation, quarterTurn: QuarterTurn) {
    // Picture sizes: the scanout is height x width, so the picture's height is the tiles' 32-column side.
    for (w, h) in [(16, 32), (17, 33), (15, 31), (48, 64), (16, 96), (64, 32), (83, 101), (131, 203), (200, 97)] {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (5, 9), (16, 32)] where dx < w && dy < h {
            for (ex, ey) in [(0, 0), (3, 1), (0, 17)] where dx + ex < w && dy + ey < h {
                let rect = IntRect(x: dx, y: dy, width: w - dx - ex, height: h - dy - ey)
                checkCopy(rotation: rotation, width: w, height: h, rect: rect, format: .xrgb8888, quarterTurn: quarterTurn)
            }
        }
    }
}
