/// Turns one device's raw (type, code, value) stream into committed touch frames. Pure: no fds.
/// Multitouch protocol B slots, single-touch panels (ABS_X/Y + BTN_TOUCH), and mice/tablets
/// (BTN_LEFT + ABS_X/Y) as one finger. Nothing is reported before SYN_REPORT.
public struct TouchFrameAssembler: Sendable {
    struct Slot: Equatable { var trackingID = -1; var x = 0; var y = 0; var contact = 0 }
    public let mapping: AxisMapping
    /// Contact ids handed out are unique across devices when each device gets its own base
    /// (`idSpan` apart); within a device each new contact takes the next number.
    public let idBase: Int
    public static let idSpan = 1 << 24
    /// Slot numbers a device may use; events for any other slot are dropped (a hostile device could
    /// otherwise make any number of contacts).
    public static let slotLimit = 256
    var slots: [Int: Slot] = [:]
    var reported: [Int: Slot] = [:]     // slot -> last committed state
    /// nil while the device has selected a slot out of range.
    var currentSlot: Int? = 0
    var nextContact = 0
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
        case (InputCode.EV_ABS, InputCode.ABS_MT_SLOT):
            usesSlots = true
            currentSlot = (0..<Self.slotLimit).contains(v) ? v : nil
        case (InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID): usesSlots = true; update { $0.trackingID = v }
        case (InputCode.EV_ABS, InputCode.ABS_MT_POSITION_X): update { $0.x = v }
        case (InputCode.EV_ABS, InputCode.ABS_MT_POSITION_Y): update { $0.y = v }
        case (InputCode.EV_ABS, InputCode.ABS_X) where !usesSlots: slots[0, default: Slot()].x = v
        case (InputCode.EV_ABS, InputCode.ABS_Y) where !usesSlots: slots[0, default: Slot()].y = v
        case (InputCode.EV_KEY, InputCode.BTN_TOUCH) where !usesSlots, (InputCode.EV_KEY, InputCode.BTN_LEFT) where !usesSlots:
            slots[0, default: Slot()].trackingID = v != 0 ? 0 : -1
        default: break
        }
        return []
    }

    mutating func update(_ change: (inout Slot) -> Void) {
        guard let slot = currentSlot else { return }
        change(&slots[slot, default: Slot()])
    }

    /// After SYN_DROPPED: the device's true slot state read back (libevdev's sync), then committed.
    public mutating func resync(slots snapshot: [Int: (trackingID: Int, x: Int, y: Int)]) -> [TouchContact] {
        dropping = false
        slots = [:]
        for (slot, s) in snapshot where (0..<Self.slotLimit).contains(slot) {
            slots[slot] = Slot(trackingID: s.trackingID, x: s.x, y: s.y)
        }
        return commit()
    }

    /// The device went away: every live contact is cancelled.
    public mutating func cancelAll() -> [TouchContact] {
        let out = reported.keys.sorted().compactMap { slot -> TouchContact? in
            guard let r = reported[slot], r.trackingID >= 0 else { return nil }
            return contact(r, .cancel)
        }
        reported = [:]; slots = [:]
        return out
    }

    mutating func commit() -> [TouchContact] {
        var out: [TouchContact] = []
        for slot in Set(slots.keys).union(reported.keys).sorted() {
            var now = slots[slot] ?? Slot()
            let before = reported[slot] ?? Slot()
            if before.trackingID >= 0 && now.trackingID != before.trackingID {
                out.append(contact(before, .up))
            }
            if now.trackingID >= 0 && now.trackingID != before.trackingID {
                // A new tracking id is a new contact, even in a reused slot.
                now.contact = nextContact
                nextContact = (nextContact + 1) % Self.idSpan
                out.append(contact(now, .down))
            } else {
                now.contact = before.contact
                if now.trackingID >= 0 && (now.x != before.x || now.y != before.y) { out.append(contact(now, .move)) }
            }
            slots[slot] = now
        }
        // A lifted slot keeps its position: the kernel sends only the axes that changed, so the
        // next contact in that slot may arrive with X or Y missing.
        reported = slots
        return out
    }

    func contact(_ s: Slot, _ phase: TouchContact.Phase) -> TouchContact {
        let p = mapping.map(rawX: s.x, rawY: s.y)
        return TouchContact(id: idBase + s.contact, x: p.x, y: p.y, phase: phase)
    }
}
