#if canImport(Glibc)
import Glibc
#endif

/// Fingers on a uinput touchscreen, written as its driver would write them: a multitouch panel (protocol B
/// slots, tracking ids, positions, per-contact pressure and size where it has those axes, then the single-touch
/// axes and BTN_TOUCH the kernel's input_mt_sync_frame emulates from the oldest contact), or a single-touch panel
/// (BTN_TOUCH, ABS_X/Y and ABS_PRESSURE of the first finger, as resistive drivers like ads7846 report).
/// Positions are raw device units. By default, a multitouch screen whose axes span `width` x `height`
/// pixels: the VM tests' "Calx virtual touchscreen".
public final class VirtualTouchscreen {
    public let device: UinputDevice
    public let slotCount: Int32
    private let multitouch: Bool
    private var nextTrackingID: Int32 = 1
    /// Finger id → slot, in the order the fingers went down.
    private var fingerSlots: [(finger: Int, slot: Int32)] = []
    private var currentSlot: Int32 = -1
    private var touching = false
    private var timestamp: Int32 = 0

    public var devnode: String? { device.devnode }

    /// The default description: a 10-slot direct multitouch screen with axes over `width` x `height` pixels.
    public static func description(name: String, width: Int32, height: Int32, slotCount: Int32 = 10) -> DeviceDescription {
        let a = InputCode.self
        return DeviceDescription(
            name: name, identity: .init(bus: 0x06, vendor: 0xca1c, product: 0x0001),
            codes: [a.EV_SYN: [a.SYN_REPORT], a.EV_KEY: [a.BTN_TOUCH],
                    a.EV_ABS: [a.ABS_X, a.ABS_Y, a.ABS_MT_SLOT, a.ABS_MT_POSITION_X, a.ABS_MT_POSITION_Y, a.ABS_MT_TRACKING_ID]],
            axes: [a.ABS_X: .init(minimum: 0, maximum: width - 1), a.ABS_Y: .init(minimum: 0, maximum: height - 1),
                   a.ABS_MT_SLOT: .init(minimum: 0, maximum: slotCount - 1), a.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535),
                   a.ABS_MT_POSITION_X: .init(minimum: 0, maximum: width - 1), a.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: height - 1)],
            properties: [a.INPUT_PROP_DIRECT])
    }

    public convenience init(name: String = "Calx virtual touchscreen", width: Int32, height: Int32, slotCount: Int32 = 10)
        throws(PlatformError) {
        try self.init(VirtualTouchscreen.description(name: name, width: width, height: height, slotCount: slotCount))
    }

    public init(_ description: DeviceDescription) throws(PlatformError) {
        device = try UinputDevice(description)
        multitouch = description.has(type: InputCode.EV_ABS, code: InputCode.ABS_MT_SLOT)
        slotCount = multitouch ? (description.axes[InputCode.ABS_MT_SLOT].map { $0.maximum - $0.minimum + 1 } ?? 1) : 1
    }

    /// Puts finger `id` down (a new tracking id, in a free slot). Committed by `sync()`.
    public func down(_ id: Int, x: Int32, y: Int32, pressure: Int32? = nil, size: Int32? = nil) throws(PlatformError) {
        guard !fingerSlots.contains(where: { $0.finger == id }) else { throw PlatformError("down", "finger \(id) is already down", errno: EINVAL) }
        let used = Set(fingerSlots.map(\.slot))
        guard let slot = (0..<slotCount).first(where: { !used.contains($0) }) else {
            throw PlatformError("down", "finger \(id): all \(slotCount) slots busy", errno: EBUSY)
        }
        fingerSlots.append((id, slot))
        if multitouch {
            try select(slot)
            try device.emit(InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID, nextTrackingID)
            nextTrackingID = nextTrackingID % 65535 + 1
        }
        try contact(slot, x: x, y: y, pressure: pressure, size: size)
    }

    /// Moves finger `id`. Committed by `sync()`.
    public func move(_ id: Int, x: Int32, y: Int32, pressure: Int32? = nil, size: Int32? = nil) throws(PlatformError) {
        guard let slot = fingerSlots.first(where: { $0.finger == id })?.slot else {
            throw PlatformError("move", "finger \(id) is not down", errno: EINVAL)
        }
        if multitouch { try select(slot) }
        try contact(slot, x: x, y: y, pressure: pressure, size: size)
    }

    /// Lifts finger `id`. Committed by `sync()`.
    public func up(_ id: Int) throws(PlatformError) {
        guard let index = fingerSlots.firstIndex(where: { $0.finger == id }) else {
            throw PlatformError("up", "finger \(id) is not down", errno: EINVAL)
        }
        let slot = fingerSlots.remove(at: index).slot
        if multitouch {
            try select(slot)
            try device.emit(InputCode.EV_ABS, InputCode.ABS_MT_TRACKING_ID, -1)
        } else if slot == 0 && has(InputCode.ABS_PRESSURE) {
            try device.emit(InputCode.EV_ABS, InputCode.ABS_PRESSURE, 0)
        }
    }

    /// Ends the frame: BTN_TOUCH as the fingers stand, the device's scan time where it reports one, then
    /// SYN_REPORT; the reader sees everything since the last sync at once.
    public func sync(elapsedMicroseconds: Int32 = 0) throws(PlatformError) {
        let down = !fingerSlots.isEmpty
        if down != touching {
            try device.emit(InputCode.EV_KEY, InputCode.BTN_TOUCH, down ? 1 : 0)
            touching = down
        }
        if device.description.has(type: InputCode.EV_MSC, code: InputCode.MSC_TIMESTAMP) {
            timestamp &+= elapsedMicroseconds
            try device.emit(InputCode.EV_MSC, InputCode.MSC_TIMESTAMP, timestamp)
        }
        try device.emit(InputCode.EV_SYN, InputCode.SYN_REPORT, 0)
    }

    private func has(_ axis: UInt16) -> Bool { device.description.has(type: InputCode.EV_ABS, code: axis) }

    private func select(_ slot: Int32) throws(PlatformError) {
        guard slot != currentSlot else { return }
        try device.emit(InputCode.EV_ABS, InputCode.ABS_MT_SLOT, slot)
        currentSlot = slot
    }

    /// A contact's axes, clamped into the device's ranges; the single-touch axes follow the oldest finger.
    private func contact(_ slot: Int32, x: Int32, y: Int32, pressure: Int32?, size: Int32?) throws(PlatformError) {
        func clamped(_ v: Int32, _ axis: UInt16) -> Int32 {
            guard let a = device.description.axes[axis] else { return v }
            return min(max(v, a.minimum), max(a.minimum, a.maximum))
        }
        let c = InputCode.self
        var axes: [(UInt16, Int32)] = []
        if multitouch {
            axes += [(c.ABS_MT_POSITION_X, x), (c.ABS_MT_POSITION_Y, y)]
            if let pressure { axes.append((c.ABS_MT_PRESSURE, pressure)) }
            if let size { axes += [(c.ABS_MT_TOUCH_MAJOR, size), (c.ABS_MT_WIDTH_MAJOR, size)] }
        }
        if fingerSlots.first?.slot == slot {
            axes += [(c.ABS_X, x), (c.ABS_Y, y)]
            if let pressure { axes.append((c.ABS_PRESSURE, pressure)) }
        }
        for (axis, value) in axes where has(axis) { try device.emit(c.EV_ABS, axis, clamped(value, axis)) }
    }
}
