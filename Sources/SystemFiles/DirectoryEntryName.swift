import Glibc

/// The name of a `readdir` entry, read in place up to its NUL. A copy of the whole 256-byte `d_name`
/// (`withUnsafeBytes(of: entry.pointee.d_name)`) reads past the kernel's record into bytes nobody wrote:
/// valgrind memcheck reports uninitialised values in every scan of a directory done that way.
public func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) { String(cString: $0) }
    }
}
