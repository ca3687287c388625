import Glibc

/// A file replaced whole: temp file in the same directory, full write, fsync, rename, fsync of the directory.
/// Afterwards the old or the new bytes are there, never a mix.
public struct AtomicFile: Sendable {
    public let path: String
    /// The largest file `read` accepts.
    public let limit: Int
    public var calls: FileSystemCalls

    public static let defaultLimit = 16 << 20

    public init(path: String, limit: Int = AtomicFile.defaultLimit, calls: FileSystemCalls = .real) {
        self.path = path; self.limit = limit; self.calls = calls
    }

    var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    var name: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    var temporaryPrefix: String { "\(name).tmp-" }
    var temporaryPath: String { "\(path).tmp-\(getpid())" }

    public func write(_ bytes: [UInt8]) throws(PlatformError) {
        let temp = temporaryPath
        let fd = try createTemporary(temp)
        var failure: PlatformError?
        if let e = writeAll(fd, bytes) { failure = PlatformError("write", temp, errno: e) }
        else if retrying({ calls.fsync(fd) }) != 0 { failure = PlatformError("fsync", temp, errno: errno) }
        // Linux frees the fd even when close fails with EINTR; any other failure may be lost data.
        if calls.close(fd) != 0 && errno != EINTR && failure == nil { failure = PlatformError("close", temp, errno: errno) }
        if failure == nil && calls.rename(temp, path) != 0 { failure = PlatformError("rename", path, errno: errno) }
        if let failure { _ = calls.unlink(temp); throw failure }
        try syncDirectory()
    }

    /// O_EXCL|O_NOFOLLOW: never writes through a link or into a file someone else made. A leftover of
    /// an earlier process with our pid (a reboot reuses pids) is ours to remove, once.
    func createTemporary(_ temp: String) throws(PlatformError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var fd = retrying { calls.open(temp, flags, 0o600) }
        if fd < 0 && errno == EEXIST && calls.unlink(temp) == 0 { fd = retrying { calls.open(temp, flags, 0o600) } }
        guard fd >= 0 else { throw PlatformError("create", temp, errno: errno) }
        return fd
    }

    /// The rename is only durable once the directory is on disk too.
    func syncDirectory() throws(PlatformError) {
        let dfd = retrying { calls.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        guard dfd >= 0 else { throw PlatformError("open directory", directory, errno: errno) }
        var failure: PlatformError?
        if retrying({ calls.fsync(dfd) }) != 0 { failure = PlatformError("fsync directory", directory, errno: errno) }
        if calls.close(dfd) != 0 && errno != EINTR && failure == nil { failure = PlatformError("close directory", directory, errno: errno) }
        if let failure { throw failure }
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

    /// The whole file, nil when it does not exist. Refuses a symbolic link, anything but a regular
    /// file (opened non-blocking, so a FIFO cannot hang the kiosk) and anything over `limit` bytes.
    public func read() throws(PlatformError) -> [UInt8]? {
        try RegularFile(path: path, limit: limit, followsSymlinks: false, calls: calls).read()
    }

    /// Removes the temp files of writes that never finished (a crash, a power cut), except those of a
    /// process still running. Returns the paths removed.
    @discardableResult
    public func removeStaleTemporaries() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entryName.hasPrefix(temporaryPrefix) else { continue }
            let owner = Int32(entryName.dropFirst(temporaryPrefix.count))
            if let owner, owner != getpid(), owner > 0, kill(owner, 0) == 0 || errno == EPERM { continue }
            stale.append(directory + "/" + entryName)
        }
        return stale.filter { calls.unlink($0) == 0 }
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
