/// Where the kiosk keeps its one state file. Platform's atomic file implements it on disk;
/// tests keep it in memory. The kiosk never touches a file descriptor itself.
public protocol StateStorage: AnyObject {
    /// The stored bytes, or nil when there is no state yet.
    func load() throws -> [UInt8]?
    /// Replaces the state atomically: afterwards the old or the new bytes are there, never a mix.
    func save(_ bytes: [UInt8]) throws
    /// Moves unreadable state aside so that it is kept as evidence; returns where it went.
    func setAside() throws -> String
}

/// A load that failed for a reason that says nothing against the stored bytes (an interrupted or refused
/// read, no memory or descriptors): the kiosk keeps the file as it is, and does not save over it.
public struct StateUnavailable: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// State kept in memory, for tests and for `calx shot` without `--state`.
public final class MemoryStateStorage: StateStorage {
    public var bytes: [UInt8]?
    public private(set) var setAsideCopies: [[UInt8]] = []
    public init(bytes: [UInt8]? = nil) { self.bytes = bytes }
    public func load() throws -> [UInt8]? { bytes }
    public func save(_ bytes: [UInt8]) throws { self.bytes = bytes }
    public func setAside() throws -> String {
        if let bytes { setAsideCopies.append(bytes) }
        bytes = nil
        return "memory#\(setAsideCopies.count)"
    }
}
