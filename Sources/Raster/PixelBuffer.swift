/// How a buffer stores a pixel.
public enum PixelFormat: Sendable, Equatable {
    /// 32 bits, 0x00RRGGBB little-endian: DRM_FORMAT_XRGB8888.
    case xrgb8888
    /// 16 bits, RRRRRGGG GGGBBBBB: small fbdev panels.
    case rgb565

    public var bytesPerPixel: Int { self == .xrgb8888 ? 4 : 2 }
}

/// A view over pixel memory the caller owns: a DRM dumb buffer, an fbdev mapping, or an array in tests.
/// It never allocates and never outlives the memory; the owner guarantees that.
public struct PixelBuffer: @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let strideBytes: Int
    public let format: PixelFormat

    /// Returns nil unless the sizes describe real memory: positive stride covering a row.
    public init?(base: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int, format: PixelFormat = .xrgb8888) {
        guard width >= 0, height >= 0, strideBytes >= width * format.bytesPerPixel else { return nil }
        self.base = base
        self.width = width
        self.height = height
        self.strideBytes = strideBytes
        self.format = format
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// One row of 32-bit pixels. Only for `.xrgb8888`.
    @inline(__always)
    public func row32(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(start: (base + y * strideBytes).assumingMemoryBound(to: UInt32.self), count: width)
    }

    /// One row of 16-bit pixels. Only for `.rgb565`.
    @inline(__always)
    public func row16(_ y: Int) -> UnsafeMutableBufferPointer<UInt16> {
        UnsafeMutableBufferPointer(start: (base + y * strideBytes).assumingMemoryBound(to: UInt16.self), count: width)
    }

    /// The pixel as 0x00RRGGBB, whatever the format. Out of bounds reads 0.
    public func xrgb(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        switch format {
        case .xrgb8888: return row32(y)[x] & 0x00FF_FFFF
        case .rgb565: return RGB565.expand(row16(y)[x])
        }
    }
}

/// Conversions for the 16-bit format.
public enum RGB565 {
    @inline(__always)
    public static func pack(_ xrgb: UInt32) -> UInt16 {
        let r = (xrgb >> 19) & 0x1F, g = (xrgb >> 10) & 0x3F, b = (xrgb >> 3) & 0x1F
        return UInt16(r << 11 | g << 5 | b)
    }
    @inline(__always)
    public static func expand(_ p: UInt16) -> UInt32 {
        let r = UInt32(p >> 11) & 0x1F, g = UInt32(p >> 5) & 0x3F, b = UInt32(p) & 0x1F
        return (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
    }
}

/// A pixel buffer that owns its memory: tests, `calx shot`, off-screen scenes.
public final class PixelImage: @unchecked Sendable {
    public let buffer: PixelBuffer
    private let storage: UnsafeMutableRawPointer

    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888) {
        let w = max(0, width), h = max(0, height)
        let stride = w * format.bytesPerPixel
        storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * h), alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, stride * h))
        buffer = PixelBuffer(base: storage, width: w, height: h, strideBytes: stride, format: format)!
    }

    deinit { storage.deallocate() }

    public var width: Int { buffer.width }
    public var height: Int { buffer.height }
}
