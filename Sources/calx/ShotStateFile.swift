#if canImport(Glibc)
import Glibc
#endif
import Kiosk

/// The state file behind `--state` for `calx shot`: temp file, fsync, rename, fsync of the directory;
/// unreadable files are renamed aside with a timestamp. (Platform's FileStateStorage can replace it
/// once it is on main; this one keeps `calx shot` free of Foundation, which costs ~15 MB of RSS.)
func makeFileStateStorage(path: String) -> any StateStorage { ShotStateFile(path: path) }

struct FileError: Error, CustomStringConvertible {
    var description: String
    init(_ what: String, _ path: String) { description = "\(what) \(path): \(String(cString: strerror(errno)))" }
}

final class ShotStateFile: StateStorage {
    let path: String
    init(path: String) { self.path = path }

    func load() throws -> [UInt8]? {
        guard access(path, F_OK) == 0 else { return nil }
        return try readWholeFile(path)
    }

    func save(_ bytes: [UInt8]) throws {
        let temp = path + ".tmp-\(getpid())"
        let fd = retryingEINTR { open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw FileError("cannot create", temp) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { raw in retryingEINTR { write(fd, raw.baseAddress, raw.count) } }
            guard n > 0 else { close(fd); unlink(temp); throw FileError("cannot write", temp) }
            written += n
        }
        guard fsync(fd) == 0 else { close(fd); unlink(temp); throw FileError("cannot fsync", temp) }
        close(fd)
        guard rename(temp, path) == 0 else { unlink(temp); throw FileError("cannot rename onto", path) }
        let dir = directory(of: path)
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    func setAside() throws -> String {
        let stamp = time(nil)
        var target = "\(path).corrupt-\(stamp)"
        var n = 1
        while access(target, F_OK) == 0 { target = "\(path).corrupt-\(stamp)-\(n)"; n += 1 }
        guard rename(path, target) == 0 else { throw FileError("cannot move aside", path) }
        return target
    }
}

func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r >= 0 || errno != EINTR { return r }
    }
}

/// The whole file, or a FileError; bounded at 64 MB.
func readWholeFile(_ path: String) throws -> [UInt8] {
    let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { throw FileError("cannot open", path) }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { raw in retryingEINTR { read(fd, raw.baseAddress, raw.count) } }
        if n < 0 { throw FileError("cannot read", path) }
        if n == 0 { return out }
        out += chunk[0..<n]
        if out.count > 64 << 20 { throw FileError("too large:", path) }
    }
}
