import Glibc
import Raster

/// Reading and writing PNG files. Writes go to a temporary file that is renamed into place,
/// so a reader never sees half a picture.
public enum PNGFile {
    public static func read(path: String) throws(PNGError) -> PixelImage {
        do {
            return try PNGCodec.decode(readBytes(path: path))
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

    static func readBytes(path: String) throws(PNGError) -> [UInt8] {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw PNGError("cannot open: \(systemError())") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in
                retryingOnInterrupt { Glibc.read(fd, raw.baseAddress, raw.count) }
            }
            if n < 0 { throw PNGError("cannot read: \(systemError())") }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    static func writeBytes(_ bytes: [UInt8], path: String) throws(PNGError) {
        let temporary = "\(path).tmp.\(getpid())"
        let fd = retryingOnInterrupt { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw PNGError("\(path): cannot create: \(systemError())") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                retryingOnInterrupt { Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset) }
            }
            if n <= 0 {
                let reason = systemError()
                close(fd)
                unlink(temporary)
                throw PNGError("\(path): cannot write: \(reason)")
            }
            offset += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = systemError()
            unlink(temporary)
            throw PNGError("\(path): cannot rename into place: \(reason)")
        }
    }

    static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
