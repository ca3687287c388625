/// Why a PNG could not be encoded, decoded, read or written. The message is meant for people.
public struct PNGError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
