/// One contact's change, in screen pixels of the upright picture. Platform's own type:
/// calx turns it into Kiosk.TouchEvent.
public struct TouchContact: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case down, move, up, cancel }
    public var id: Int
    public var x: Double
    public var y: Double
    public var phase: Phase
    public init(id: Int, x: Double, y: Double, phase: Phase) { self.id = id; self.x = x; self.y = y; self.phase = phase }
}

/// Linux input event numbers the assembler understands (linux/input-event-codes.h).
public enum InputCode {
    public static let EV_SYN: UInt16 = 0, EV_KEY: UInt16 = 1, EV_ABS: UInt16 = 3
    public static let SYN_REPORT: UInt16 = 0, SYN_DROPPED: UInt16 = 3
    public static let ABS_X: UInt16 = 0, ABS_Y: UInt16 = 1
    public static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36, ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let BTN_LEFT: UInt16 = 0x110, BTN_TOUCH: UInt16 = 0x14a
}

/// Turns one device's raw (type, code, value) stream into committed touch frames. Pure: no fds.
/// Multitouch protocol B slots, single-touch panels (ABS_X/Y + BTN_TOUCH), and mice/tablets
/// (BTN_LEFT + ABS_X/Y) as one finger. Nothing is reported before SYN_REPORT.
public struct TouchFrameAssembler: Sendable {
    struct Slot: Equatable { var trackingID = -1; var x = 0; var y = 0 }
    public let mapping: AxisMapping
    /// Contact ids handed out are unique across devices when each device gets its own base.
    public let idBase: Int
    var slots: [Int: Slot] = [:]
    var reported: [Int: Slot] = [:]     // slot -> last committed state
    var currentSlot = 0
    var singleDown = false
    var dropping = false
    var usesSlots = false

    public init(mapping: AxisMapping, idBase: Int = 0) { self.mapping = mapping; self.idBase = idBase }

    /// Feeds one event; returns the frame's contacts when the event is SYN_REPORT.
    public mutating func feed(type: UInt16, code: UInt16, value: Int32) -> [TouchContact] {
        let v = Int(value)
        switch (type, code) {
        case (InputCode.EV_SYN, InputCode.SYN_DROPPED): dropping = true; return []
        case (InputCode.EV_SYN, InputCode.SYN_REPORT):
            if dropping { dropping = false; slots = reported; return [] }
            return commit()
        case _ where dropping: return []
        case (InputCode.EV_ABS, InputCode.ABS_MT_SLOT): usesSlots = true; currentSlot = v
        case (InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID): usesSlots = true; slots[currentSlot, default: Slot()].trackingID = v
        case (InputCode.EV_ABS, InputCode.ABS_MT_POSITION_X): slots[currentSlot, default: Slot()].x = v
        case (InputCode.EV_ABS, InputCode.ABS_MT_POSITION_Y): slots[currentSlot, default: Slot()].y = v
        case (InputCode.EV_ABS, InputCode.ABS_X) where !usesSlots: slots[0, default: Slot()].x = v
        case (InputCode.EV_ABS, InputCode.ABS_Y) where !usesSlots: slots[0, default: Slot()].y = v
        case (InputCode.EV_KEY, InputCode.BTN_TOUCH) where !usesSlots, (InputCode.EV_KEY, InputCode.BTN_LEFT) where !usesSlots:
            slots[0, default: Slot()].trackingID = v != 0 ? 0 : -1
        default: break
        }
        return []
    }

    /// After SYN_DROPPED: the device's true slot state read back (libevdev's sync), then committed.
    public mutating func resync(slots snapshot: [Int: (trackingID: Int, x: Int, y: Int)]) -> [TouchContact] {
        dropping = false
        slots = snapshot.mapValues { Slot(trackingID: $0.trackingID, x: $0.x, y: $0.y) }
        return commit()
    }

    /// The device went away: every live contact is cancelled.
    public mutating func cancelAll() -> [TouchContact] {
        let out = reported.keys.sorted().compactMap { slot -> TouchContact? in
            guard let r = reported[slot], r.trackingID >= 0 else { return nil }
            return contact(slot: slot, r, .cancel)
        }
        reported = [:]; slots = [:]
        return out
    }

    mutating func commit() -> [TouchContact] {
        var out: [TouchContact] = []
        for slot in Set(slots.keys).union(reported.keys).sorted() {
            let now = slots[slot] ?? Slot(), before = reported[slot] ?? Slot()
            if before.trackingID >= 0 && now.trackingID != before.trackingID {
                out.append(contact(slot: slot, before, .up))
            }
            if now.trackingID >= 0 && now.trackingID != before.trackingID {
                out.append(contact(slot: slot, now, .down))
            } else if now.trackingID >= 0 && (now.x != before.x || now.y != before.y) {
                out.append(contact(slot: slot, now, .move))
            }
        }
        // A lifted slot keeps its position: the kernel sends only the axes that changed, so the
        // next contact in that slot may arrive with X or Y missing.
        reported = slots
        return out
    }

    func contact(slot: Int, _ s: Slot, _ phase: TouchContact.Phase) -> TouchContact {
        let p = mapping.map(rawX: s.x, rawY: s.y)
        // Ids follow the tracking id so a reused slot is a new contact.
        return TouchContact(id: idBase + (s.trackingID & 0xffff) * 64 + slot, x: p.x, y: p.y, phase: phase)
    }
}
