import Raster
import SeededRandom

/// A pixel's raw value in either format, for tests that compare pixels without blending them.
func rawPixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
    b.format == .xrgb8888 ? b.row32(y)[x] : UInt32(b.row16(y)[x])
}

/// Fills a buffer with random raw pixels, so a pixel moved to the wrong place shows.
func scatterRandomPixels(_ b: PixelBuffer, _ random: inout SplitMix64) {
    for y in 0..<b.height {
        for x in 0..<b.width {
            let v = random.next()
            if b.format == .xrgb8888 { b.row32(y)[x] = UInt32(truncatingIfNeeded: v) } else { b.row16(y)[x] = UInt16(truncatingIfNeeded: v) }
        }
    }
}
