#if canImport(Glibc)
import Glibc
#endif

/// Prints a line to standard error (Swift 6 forbids touching C's shared `stderr`).
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
