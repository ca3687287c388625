/// What one read from an input device gave.
enum EventRead: Equatable {
    case event(type: UInt16, code: UInt16, value: Int32)
    /// SYN_DROPPED: the reader fell behind; the device's state must be read back.
    case dropped
    /// Nothing pending now.
    case empty
    /// The device is gone (or failed for good).
    case gone
}

/// One device's events turned into the loop's outputs: keys for a keyboard, touch frames for the rest.
/// Reads at most `limit` events a turn, so a device that floods cannot starve the display, the signals
/// or the other devices; what is left stays pending and makes the next poll return at once.
struct InputEvents {
    let isKeyboard: Bool
    var assembler: TouchFrameAssembler?
    var shift = false

    static let limit = 512

    /// `next` reads one event; `snapshot` reads the device's true contacts back after a drop.
    mutating func drain(limit: Int = InputEvents.limit, next: () -> EventRead,
                        snapshot: () -> [Int: (trackingID: Int, x: Int, y: Int)]) -> [InputDevice.Output] {
        var out: [InputDevice.Output] = []
        for _ in 0..<limit {
            switch next() {
            case .empty: return out
            case .gone:
                out.append(.gone(assembler?.cancelAll() ?? []))
                return out
            case .dropped:
                _ = assembler?.feed(type: InputCode.EV_SYN, code: InputCode.SYN_DROPPED, value: 0)
                if let frame = assembler?.resync(slots: snapshot()), !frame.isEmpty { out.append(.touches(frame)) }
            case let .event(type, code, value):
                if let output = handle(type: type, code: code, value: value) { out.append(output) }
            }
        }
        return out
    }

    mutating func handle(type: UInt16, code: UInt16, value: Int32) -> InputDevice.Output? {
        if type == InputCode.EV_KEY && (code == InputCode.KEY_LEFTSHIFT || code == InputCode.KEY_RIGHTSHIFT) { shift = value != 0 }
        if isKeyboard {
            guard type == InputCode.EV_KEY && value == 1, code != InputCode.KEY_LEFTSHIFT && code != InputCode.KEY_RIGHTSHIFT else { return nil }
            return .key(KeyPress(code: code, shift: shift))
        }
        guard let frame = assembler?.feed(type: type, code: code, value: value), !frame.isEmpty else { return nil }
        return .touches(frame)
    }
}
