/// A key pressed on a keyboard: its evdev code (linux/input-event-codes.h) and whether a shift key was
/// held. What the key means is the client's business.
public struct KeyPress: Sendable, Equatable {
    public var code: UInt16
    public var shift: Bool
    public init(code: UInt16, shift: Bool = false) { self.code = code; self.shift = shift }
}
