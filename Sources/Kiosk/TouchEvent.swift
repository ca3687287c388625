/// One contact's change in a touch frame, in screen pixels of the upright (rotated) picture.
/// Platform assembles these from evdev; tests and `calx shot` write them directly.
public struct TouchEvent: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case down, move, up, cancel }
    /// Stable for the life of one contact.
    public var id: Int
    public var x: Double
    public var y: Double
    public var phase: Phase
    /// Seconds on a monotonic clock.
    public var time: Double

    public init(id: Int, x: Double, y: Double, phase: Phase, time: Double) {
        self.id = id; self.x = x; self.y = y; self.phase = phase; self.time = time
    }
}
