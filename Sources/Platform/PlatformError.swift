/// A failed system call, as a value: which call, on what, and errno.
public struct PlatformError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let subject: String
    public let errno: Int32

    public init(_ operation: String, _ subject: String, errno: Int32) {
        self.operation = operation
        self.subject = subject
        self.errno = errno
    }

    public var description: String { "\(operation) \(subject): errno \(errno)" }
}
