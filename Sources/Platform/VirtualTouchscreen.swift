#if canImport(Glibc)
import Glibc
#endif
import CEvdev

/// A multitouch touchscreen made through uinput (protocol B, `INPUT_PROP_DIRECT`), whose axes span the
/// screen's pixels, so a test can touch the kiosk through the real kernel input path.
/// Only Platform touches device file descriptors; the test tool drives this type.
public final class VirtualTouchscreen {
    public let width: Int32
    public let height: Int32
    public let slotCount: Int32
    private let uinput: OpaquePointer
    private var nextTrackingID: Int32 = 1
    private var fingerSlots: [Int: Int32] = [:]
    private var currentSlot: Int32 = -1

    /// The `/dev/input/eventN` node the kernel made, if udev or devtmpfs shows it.
    public var devnode: String? {
        guard let node = libevdev_uinput_get_devnode(uinput) else { return nil }
        return String(cString: node)
    }

    public init(name: String = "Calx virtual touchscreen", width: Int32, height: Int32, slotCount: Int32 = 10)
        throws(PlatformError)
    {
        self.width = width
        self.height = height
        self.slotCount = slotCount
        guard let device = libevdev_new() else { throw PlatformError("libevdev_new", name, errno: ENOMEM) }
        defer { libevdev_free(device) }
        libevdev_set_name(device, name)
        libevdev_set_id_bustype(device, Int32(BUS_VIRTUAL))
        libevdev_set_id_vendor(device, 0xca1c)
        libevdev_set_id_product(device, 0x0001)
        libevdev_enable_property(device, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_type(device, UInt32(EV_KEY))
        libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
        libevdev_enable_event_type(device, UInt32(EV_ABS))
        func axis(_ code: Int32, _ maximum: Int32, resolution: Int32 = 0) {
            var info = input_absinfo(value: 0, minimum: 0, maximum: maximum, fuzz: 0, flat: 0, resolution: resolution)
            libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(code), &info)
        }
        axis(ABS_X, width - 1)
        axis(ABS_Y, height - 1)
        axis(ABS_MT_SLOT, slotCount - 1)
        axis(ABS_MT_TRACKING_ID, 65535)
        axis(ABS_MT_POSITION_X, width - 1)
        axis(ABS_MT_POSITION_Y, height - 1)
        var made: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &made)
        guard status == 0, let made else { throw PlatformError("libevdev_uinput_create_from_device", name, errno: -status) }
        uinput = made
    }

    deinit { libevdev_uinput_destroy(uinput) }

    /// Puts finger `id` down at a pixel (a new tracking id, in a free slot). Committed by `sync()`.
    public func down(_ id: Int, x: Int32, y: Int32) throws(PlatformError) {
        guard fingerSlots[id] == nil else { throw PlatformError("down", "finger \(id) is already down", errno: EINVAL) }
        let used = Set(fingerSlots.values)
        guard let slot = (0..<slotCount).first(where: { !used.contains($0) }) else {
            throw PlatformError("down", "finger \(id): all \(slotCount) slots busy", errno: EBUSY)
        }
        let wasIdle = fingerSlots.isEmpty
        fingerSlots[id] = slot
        try select(slot)
        try emit(EV_ABS, ABS_MT_TRACKING_ID, nextTrackingID)
        nextTrackingID = nextTrackingID % 65535 + 1
        try position(x: x, y: y)
        if wasIdle { try emit(EV_KEY, BTN_TOUCH, 1) }
    }

    /// Moves finger `id` to a pixel. Committed by `sync()`.
    public func move(_ id: Int, x: Int32, y: Int32) throws(PlatformError) {
        guard let slot = fingerSlots[id] else { throw PlatformError("move", "finger \(id) is not down", errno: EINVAL) }
        try select(slot)
        try position(x: x, y: y)
    }

    /// Lifts finger `id`. Committed by `sync()`.
    public func up(_ id: Int) throws(PlatformError) {
        guard let slot = fingerSlots.removeValue(forKey: id) else {
            throw PlatformError("up", "finger \(id) is not down", errno: EINVAL)
        }
        try select(slot)
        try emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
        if fingerSlots.isEmpty { try emit(EV_KEY, BTN_TOUCH, 0) }
    }

    /// Ends the frame: the reader sees everything since the last sync at once.
    public func sync() throws(PlatformError) { try emit(EV_SYN, SYN_REPORT, 0) }

    private func select(_ slot: Int32) throws(PlatformError) {
        guard slot != currentSlot else { return }
        try emit(EV_ABS, ABS_MT_SLOT, slot)
        currentSlot = slot
    }

    private func position(x: Int32, y: Int32) throws(PlatformError) {
        let x = min(max(x, 0), width - 1), y = min(max(y, 0), height - 1)
        try emit(EV_ABS, ABS_MT_POSITION_X, x)
        try emit(EV_ABS, ABS_MT_POSITION_Y, y)
        // The single-touch axes follow the first finger, as real panels report them.
        if fingerSlots.values.min() == currentSlot {
            try emit(EV_ABS, ABS_X, x)
            try emit(EV_ABS, ABS_Y, y)
        }
    }

    private func emit(_ type: Int32, _ code: Int32, _ value: Int32) throws(PlatformError) {
        while true {
            let status = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
            if status == 0 { return }
            if status == -EINTR { continue }
            throw PlatformError("libevdev_uinput_write_event", devnode ?? "uinput", errno: -status)
        }
    }
}
