import Glibc

/// The system calls the file types make, as values, so tests can make any one of them fail.
public struct FileSystemCalls: @unchecked Sendable {
    public var open: (String, Int32, mode_t) -> Int32 = { Glibc.open($0, $1, $2) }
    public var read: (Int32, UnsafeMutableRawPointer, Int) -> Int = { Glibc.read($0, $1, $2) }
    public var fstat: (Int32, inout stat) -> Int32 = { Glibc.fstat($0, &$1) }
    public var write: (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) }
    public var fsync: (Int32) -> Int32 = { Glibc.fsync($0) }
    public var rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    public var close: (Int32) -> Int32 = { Glibc.close($0) }
    public var unlink: (String) -> Int32 = { Glibc.unlink($0) }
    public init() {}
    public static let real = FileSystemCalls()
}

/// Calls `call` again while it fails with EINTR.
func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r >= 0 || errno != EINTR { return r }
    }
}
