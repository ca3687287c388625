import Glibc

/// A whole file read at once, refusing what a reader must never wait on or swallow: anything but a
/// regular file (a FIFO would block for ever, a device may never end) and anything over a size cap.
public struct RegularFile: Sendable {
    public let path: String
    /// Bytes past this are refused, not read.
    public let limit: Int
    /// False: a symbolic link at `path` is refused (ELOOP), as for files the kiosk writes itself.
    public let followsSymlinks: Bool
    public var calls: FileSystemCalls

    public init(path: String, limit: Int, followsSymlinks: Bool = true, calls: FileSystemCalls = .real) {
        self.path = path; self.limit = limit; self.followsSymlinks = followsSymlinks; self.calls = calls
    }

    /// The whole file, nil when it does not exist.
    public func read() throws(PlatformError) -> [UInt8]? {
        guard let fd = try openForReading() else { return nil }
        defer { _ = calls.close(fd) }
        try checkIsSmallRegularFile(fd)
        return try readAll(fd)
    }

    /// Non-blocking, so that even a FIFO created between the open and the check cannot hold us.
    func openForReading() throws(PlatformError) -> Int32? {
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (followsSymlinks ? 0 : O_NOFOLLOW)
        let fd = retrying { calls.open(path, flags, 0) }
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { return nil }
            if e == ELOOP && !followsSymlinks { throw PlatformError("open", path, problem: "a symbolic link, which is not followed") }
            throw PlatformError("open", path, errno: e)
        }
        return fd
    }

    func checkIsSmallRegularFile(_ fd: Int32) throws(PlatformError) {
        var info = stat()
        guard calls.fstat(fd, &info) == 0 else { throw PlatformError("fstat", path, errno: errno) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw PlatformError("read", path, problem: "\(RegularFile.typeName(type)), not a regular file") }
        guard Int(info.st_size) <= limit else {
            throw PlatformError("read", path, problem: "\(info.st_size) bytes, more than the \(limit) allowed")
        }
    }

    /// Reads to the end, stopping at the cap even if the file grew after the check.
    func readAll(_ fd: Int32) throws(PlatformError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in retrying { calls.read(fd, raw.baseAddress!, raw.count) } }
            if n < 0 { throw PlatformError("read", path, errno: errno) }
            if n == 0 { return out }
            guard out.count + n <= limit else {
                throw PlatformError("read", path, problem: "more than the \(limit) bytes allowed")
            }
            out += chunk[0..<n]
        }
    }

    static func typeName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "an unknown kind of file"
        }
    }
}
