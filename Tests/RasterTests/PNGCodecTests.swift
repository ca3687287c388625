import SeededRandom
import Raster
import RasterPNG
import Testing
import Glibc

/// A tiny seeded generator so the random pictures repeat run to run.

@Suite struct PNGCodecTests {
    private func pixels(_ image: PixelImage) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.buffer.xrgb(x: x, y: y) } }
    }

    @Test func randomPicturesRoundTripExactly() throws {
        var rng = SplitMix64(state: 0xC0FFEE)
        // 600x400: a picture whose packed-away last quarter spans whole pages, which are given back before
        // libpng runs; the rows below them must come through whole.
        for (w, h) in [(1, 1), (3, 7), (64, 5), (17, 33), (600, 400)] {
            let image = PixelImage(width: w, height: h)
            for y in 0..<h {
                let row = image.buffer.row32(y)
                // The X byte is noise on purpose: PNG must ignore it.
                for x in 0..<w { row[x] = UInt32(truncatingIfNeeded: rng.next()) }
            }
            let decoded = try PNGCodec.decode(PNGCodec.encode(image.buffer))
            #expect(decoded.width == w && decoded.height == h)
            #expect(pixels(decoded) == pixels(image))
            #expect(decoded.buffer.row32(0)[0] >> 24 == 0, "decoded pixels carry no alpha byte")
        }
    }

    @Test func encodingInThePicturesOwnMemoryGivesTheSameFile() throws {
        var rng = SplitMix64(state: 0x5407)
        // 600x400: a picture whose packed-away last quarter spans whole pages, which are given back before
        // libpng runs; the rows below them must come through whole.
        for (w, h) in [(1, 1), (3, 7), (64, 5), (17, 33), (600, 400)] {
            let image = PixelImage(width: w, height: h)
            for y in 0..<h { for x in 0..<w { image.buffer.row32(y)[x] = UInt32(truncatingIfNeeded: rng.next()) } }
            let expected = pixels(image)
            let copied = try PNGCodec.encode(image.buffer)
            let packed = try PNGCodec.encodeConsumingPixels(image.buffer)
            #expect(packed == copied)
            #expect(pixels(try PNGCodec.decode(packed)) == expected)
        }
        // A padded buffer cannot be packed in place: it is copied, and its pixels stay.
        let wide = PixelImage(width: 8, height: 4)
        for y in 0..<4 { for x in 0..<8 { wide.buffer.row32(y)[x] = UInt32(truncatingIfNeeded: rng.next()) } }
        let view = PixelBuffer(base: wide.buffer.base, width: 5, height: 4, strideBytes: 32)!
        let before = (0..<4).map { y in (0..<5).map { x in view.xrgb(x: x, y: y) } }
        #expect(try PNGCodec.encodeConsumingPixels(view) == PNGCodec.encode(view))
        #expect((0..<4).map { y in (0..<5).map { x in view.xrgb(x: x, y: y) } } == before)
    }

    @Test func encodesBuffersWithPaddedStridesAndRGB565() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 5 * 40, alignment: 4)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: 5 * 40)
        let padded = try #require(PixelBuffer(base: memory, width: 3, height: 5, strideBytes: 40))
        for y in 0..<5 { for x in 0..<3 { padded.row32(y)[x] = UInt32(y * 16 + x) * 0x010203 } }
        let decoded = try PNGCodec.decode(PNGCodec.encode(padded))
        #expect(decoded.buffer.xrgb(x: 2, y: 4) == UInt32(4 * 16 + 2) * 0x010203)

        let small = PixelImage(width: 2, height: 1, format: .rgb565)
        small.buffer.row16(0)[0] = 0xF800
        small.buffer.row16(0)[1] = 0x07FF
        let expanded = try PNGCodec.decode(PNGCodec.encode(small.buffer))
        #expect(pixels(expanded) == [0xFF0000, 0x00FFFF])
    }

    @Test func decodesGrayPaletteAndAlphaImages() throws {
        let gray: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x00, 0x00, 0x57, 0xdd, 0x52, 0xf8, 0x00, 0x00, 0x00, 0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0xf8, 0xcf, 0xd0, 0xe0, 0x00, 0x00, 0x05, 0x42, 0x01, 0xc0, 0x70, 0x36, 0x36, 0xd6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
        let palette: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x03, 0x00, 0x00, 0x00, 0xc3, 0xfc, 0x8f, 0xb8, 0x00, 0x00, 0x00, 0x06, 0x50, 0x4c, 0x54, 0x45, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0x6c, 0xa1, 0xfd, 0x8e, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x60, 0x04, 0x00, 0x00, 0x04, 0x00, 0x02, 0xbf, 0x7a, 0x3f, 0x4a, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
        let rgba: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0xf4, 0x22, 0x7f, 0x8a, 0x00, 0x00, 0x00, 0x0f, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0xf8, 0xcf, 0xf0, 0x1f, 0x08, 0x1a, 0x00, 0x15, 0x74, 0x05, 0x7c, 0xab, 0xe4, 0x49, 0x49, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
        #expect(try pixels(PNGCodec.decode(gray)) == [0x000000, 0xFFFFFF, 0x808080, 0x404040])
        #expect(try pixels(PNGCodec.decode(palette)) == [0xFF0000, 0x0000FF])
        // Straight alpha is flattened over black: half-transparent white becomes mid grey.
        let flattened = try pixels(PNGCodec.decode(rgba))
        #expect(flattened == [0x00FF00, 0x808080], "got \(flattened.map { String($0, radix: 16) })")
    }

    @Test func corruptInputIsAnErrorNotACrash() throws {
        let image = PixelImage(width: 20, height: 20)
        for y in 0..<20 { for x in 0..<20 { image.buffer.row32(y)[x] = UInt32(x * y * 977) } }
        let good = try PNGCodec.encode(image.buffer)
        var flipped = good
        flipped[good.count / 2] ^= 0xFF
        let inputs: [[UInt8]] = [
            [], [1, 2, 3], Array(repeating: 0xAB, count: 500),
            Array(good.prefix(8)), Array(good.prefix(40)), Array(good.prefix(good.count - 20)), flipped,
        ]
        for input in inputs {
            #expect(throws: PNGError.self) { try PNGCodec.decode(input) }
        }
        do {
            _ = try PNGCodec.decode(Array(repeating: 0xAB, count: 500))
        } catch {
            #expect(!error.message.isEmpty)
        }
    }

    @Test func emptyBuffersAreRefusedWithAMessage() {
        let empty = PixelImage(width: 0, height: 4)
        #expect(throws: PNGError.self) { try PNGCodec.encode(empty.buffer) }
    }

    @Test func filesRoundTripAndMissingFilesNameThePath() throws {
        let image = PixelImage(width: 4, height: 2)
        image.buffer.row32(1)[3] = 0xABCDEF
        let path = "/tmp/calx-png-test-\(getpid()).png"
        defer { unlink(path) }
        try PNGFile.write(image.buffer, path: path)
        #expect(try PNGFile.read(path: path).buffer.xrgb(x: 3, y: 1) == 0xABCDEF)

        let missing = "/tmp/calx-no-such-dir-\(getpid())/x.png"
        do {
            _ = try PNGFile.read(path: missing)
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(error.message.contains(missing))
        }
        #expect(throws: PNGError.self) { try PNGFile.write(image.buffer, path: missing) }
    }

    /// A picture is replaced whole through SystemFiles' AtomicFile: readable by all (0644 under the usual
    /// umask, as before), no temporary file left beside it, and the new bytes under the name.
    @Test func aWriteReplacesThePictureWholeAndReadableByAll() throws {
        let path = "/tmp/calx-png-atomic-\(getpid()).png"
        defer { unlink(path) }
        let old = umask(0o022)
        defer { umask(old) }
        let first = PixelImage(width: 2, height: 2), second = PixelImage(width: 3, height: 1)
        second.buffer.row32(0)[2] = 0x123456
        try PNGFile.write(first.buffer, path: path)
        try PNGFile.write(second.buffer, path: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o644)
        #expect(access("\(path).tmp-\(getpid())", F_OK) != 0)
        let read = try PNGFile.read(path: path)
        #expect(read.buffer.width == 3 && read.buffer.xrgb(x: 2, y: 0) == 0x123456)
    }
}
