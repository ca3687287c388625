/// Why a recording was refused: the line it went wrong on (1 for the first), and what was wrong there.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, _ message: String) { self.line = line; self.message = message }
    public var description: String { "line \(line): \(message)" }
}
