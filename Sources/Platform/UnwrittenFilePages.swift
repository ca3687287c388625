#if canImport(Glibc)
import Glibc
#endif

/// The pages of the program's and its libraries' files that the process maps privately and has never
/// written: code, read-only data, the Swift metadata. They count in the
/// resident set once touched, and the kernel maps 64 kB around every fault, so the start-up (the font, the
/// options, the keys, the layout) leaves megabytes of them resident that a later step never reads again.
public enum UnwrittenFilePages {
    /// A mapping's addresses, start inclusive, end exclusive.
    public struct Range: Equatable, Sendable {
        public var start: UInt
        public var end: UInt
    }

    /// A private mapping of a file, from /proc/PID/smaps.
    public struct Mapping: Equatable, Sendable {
        public var range: Range
        public var writable: Bool
        /// Its pages that are the process's own copies (written, or relocated by the loader), in kB.
        public var anonymousKB: Int
        /// Whether every page is still the file's: not writable, no copy. Such a mapping is dropped whole.
        public var unwritten: Bool { !writable && anonymousKB == 0 }
    }

    /// Drops this process's page-table entries of every mapping whose pages are all still the file's
    /// (`MADV_DONTNEED`), which leaves them in the page cache: what is read again comes back on a minor fault,
    /// unchanged, since nothing was written to them. A writable mapping, or one holding a page the process
    /// wrote or the loader relocated (its own copy), stays: dropping it would lose what was written. `calx shot`
    /// calls it before it allocates its picture, so the peak is the picture and what the drawing reads, not
    /// the start-up's pages as well (docs/performance.md, memory). The number of mappings dropped; nil when
    /// /proc/self/smaps cannot be read.
    @discardableResult
    public static func release() -> Int? {
        guard let smaps = readProcFile("/proc/self/smaps") else { return nil }
        let unwritten = mappings(inSmaps: smaps).filter(\.unwritten)
        for mapping in unwritten {
            let range = mapping.range
            _ = madvise(UnsafeMutableRawPointer(bitPattern: range.start), Int(range.end - range.start), MADV_DONTNEED)
        }
        return unwritten.count
    }

    /// The private mappings of files in `smaps` (the text of /proc/PID/smaps): a path, not `[vdso]`, `[heap]`
    /// or anonymous memory.
    public static func mappings(inSmaps smaps: String) -> [Mapping] {
        var found: [Mapping] = []
        var candidate: Mapping?
        func close() {
            if let mapping = candidate { found.append(mapping) }
            candidate = nil
        }
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":"), fields.count >= 5 {
                close()
                let bounds = first.split(separator: "-")
                let permissions = fields[1]
                guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                      end > start, permissions.count == 4, permissions.hasSuffix("p"),
                      fields.count >= 6, fields[5].hasPrefix("/")
                else { continue }
                candidate = Mapping(range: Range(start: start, end: end), writable: permissions.contains("w"), anonymousKB: 0)
            } else if fields.first == "Anonymous:", fields.count >= 2, let kB = Int(fields[1]) {
                candidate?.anonymousKB = kB
            }
        }
        close()
        return found
    }

    /// A file of /proc whole (its size reads as 0, so it is read until the end).
    static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
