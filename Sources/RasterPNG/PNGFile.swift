import Glibc
import Raster
import SystemFiles

/// Reading and writing PNG files, through SystemFiles as every file Calx touches. A write replaces the
/// file whole (`AtomicFile`: a temporary file beside it, fsync, rename, fsync of the directory), so a
/// reader never sees half a picture, not even after a power cut.
public enum PNGFile {
    /// The largest file `read` takes: a 1920x1080 picture stored uncompressed is 8 MB.
    public static let readLimit = 64 << 20

    public static func read(path: String) throws(PNGError) -> PixelImage {
        let bytes: [UInt8]?
        do { bytes = try RegularFile(path: path, limit: readLimit).read() } catch { throw PNGError(error.description) }
        guard let bytes else { throw PNGError(SystemError("open", path, errno: ENOENT).description) }
        do {
            return try PNGCodec.decode(bytes)
        } catch {
            throw PNGError("\(path): \(error.message)")
        }
    }

    public static func write(_ buffer: PixelBuffer, path: String) throws(PNGError) {
        let bytes: [UInt8]
        do { bytes = try PNGCodec.encode(buffer) } catch { throw PNGError("\(path): \(error.message)") }
        try writeBytes(bytes, path: path)
    }

    /// `write` for a picture drawn only to be saved: packs it in its own memory (`encodeConsumingPixels`).
    public static func writeConsumingPixels(_ buffer: PixelBuffer, path: String) throws(PNGError) {
        let bytes: [UInt8]
        do { bytes = try PNGCodec.encodeConsumingPixels(buffer) } catch { throw PNGError("\(path): \(error.message)") }
        try writeBytes(bytes, path: path)
    }

    /// Readable by all, as the pictures were before they were written atomically.
    static func writeBytes(_ bytes: [UInt8], path: String) throws(PNGError) {
        do { try AtomicFile(path: path, permissions: 0o644).write(bytes) } catch { throw PNGError(error.description) }
    }
}
