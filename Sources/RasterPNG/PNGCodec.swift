import CPNG
import Glibc
import Raster

/// PNG encode and decode through libpng's simplified `png_image` API, which reports errors
/// through a message field instead of longjmp, so corrupt data is an error value and never a crash.
public enum PNGCodec {
    /// The largest image decode will allocate, in pixels (a 16k x 16k frame); bigger headers are refused.
    public static let maximumPixels = 1 << 28

    /// Encodes the buffer as an 8-bit RGB PNG. RGB565 buffers are expanded to 8 bits per channel.
    public static func encode(_ buffer: PixelBuffer) throws(PNGError) -> [UInt8] {
        guard buffer.width > 0, buffer.height > 0 else {
            throw PNGError("cannot encode an empty \(buffer.width)x\(buffer.height) image as PNG")
        }
        let rgb = packedRGB(buffer)
        let result = rgb.withUnsafeBytes { raw in Result { () throws(PNGError) in try encode(rgb: raw, width: buffer.width, height: buffer.height) } }
        return try result.get()
    }

    /// The same, packing the RGB rows into the buffer's own memory rather than a copy of the picture
    /// (6 MB at 1080p, most of `calx shot`'s peak beside the picture): the buffer's pixels are
    /// meaningless afterwards. Only a gapless XRGB8888 buffer is packed in place; others are copied.
    public static func encodeConsumingPixels(_ buffer: PixelBuffer) throws(PNGError) -> [UInt8] {
        guard buffer.format == .xrgb8888, buffer.strideBytes == buffer.width * 4, buffer.width > 0, buffer.height > 0 else {
            return try encode(buffer)
        }
        // Pixel i's three bytes go to 3i, below its own 4i, so every pixel is read before it is overwritten.
        let count = buffer.width * buffer.height
        let bytes = buffer.base.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count {
            let p = buffer.base.load(fromByteOffset: 4 * i, as: UInt32.self)
            bytes[3 * i] = UInt8(truncatingIfNeeded: p >> 16)
            bytes[3 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
            bytes[3 * i + 2] = UInt8(truncatingIfNeeded: p)
        }
        releasePages(from: buffer.base + 3 * count, to: buffer.base + 4 * count)
        return try encode(rgb: UnsafeRawBufferPointer(start: buffer.base, count: 3 * count), width: buffer.width, height: buffer.height)
    }

    /// Gives the kernel back the whole pages of a range nothing will read: the last quarter of a picture
    /// packed in place (2 MB at 1080p), so that libpng's and zlib's buffers (about 400 kB) come out of it
    /// rather than on top of the picture. The memory stays the caller's, reading as zeros if touched.
    static func releasePages(from start: UnsafeMutableRawPointer, to end: UnsafeMutableRawPointer) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return }
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let last = Int(bitPattern: end) / page * page
        guard last > first, let from = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(from, last - first, MADV_DONTNEED)
    }

    private static func encode(rgb raw: UnsafeRawBufferPointer, width: Int, height: Int) throws(PNGError) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let rowStride = png_int_32(width * 3)
        var size: png_alloc_size_t = 0
        // First pass measures, second pass writes: libpng cannot grow a caller's buffer.
        let measured = png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, rowStride, nil)
        guard measured != 0, size > 0 else { throw failure(&image, "PNG encode failed") }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { dst in
            png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, rowStride, nil)
        }
        guard written != 0 else { throw failure(&image, "PNG encode failed") }
        return Array(out[0..<Int(size)])
    }

    /// Decodes any PNG libpng understands (gray, RGB, palette, with or without alpha, 1–16 bits)
    /// into an XRGB8888 image. Transparent pixels are composited over black.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PixelImage {
        guard bytes.count >= 8 else { throw PNGError("not a PNG: only \(bytes.count) bytes") }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let result: Result<PixelImage, PNGError> = bytes.withUnsafeBytes { raw in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(failure(&image, "not a readable PNG"))
            }
            defer { png_image_free(&image) }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= maximumPixels / height else {
                return .failure(PNGError("PNG size \(width)x\(height) is out of range"))
            }
            // Little-endian 0xAARRGGBB is the byte order B, G, R, A.
            image.format = png_uint_32(PNG_FORMAT_BGRA)
            let decoded = PixelImage(width: width, height: height)
            let buffer = decoded.buffer
            guard png_image_finish_read(&image, nil, buffer.base, png_int_32(buffer.strideBytes), nil) != 0 else {
                return .failure(failure(&image, "corrupt PNG data"))
            }
            for y in 0..<height { flattenOverBlack(buffer.row32(y)) }
            return .success(decoded)
        }
        return try result.get()
    }

    /// Rows of R, G, B bytes, the layout `PNG_FORMAT_RGB` expects.
    static func packedRGB(_ buffer: PixelBuffer) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: buffer.width * buffer.height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            var i = 0
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let p = buffer.xrgb(x: x, y: y)
                    out[i] = UInt8(truncatingIfNeeded: p >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: p)
                    i += 3
                }
            }
        }
        return rgb
    }

    /// Turns straight-alpha ARGB into XRGB over black, leaving the X byte 0.
    static func flattenOverBlack(_ row: UnsafeMutableBufferPointer<UInt32>) {
        for i in row.indices {
            let p = row[i]
            let a = p >> 24
            if a == 255 { row[i] = p & 0x00FF_FFFF; continue }
            let r = ((p >> 16) & 0xFF) * a, g = ((p >> 8) & 0xFF) * a, b = (p & 0xFF) * a
            row[i] = ((r + 127) / 255) << 16 | ((g + 127) / 255) << 8 | (b + 127) / 255
        }
    }

    /// The libpng message for a failed call, or `fallback` when it left none.
    static func failure(_ image: inout png_image, _ fallback: String) -> PNGError {
        let text = withUnsafeBytes(of: &image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        png_image_free(&image)
        return PNGError(text.isEmpty ? fallback : "\(fallback): \(text)")
    }
}
