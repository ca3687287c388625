/// One contact's change, in screen pixels of the upright picture. The input path's own type: calx turns it
/// into Kiosk.TouchEvent.
public struct TouchContact: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case down, move, up, cancel }
    public var id: Int
    public var x: Double
    public var y: Double
    public var phase: Phase
    public init(id: Int, x: Double, y: Double, phase: Phase) { self.id = id; self.x = x; self.y = y; self.phase = phase }
}
