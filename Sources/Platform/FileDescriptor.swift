import Glibc

/// An open file descriptor that is closed exactly once: by `close()`, which reports a failure, or else
/// when the last reference goes. Every call goes through `calls` and retries EINTR; a failure is a
/// `PlatformError` naming the operation and `path`.
public final class FileDescriptor {
    public let rawValue: Int32
    /// What was opened, for messages.
    public let path: String
    let calls: SystemCalls
    public private(set) var isOpen = true

    init(rawValue: Int32, path: String, calls: SystemCalls) {
        self.rawValue = rawValue; self.path = path; self.calls = calls
    }

    /// open(2); `operation` names it in the error ("create", "open directory").
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0, calls: SystemCalls = .real,
                            operation: String = "open") throws(PlatformError) -> FileDescriptor {
        let fd = retryingEINTR { calls.open(path, flags, mode) }
        guard fd >= 0 else { throw PlatformError(operation, path, errno: errno) }
        return FileDescriptor(rawValue: fd, path: path, calls: calls)
    }

    /// Takes ownership of a descriptor made by another call (signalfd, timerfd_create); nil for a failed one.
    static func adopting(_ rawValue: Int32, name: String, calls: SystemCalls = .real) -> FileDescriptor? {
        rawValue >= 0 ? FileDescriptor(rawValue: rawValue, path: name, calls: calls) : nil
    }

    deinit { if isOpen { _ = calls.close(rawValue) } }

    /// Linux frees the descriptor even when close fails, so it is never closed twice; EINTR loses
    /// nothing, any other failure may be lost data.
    public func close(operation: String = "close") throws(PlatformError) {
        guard isOpen else { return }
        isOpen = false
        if calls.close(rawValue) != 0 && errno != EINTR { throw PlatformError(operation, path, errno: errno) }
    }

    /// Up to `buffer.count` bytes; 0 at the end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PlatformError) -> Int {
        let n = retryingEINTR { calls.read(rawValue, buffer.baseAddress!, buffer.count) }
        guard n >= 0 else { throw PlatformError("read", path, errno: errno) }
        return n
    }

    /// All of `bytes`: short writes continue; a write that makes no progress is a full disk.
    public func writeAll(_ bytes: [UInt8]) throws(PlatformError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in retryingEINTR { calls.write(rawValue, raw.baseAddress! + done, raw.count - done) } }
            if n < 0 { throw PlatformError("write", path, errno: errno) }
            if n == 0 { throw PlatformError("write", path, errno: ENOSPC) }
            done += n
        }
    }

    public func sync(operation: String = "fsync") throws(PlatformError) {
        guard retryingEINTR({ calls.fsync(rawValue) }) == 0 else { throw PlatformError(operation, path, errno: errno) }
    }

    public func status() throws(PlatformError) -> stat {
        var info = stat()
        guard calls.fstat(rawValue, &info) == 0 else { throw PlatformError("fstat", path, errno: errno) }
        return info
    }

    /// ioctl(2) `request` (named `name` in the error) on `argument`.
    public func control<T>(_ request: UInt, _ name: String, _ argument: inout T, subject: String? = nil) throws(PlatformError) {
        let r = withUnsafeMutablePointer(to: &argument) { p in retryingEINTR { calls.ioctl(rawValue, request, p) } }
        guard r == 0 else { throw PlatformError(name, subject ?? path, errno: errno) }
    }

    /// `length` bytes at `offset`, shared and read-write.
    public func map(length: Int, offset: off_t = 0, operation: String = "mmap", subject: String? = nil)
        throws(PlatformError) -> MemoryMap {
        guard let base = calls.mapShared(rawValue, length, offset) else { throw PlatformError(operation, subject ?? path, errno: errno) }
        return MemoryMap(base: base, length: length, calls: calls)
    }
}
