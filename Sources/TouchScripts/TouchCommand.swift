/// One checked line of a touch script. Coordinates are screen pixels, times milliseconds.
public enum TouchCommand: Sendable, Equatable {
    case down(id: Int, x: Double, y: Double)
    case move(id: Int, x: Double, y: Double)
    /// Lifts where the finger last was (the script gives no position; the parser remembers it).
    case up(id: Int, x: Double, y: Double)
    case wait(milliseconds: Double)
    case tap(x: Double, y: Double)
    case hold(x: Double, y: Double, milliseconds: Double)
    case pan(fromX: Double, fromY: Double, toX: Double, toY: Double)
    /// Two fingers on a horizontal line through the centre, their distance going from `from` to `to`.
    case pinch(centerX: Double, centerY: Double, from: Double, to: Double)
    /// A marker line for the VM test's log; nothing to do for a headless player.
    case say(String)
    /// Wait for a line on standard input (the VM test's host types it); nothing to do headless.
    case awaitLine
}

/// A command and the line it came from.
public struct TouchScriptLine: Sendable, Equatable {
    public var number: Int
    public var command: TouchCommand
    public init(number: Int, command: TouchCommand) { self.number = number; self.command = command }
}

/// Why a line was refused, and which.
public struct TouchScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) { self.line = line; self.message = message }
    public var description: String { "line \(line): \(message)" }
}
