import Glibc

/// An open file descriptor that is closed exactly once: by `close()`, which reports a failure, or else
/// when the last reference goes. Every call goes through `calls` and retries EINTR; a failure is a
/// `SystemError` naming the operation and `path`. A borrowed one (standard input) is never closed here.
public final class FileDescriptor {
    public let rawValue: Int32
    /// What was opened, for messages.
    public let path: String
    package let calls: SystemCalls
    public private(set) var isOpen = true
    private let isBorrowed: Bool

    package init(rawValue: Int32, path: String, calls: SystemCalls, isBorrowed: Bool = false) {
        self.rawValue = rawValue; self.path = path; self.calls = calls; self.isBorrowed = isBorrowed
    }

    /// A descriptor the process keeps for its whole life (0, standard input): read through the seam like
    /// any other, never closed by `close()` or when the last reference goes.
    public static func borrowing(_ rawValue: Int32, name: String, calls: SystemCalls = .real) -> FileDescriptor {
        FileDescriptor(rawValue: rawValue, path: name, calls: calls, isBorrowed: true)
    }

    /// open(2); `operation` names it in the error ("create", "open directory").
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0, calls: SystemCalls = .real,
                            operation: String = "open") throws(SystemError) -> FileDescriptor {
        let fd = retryingEINTR { calls.open(path, flags, mode) }
        guard fd >= 0 else { throw SystemError(operation, path, errno: errno) }
        return FileDescriptor(rawValue: fd, path: path, calls: calls)
    }

    /// Takes ownership of a descriptor made by another call (signalfd, timerfd_create); nil for a failed one.
    package static func adopting(_ rawValue: Int32, name: String, calls: SystemCalls = .real) -> FileDescriptor? {
        rawValue >= 0 ? FileDescriptor(rawValue: rawValue, path: name, calls: calls) : nil
    }

    deinit { if isOpen && !isBorrowed { _ = calls.close(rawValue) } }

    /// Linux frees the descriptor even when close fails, so it is never closed twice; EINTR loses
    /// nothing, any other failure may be lost data.
    public func close(operation: String = "close") throws(SystemError) {
        guard isOpen, !isBorrowed else { return }
        isOpen = false
        if calls.close(rawValue) != 0 && errno != EINTR { throw SystemError(operation, path, errno: errno) }
    }

    /// Up to `buffer.count` bytes; 0 at the end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        let n = retryingEINTR { calls.read(rawValue, buffer.baseAddress!, buffer.count) }
        guard n >= 0 else { throw SystemError("read", path, errno: errno) }
        return n
    }

    /// Up to `buffer.count` bytes from `offset` (pread: the file position stays); fewer only at the end.
    /// A short read continues, so FreeType and the like may ask for a whole table at once.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = retryingEINTR { calls.pread(rawValue, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
            guard n >= 0 else { throw SystemError("read", path, errno: errno) }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Waits until a read would not block, at most `timeoutMilliseconds` (-1: for ever); false when the time ran out.
    public func waitUntilReadable(timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        var watch = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let n = retryingEINTR { calls.poll(&watch, 1, timeoutMilliseconds) }
        guard n >= 0 else { throw SystemError("poll", path, errno: errno) }
        return n > 0
    }

    /// All of `bytes`: short writes continue; a write that makes no progress is a full disk.
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in retryingEINTR { calls.write(rawValue, raw.baseAddress! + done, raw.count - done) } }
            if n < 0 { throw SystemError("write", path, errno: errno) }
            if n == 0 { throw SystemError("write", path, errno: ENOSPC) }
            done += n
        }
    }

    public func sync(operation: String = "fsync") throws(SystemError) {
        guard retryingEINTR({ calls.fsync(rawValue) }) == 0 else { throw SystemError(operation, path, errno: errno) }
    }

    public func status() throws(SystemError) -> stat {
        var info = stat()
        guard calls.fstat(rawValue, &info) == 0 else { throw SystemError("fstat", path, errno: errno) }
        return info
    }

    /// ioctl(2) `request` (named `name` in the error) on `argument`.
    public func control<T>(_ request: UInt, _ name: String, _ argument: inout T, subject: String? = nil) throws(SystemError) {
        let r = withUnsafeMutablePointer(to: &argument) { p in retryingEINTR { calls.ioctl(rawValue, request, p) } }
        guard r == 0 else { throw SystemError(name, subject ?? path, errno: errno) }
    }

    /// `length` bytes at `offset`, shared and read-write.
    public func map(length: Int, offset: off_t = 0, operation: String = "mmap", subject: String? = nil)
        throws(SystemError) -> MemoryMap {
        guard let base = calls.mapShared(rawValue, length, offset) else { throw SystemError(operation, subject ?? path, errno: errno) }
        return MemoryMap(base: base, length: length, calls: calls)
    }
}
