import Glibc

/// A failed system call, as a value: which call, on what, and errno (named by `errnoName`, described by
/// its strerror text).
/// A check that failed without a system call failing carries a `problem` instead, and errno 0.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let subject: String
    public let errno: Int32
    public let problem: String?

    public init(_ operation: String, _ subject: String, errno: Int32) {
        self.operation = operation
        self.subject = subject
        self.errno = errno
        problem = nil
    }

    public init(_ operation: String, _ subject: String, problem: String) {
        self.operation = operation
        self.subject = subject
        errno = 0
        self.problem = problem
    }

    /// errno by its symbolic name ("ENOENT"), nil without one.
    public var errnoName: String? { errno == 0 ? nil : SystemFiles.errnoName(errno) ?? "errno \(errno)" }

    public var description: String {
        if let problem { return "\(operation) \(subject): \(problem)" }
        return "\(operation) \(subject): \(String(cString: strerror(errno))) (\(errnoName ?? "errno \(errno)"))"
    }

    /// The call failed for a reason that says nothing against its subject (interrupted, busy, no memory
    /// or descriptors, an I/O or permission error): a later try may well succeed.
    public var isTransient: Bool {
        [EINTR, EAGAIN, EWOULDBLOCK, EIO, ENOMEM, EMFILE, ENFILE, ENOBUFS, EBUSY, EACCES, EPERM, ETIMEDOUT].contains(errno)
    }
}
