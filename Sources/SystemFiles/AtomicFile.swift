import Glibc

/// A file replaced whole: temp file in the same directory, full write, fsync, rename, fsync of the directory.
/// Afterwards the old or the new bytes are there, never a mix; and only ever over a regular file
/// (`AtomicFilePlacement`).
public struct AtomicFile: Sendable {
    public let path: String
    /// The largest file `read` accepts.
    public let limit: Int
    /// The new file's mode before the umask: private (0600) for state, 0644 for a picture others may read.
    public let permissions: mode_t
    public var calls: SystemCalls

    public static let defaultLimit = 16 << 20

    public init(path: String, limit: Int = AtomicFile.defaultLimit, permissions: mode_t = 0o600, calls: SystemCalls = .real) {
        self.path = path; self.limit = limit; self.permissions = permissions; self.calls = calls
    }

    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    var name: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    var temporaryPrefix: String { "\(name).tmp-" }
    var temporaryPath: String { "\(path).tmp-\(getpid())" }

    public func write(_ bytes: [UInt8]) throws(SystemError) {
        let temp = temporaryPath
        let file = try createTemporary(temp)
        var failure: SystemError?
        do { try file.writeAll(bytes); try file.sync() } catch { failure = error }
        do { try file.close() } catch { failure = failure ?? error }
        if let failure { _ = calls.unlink(temp); throw failure }
        try moveIntoPlace(temp)
        try syncDirectory()
    }

    /// O_EXCL|O_NOFOLLOW: never writes through a link or into a file someone else made. A leftover of
    /// an earlier process with our pid (a reboot reuses pids) is ours to remove, once.
    func createTemporary(_ temp: String) throws(SystemError) -> FileDescriptor {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        do { return try FileDescriptor.open(temp, flags, mode: permissions, calls: calls, operation: "create") } catch {
            guard error.errno == EEXIST, calls.unlink(temp) == 0 else { throw error }
            return try FileDescriptor.open(temp, flags, mode: permissions, calls: calls, operation: "create")
        }
    }

    /// The rename is only durable once the directory is on disk too.
    func syncDirectory() throws(SystemError) {
        let dir = try FileDescriptor.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, calls: calls, operation: "open directory")
        var failure: SystemError?
        do { try dir.sync(operation: "fsync directory") } catch { failure = error }
        do { try dir.close(operation: "close directory") } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// The whole file, nil when it does not exist. Refuses a symbolic link, anything but a regular
    /// file (opened non-blocking, so a FIFO cannot hang the kiosk) and anything over `limit` bytes.
    public func read() throws(SystemError) -> [UInt8]? {
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
            let entryName = directoryEntryName(entry)
            guard entryName.hasPrefix(temporaryPrefix) else { continue }
            let owner = Int32(entryName.dropFirst(temporaryPrefix.count))
            if let owner, owner != getpid(), owner > 0, kill(owner, 0) == 0 || errno == EPERM { continue }
            stale.append(directory + "/" + entryName)
        }
        return stale.filter { calls.unlink($0) == 0 }
    }

    /// Renames the file to `<path>.corrupt-<unix time>[-n]`; returns the new path. Only what a broken or
    /// hostile write could have left is moved: a file, a link or a FIFO, never a directory or a device
    /// (`--state /dev/null` must not rename /dev/null).
    public func moveAside() throws(SystemError) -> String {
        var info = stat()
        if lstat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFLNK || type == S_IFIFO else {
                throw SystemError("set aside", path, problem: "\(RegularFile.typeName(type)), which is not moved")
            }
        }
        let stamp = time(nil)
        var target = "\(path).corrupt-\(stamp)"
        var n = 1
        while access(target, F_OK) == 0 { target = "\(path).corrupt-\(stamp)-\(n)"; n += 1 }
        guard calls.rename(path, target) == 0 else { throw SystemError("rename aside", path, errno: errno) }
        return target
    }
}
