import Glibc

/// An open regular file read a piece at a time, for a reader that keeps only what it needs of it
/// (`calx shot --touch` plays a 16 MiB script with a piece in memory). `rewind` reads it again from the
/// same descriptor: a second pass sees the same file, not whatever the path names by then.
public final class RegularFilePieces {
    private let file: FileDescriptor
    private let limit: Int
    private let path: String
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var total = 0

    init(file: FileDescriptor, limit: Int, path: String) {
        self.file = file; self.limit = limit; self.path = path
    }

    /// The next piece (valid until the next call), nil at the end. Stops at the cap even if the file
    /// grew after it was checked.
    public func next() throws(SystemError) -> ArraySlice<UInt8>? {
        let n = try buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try file.read(into: raw) } }.get()
        if n == 0 { return nil }
        total += n
        guard total <= limit else { throw SystemError("read", path, problem: "more than the \(limit) bytes allowed") }
        return buffer[0..<n]
    }

    /// Back to the first byte.
    public func rewind() throws(SystemError) {
        guard lseek(file.rawValue, 0, SEEK_SET) == 0 else { throw SystemError("lseek", path, errno: errno) }
        total = 0
    }
}
