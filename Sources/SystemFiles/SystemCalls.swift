import CSystemFiles
import Glibc

/// Every system call Calx makes on a file or device, as values (swift-system's seam): `real` goes to
/// Glibc, and a test swaps any one for a fake that fails the way a kernel or driver can. Each keeps the C
/// convention (-1, or nil for mmap, with errno set); `FileDescriptor` and `MemoryMap` turn that into
/// thrown `SystemError`s and retry EINTR, in one place.
public struct SystemCalls: @unchecked Sendable {
    public var open: (String, Int32, mode_t) -> Int32 = { Glibc.open($0, $1, $2) }
    public var close: (Int32) -> Int32 = { Glibc.close($0) }
    public var read: (Int32, UnsafeMutableRawPointer, Int) -> Int = { Glibc.read($0, $1, $2) }
    /// pread(2): at an offset, leaving the file position alone.
    public var pread: (Int32, UnsafeMutableRawPointer, Int, off_t) -> Int = { Glibc.pread($0, $1, $2, $3) }
    public var write: (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) }
    public var fstat: (Int32, inout stat) -> Int32 = { Glibc.fstat($0, &$1) }
    public var fsync: (Int32) -> Int32 = { Glibc.fsync($0) }
    public var rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    public var unlink: (String) -> Int32 = { Glibc.unlink($0) }
    /// renameat2(2) in the working directory, with `RenameFlag.noReplace` or `.exchange`.
    public var renameat2: (String, String, UInt32) -> Int32 = { calx_renameat2($0, $1, $2) }
    /// ioctl(2) with a pointer argument.
    public var ioctl: (Int32, UInt, UnsafeMutableRawPointer?) -> Int32 = { fd, request, argument in
        argument.map { Glibc.ioctl(fd, request, $0) } ?? Glibc.ioctl(fd, request)
    }
    /// mmap(2) of `length` bytes at `offset`, shared and read-write; nil where mmap gives MAP_FAILED.
    public var mapShared: (Int32, Int, off_t) -> UnsafeMutableRawPointer? = { fd, length, offset in
        let p = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset)
        return p == MAP_FAILED ? nil : p
    }
    public var munmap: (UnsafeMutableRawPointer, Int) -> Int32 = { Glibc.munmap($0, $1) }
    public var poll: (UnsafeMutablePointer<pollfd>, nfds_t, Int32) -> Int32 = { Glibc.poll($0, $1, $2) }
    /// signalfd(2) for a new descriptor (-1) over `mask`, with `flags` (SFD_CLOEXEC, SFD_NONBLOCK).
    public var signalfd: (inout sigset_t, Int32) -> Int32 = { CSystemFiles.signalfd(-1, &$0, $1) }
    /// timerfd_create(2) and timerfd_settime(2) (with no old value asked back).
    public var timerfdCreate: (clockid_t, Int32) -> Int32 = { CSystemFiles.timerfd_create($0, $1) }
    public var timerfdSetTime: (Int32, Int32, inout itimerspec) -> Int32 = { CSystemFiles.timerfd_settime($0, $1, &$2, nil) }
    /// inotify_init1(2) and inotify_add_watch(2).
    public var inotifyInit: (Int32) -> Int32 = { CSystemFiles.inotify_init1($0) }
    public var inotifyAddWatch: (Int32, String, UInt32) -> Int32 = { CSystemFiles.inotify_add_watch($0, $1, $2) }
    public init() {}
    public static let real = SystemCalls()
}

/// renameat2(2)'s flags (<linux/fs.h>).
public enum RenameFlag {
    /// Fails with EEXIST when the destination exists.
    public static let noReplace: UInt32 = 1
    /// Swaps the two names, both of which must exist.
    public static let exchange: UInt32 = 2
}

/// Calls `call` again while it fails with EINTR: the one place an interrupted call is retried.
package func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r >= 0 || errno != EINTR { return r }
    }
}
