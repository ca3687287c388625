import Glibc

/// A whole file read at once, refusing what a reader must never wait on or swallow: anything but a
/// regular file (a FIFO would block for ever, a device may never end) and anything over a size cap.
public struct RegularFile: Sendable {
    public let path: String
    /// Bytes past this are refused, not read.
    public let limit: Int
    /// False: a symbolic link at `path` is refused (ELOOP), as for files the kiosk writes itself.
    public let followsSymlinks: Bool
    public var calls: SystemCalls

    public init(path: String, limit: Int, followsSymlinks: Bool = true, calls: SystemCalls = .real) {
        self.path = path; self.limit = limit; self.followsSymlinks = followsSymlinks; self.calls = calls
    }

    /// The whole file, nil when it does not exist.
    public func read() throws(SystemError) -> [UInt8]? {
        guard let reader = try openPieces() else { return nil }
        var out: [UInt8] = []
        while let piece = try reader.next() { out += piece }
        return out
    }

    /// The file to read a piece at a time (`RegularFilePieces`), after the same checks; nil when it
    /// does not exist.
    public func openPieces() throws(SystemError) -> RegularFilePieces? {
        guard let file = try openForReading() else { return nil }
        try checkIsSmallRegularFile(file)
        return RegularFilePieces(file: file, limit: limit, path: path)
    }

    /// Non-blocking, so that even a FIFO created between the open and the check cannot hold us.
    func openForReading() throws(SystemError) -> FileDescriptor? {
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (followsSymlinks ? 0 : O_NOFOLLOW)
        do { return try FileDescriptor.open(path, flags, calls: calls) } catch {
            if error.errno == ENOENT { return nil }
            if error.errno == ELOOP && !followsSymlinks { throw SystemError("open", path, problem: "a symbolic link, which is not followed") }
            throw error
        }
    }

    func checkIsSmallRegularFile(_ file: FileDescriptor) throws(SystemError) {
        let info = try file.status()
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw SystemError("read", path, problem: "\(RegularFile.typeName(type)), not a regular file") }
        guard Int(info.st_size) <= limit else {
            throw SystemError("read", path, problem: "\(info.st_size) bytes, more than the \(limit) allowed")
        }
    }

    /// "a FIFO", "a directory"…: the kind of file an `st_mode & S_IFMT` names, for messages.
    public static func typeName(_ type: mode_t) -> String {
        switch type {
        case S_IFREG: "a regular file"
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
