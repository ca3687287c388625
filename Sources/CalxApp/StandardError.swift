#if canImport(Glibc)
import Glibc
#endif

/// Prints a line to standard error (Swift 6 forbids touching C's shared `stderr`), its control bytes
/// escaped: a message may quote a stranger's file or argument.
package func printError(_ message: String) {
    var line = message.escapingControls + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Prints a line to standard output at once: `print` holds a pipe's output until exit, and a long
/// soak shows its points as they come.
package func printNow(_ message: String) {
    var line = message.escapingControls + "\n"
    line.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// Prints a line to standard output through Swift's buffered `print`, its control bytes escaped:
/// every line a command prints may hold a stranger's bytes (a config value, a file's name).
package func printLine(_ text: String) {
    print(text.escapingControls)
}
