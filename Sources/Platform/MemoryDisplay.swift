import Glibc
import Raster

/// A display that is a picture in memory: what `calx-lab soak` draws into. Like a DRM dumb buffer its pixels
/// are a mapping of their own (not heap memory), given back whole when the screen changes; it shows every
/// frame at once (never busy) and can change size as a hotplugged screen does.
public final class MemoryDisplay: Display {
    public let millimetres: ScreenMillimetres?
    /// Frames presented, and the pixels their damage covered.
    public private(set) var frames = 0
    public private(set) var damagedPixels = 0
    private var mapping: UnsafeMutableRawPointer
    private var mappedBytes: Int
    public private(set) var drawBuffer: PixelBuffer

    /// nil when the mapping fails.
    public init?(width: Int, height: Int, millimetres: ScreenMillimetres? = nil) {
        guard let (mapping, bytes, buffer) = MemoryDisplay.map(width: width, height: height) else { return nil }
        self.mapping = mapping; mappedBytes = bytes; drawBuffer = buffer
        self.millimetres = millimetres
    }

    deinit { munmap(mapping, mappedBytes) }

    public var width: Int { drawBuffer.width }
    public var height: Int { drawBuffer.height }
    public func present(damage: [IntRect]) throws(PlatformError) {
        frames += 1
        damagedPixels += damage.reduce(0) { $0 + $1.width * $1.height }
    }
    public var eventFD: Int32? { nil }
    public func handleEvents() {}
    public var isBusy: Bool { false }
    public func close() {}

    /// Another screen of another size: a new, black picture (as a new scanout buffer would be).
    public func resize(width: Int, height: Int) throws(PlatformError) {
        guard let (mapping, bytes, buffer) = MemoryDisplay.map(width: width, height: height) else {
            throw PlatformError("mmap picture", "\(width)x\(height)", errno: errno)
        }
        munmap(self.mapping, mappedBytes)
        self.mapping = mapping; mappedBytes = bytes; drawBuffer = buffer
    }

    private static func map(width: Int, height: Int) -> (UnsafeMutableRawPointer, Int, PixelBuffer)? {
        let stride = max(1, width) * 4, bytes = stride * max(1, height)
        guard let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else { return nil }
        guard let buffer = PixelBuffer(base: p, width: width, height: height, strideBytes: stride) else { munmap(p, bytes); return nil }
        return (p, bytes, buffer)
    }
}
