import Glibc

/// The system calls AtomicFile makes, as values, so tests can make any one of them fail.
public struct FileSystemCalls: @unchecked Sendable {
    public var open: (String, Int32, mode_t) -> Int32 = { Glibc.open($0, $1, $2) }
    public var write: (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) }
    public var fsync: (Int32) -> Int32 = { Glibc.fsync($0) }
    public var rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    public var close: (Int32) -> Int32 = { Glibc.close($0) }
    public var unlink: (String) -> Int32 = { Glibc.unlink($0) }
    public init() {}
    public static let real = FileSystemCalls()
}

/// A file replaced whole: temp file in the same directory, full write, fsync, rename, fsync of the directory.
/// Afterwards the old or the new bytes are there, never a mix.
public struct AtomicFile: Sendable {
    public let path: String
    public var calls: FileSystemCalls

    public init(path: String, calls: FileSystemCalls = .real) { self.path = path; self.calls = calls }

    var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public func write(_ bytes: [UInt8]) throws(PlatformError) {
        let temp = "\(path).tmp-\(getpid())"
        let fd = retrying { calls.open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw PlatformError("open", temp, errno: errno) }
        var failure: PlatformError?
        if let e = writeAll(fd, bytes) { failure = PlatformError("write", temp, errno: e) }
        else if retrying({ calls.fsync(fd) }) != 0 { failure = PlatformError("fsync", temp, errno: errno) }
        _ = calls.close(fd)
        if failure == nil && calls.rename(temp, path) != 0 { failure = PlatformError("rename", path, errno: errno) }
        if let failure { _ = calls.unlink(temp); throw failure }
        let dfd = calls.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        if dfd >= 0 { _ = retrying { calls.fsync(dfd) }; _ = calls.close(dfd) }
    }

    /// nil when done, else errno. Short writes continue; EINTR retries.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in retrying { calls.write(fd, raw.baseAddress! + done, bytes.count - done) } }
            if n < 0 { return errno }
            if n == 0 { return ENOSPC }
            done += n
        }
        return nil
    }

    /// The whole file, nil when it does not exist.
    public func read() throws(PlatformError) -> [UInt8]? {
        let fd = retrying { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { if errno == ENOENT { return nil }; throw PlatformError("open", path, errno: errno) }
        defer { _ = Glibc.close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in retrying { Glibc.read(fd, raw.baseAddress, raw.count) } }
            if n < 0 { throw PlatformError("read", path, errno: errno) }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// Renames the file to `<path>.corrupt-<unix time>[-n]`; returns the new path.
    public func moveAside() throws(PlatformError) -> String {
        let stamp = time(nil)
        var target = "\(path).corrupt-\(stamp)"
        var n = 1
        while access(target, F_OK) == 0 { target = "\(path).corrupt-\(stamp)-\(n)"; n += 1 }
        guard calls.rename(path, target) == 0 else { throw PlatformError("rename aside", path, errno: errno) }
        return target
    }
}

func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r >= 0 || errno != EINTR { return r }
    }
}
