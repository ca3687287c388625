@testable import Raster
import Testing

/// `Spans.move`, `copy` and `store`, byte for byte against their definitions, at every length up to a few of
/// their 256-byte steps (so every piece of 128, 64, 32 and 16 bytes and the overlapping last vector is met),
/// moved both ways by shifts under a vector, across one and beyond a step.
@Suite struct SpanCopyTests {
    static let lengths = Array(0...80) + [126, 127, 128, 129, 191, 192, 255, 256, 257, 300, 383, 384, 511, 700]

    @Test func moveIsMemmoveBothWays() {
        for pixels in Self.lengths {
            for shift in [-300, -65, -64, -17, -5, -1, 1, 2, 3, 4, 15, 16, 63, 64, 129, 257] {
                Self.expectMemmove(pixels: pixels, by: shift, from: 400, in: (0..<2_000).map { UInt32($0) &* 2_654_435_761 })
            }
        }
    }

    @Test func sixteenBitMovesOfOddPixelCounts() {
        for pixels in Self.lengths {
            for shift in [-9, -1, 1, 7, 130] {
                Self.expectMemmove(pixels: pixels, by: shift, from: 300, in: (0..<1_400).map { UInt16(truncatingIfNeeded: $0 &* 40_503) })
            }
        }
    }

    /// `pixels` pixels of `memory` from `from` moved `shift` pixels on by `Spans.move`, against an element-wise copy.
    static func expectMemmove<Pixel: FixedWidthInteger>(pixels: Int, by shift: Int, from: Int, in memory: [Pixel]) {
        var memory = memory, expected = memory
        let size = MemoryLayout<Pixel>.size, to = from + shift
        for i in 0..<pixels { expected[to + i] = memory[from + i] }
        memory.withUnsafeMutableBytes { raw in
            Spans.move(from: UnsafeRawPointer(raw.baseAddress! + size * from), to: raw.baseAddress! + size * to, byteCount: size * pixels)
        }
        #expect(memory == expected, "\(pixels) pixels of \(size) bytes by \(shift)")
    }

    @Test func copyAndStoreTouchExactlyTheirPixels() {
        for pixels in Self.lengths {
            let source = (0..<(pixels + 8)).map { UInt32($0) &* 0x9E37_79B9 }
            var target = [UInt32](repeating: 0xDEAD_BEEF, count: pixels + 8)
            source.withUnsafeBytes { s in
                target.withUnsafeMutableBytes { t in Spans.copy(from: s.baseAddress! + 4, to: t.baseAddress! + 4, byteCount: 4 * pixels) }
            }
            #expect(target == [0xDEAD_BEEF] + source[1..<(pixels + 1)] + [UInt32](repeating: 0xDEAD_BEEF, count: 7), "copy \(pixels)")
            var filled = [UInt32](repeating: 0xDEAD_BEEF, count: pixels + 8)
            filled.withUnsafeMutableBufferPointer { Spans.store($0.baseAddress! + 4, count: pixels, 0x0012_3456) }
            #expect(filled == [UInt32](repeating: 0xDEAD_BEEF, count: 4) + [UInt32](repeating: 0x0012_3456, count: pixels)
                    + [UInt32](repeating: 0xDEAD_BEEF, count: 4), "store \(pixels)")
        }
    }
}
