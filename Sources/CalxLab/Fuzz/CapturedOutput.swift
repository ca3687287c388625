#if canImport(Glibc)
import Glibc
#endif

/// What a command run in this process writes to standard output and error, caught in one file: the messages
/// fuzz checks every byte calx prints, from every place that prints. The lab's own descriptors are put back after.
enum CapturedOutput {
    /// At most this much is read back: a case's output beyond it already fails the target's output limit.
    static let readLimit = 1 << 20

    /// What `body` writes to descriptors 1 and 2 (Swift's buffered `print` flushed too), with standard input
    /// read from `input`; the output goes through the file `capture`.
    static func of(input: String, capture: String, _ body: () -> Void) -> [UInt8] {
        fflush(nil)
        let saved = (dup(0), dup(1), dup(2))
        let out = open(capture, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600), source = open(input, O_RDONLY | O_CLOEXEC)
        dup2(source, 0); dup2(out, 1); dup2(out, 2)
        // A case that traps names itself on the terminal, not in the file no one reads after.
        FuzzCrashReport.descriptor = saved.2
        body()
        fflush(nil)
        FuzzCrashReport.descriptor = 2
        dup2(saved.0, 0); dup2(saved.1, 1); dup2(saved.2, 2)
        close(saved.0); close(saved.1); close(saved.2); close(source)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        lseek(out, 0, SEEK_SET)
        while bytes.count <= readLimit {
            let n = buffer.withUnsafeMutableBytes { read(out, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        close(out)
        return bytes
    }
}
