#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Where a command writes what it makes (`calx shot --out`): a new path or a regular file, replaced
/// atomically, or `-` for standard output. Never anything else: run as root, `--out /dev/full` once
/// made /dev/full a regular file. A symbolic link is refused too rather than followed or replaced (it
/// may point at a device, and replacing the link itself would surprise whoever made it).
///
/// `checked` refuses what it can before any work; Platform's `AtomicFile` refuses it again at the
/// rename itself, without a window in between, if the path changed meanwhile.
enum OutputFile: Equatable {
    case standardOutput
    case path(String)

    static let accepted = "a new path or a regular file, or - for standard output"

    /// The destination `value` names, or why `option` cannot write there.
    static func checked(_ value: String, option: String) -> Result<OutputFile, OptionProblem> {
        if value == "-" {
            guard isatty(1) == 0 else {
                return .failure(OptionProblem("\(option) -: standard output is a terminal; redirect it to a file or a pipe"))
            }
            return .success(.standardOutput)
        }
        guard !value.isEmpty else { return .failure(.bad(option, accepted, got: value)) }
        var info = stat()
        if lstat(value, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG else {
                return .failure(OptionProblem("\(option) \(value.quotedForMessage): \(RegularFile.typeName(type)), not a regular file "
                                              + "(\(option) takes \(accepted))"))
            }
            return .success(.path(value))
        }
        guard errno == ENOENT else {
            return .failure(OptionProblem("\(option) \(value.quotedForMessage): \(String(cString: strerror(errno)))"))
        }
        if let problem = missingDirectory(of: value) { return .failure(OptionProblem("\(option) \(value.quotedForMessage): \(problem)")) }
        return .success(.path(value))
    }

    /// Writes `bytes` whole; the error says why not.
    func write(_ bytes: [UInt8]) throws(PlatformError) {
        switch self {
        case .path(let path): try AtomicFile(path: path, permissions: 0o644).write(bytes)
        case .standardOutput:
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw PlatformError("write", "standard output", errno: n == 0 ? ENOSPC : errno) }
                done += n
            }
        }
    }
}

/// Why a new file at `path` cannot be made for want of its directory; nil when the directory is there.
func missingDirectory(of path: String) -> String? {
    let directory = AtomicFile(path: path).directory
    var info = stat()
    guard stat(directory, &info) == 0 else { return "there is no directory \(directory.quotedForMessage)" }
    guard info.st_mode & S_IFMT == S_IFDIR else { return "\(directory.quotedForMessage) is not a directory" }
    return nil
}
