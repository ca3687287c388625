import CEvdev
import Glibc
import Raster

/// One grabbed evdev device: its description read through libevdev and libudev, and its events read one at a
/// time into `InputEvents`, which a recorded device goes through too.
public final class InputDevice {
    public typealias Kind = DeviceKind
    public typealias Output = InputOutput
    public let path: String
    public var name: String { description.name }
    /// Stored, not read through `events`: `snapshot()` runs inside `events.drain` (after a SYN_DROPPED), and a
    /// read of `events` there is an overlapping access to it, which traps (a resync crashed the kiosk in the VM).
    public let kind: Kind
    public let description: DeviceDescription
    /// Closed by `close()`, after the grab is let go of.
    let file: FileDescriptor
    public var fd: Int32 { file.rawValue }
    let dev: OpaquePointer
    var events: InputEvents
    /// The matrix its touches go through, and where it came from (nil for a keyboard).
    public var calibration: CalibrationChoice? { events.calibration }

    /// `calibration` nil: the device's own udev LIBINPUT_CALIBRATION_MATRIX, if any.
    init?(path: String, screen: (width: Int, height: Int), rotation: ScreenRotation, calibration setting: Calibration?, idBase: Int,
          calls: SystemCalls = .real) {
        // Not a device we can use: the descriptor closes as `file` goes.
        guard let file = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, calls: calls) else { return nil }
        let fd = file.rawValue
        var dev: OpaquePointer?
        guard libevdev_new_from_fd(fd, &dev) == 0, let dev else { return nil }
        let description = DeviceDescription(evdev: dev, udevFD: fd)
        guard let events = InputEvents(device: description, screen: screen, rotation: rotation, calibration: setting, idBase: idBase)
        else { libevdev_free(dev); return nil }
        self.path = path; self.file = file; self.dev = dev; self.description = description; self.events = events
        kind = events.kind
        _ = libevdev_grab(dev, LIBEVDEV_GRAB)
    }

    /// Axis ranges, for `calx doctor`.
    public var axisDescription: String {
        guard let codes = kind.positionCodes else { return "" }
        let x = description.axes[codes.x]?.range ?? 0...0, y = description.axes[codes.y]?.range ?? 0...0
        return "x \(x.lowerBound)...\(x.upperBound), y \(y.lowerBound)...\(y.upperBound)"
    }

    /// Reads what is pending, at most InputEvents.limit events. `.gone` means the device was removed: close it.
    public func drain() -> [Output] {
        events.drain(next: nextEvent, snapshot: snapshot)
    }

    /// One event from libevdev; after a SYN_DROPPED, libevdev's sync events are skipped (the snapshot
    /// reads the state they would bring).
    func nextEvent() -> EventRead {
        var ev = input_event()
        let rc = libevdev_next_event(dev, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &ev)
        if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
            while libevdev_next_event(dev, LIBEVDEV_READ_FLAG_SYNC.rawValue, &ev) == LIBEVDEV_READ_STATUS_SYNC.rawValue {}
            return .dropped
        }
        if rc == -EAGAIN { return .empty }
        if rc < 0 { return .gone }
        return .event(type: ev.type, code: ev.code, value: ev.value)
    }

    /// The device's true contact state after a resync.
    func snapshot() -> [Int: (trackingID: Int, x: Int, y: Int)] {
        var s: [Int: (trackingID: Int, x: Int, y: Int)] = [:]
        if kind == .touchscreen {
            for slot in 0..<max(Int(libevdev_get_num_slots(dev)), 0) {
                let u = UInt32(slot)
                s[slot] = (Int(libevdev_get_slot_value(dev, u, UInt32(ABS_MT_TRACKING_ID))),
                           Int(libevdev_get_slot_value(dev, u, UInt32(ABS_MT_POSITION_X))),
                           Int(libevdev_get_slot_value(dev, u, UInt32(ABS_MT_POSITION_Y))))
            }
        } else {
            let button = UInt32(kind == .tablet ? BTN_LEFT : BTN_TOUCH)
            s[0] = (libevdev_get_event_value(dev, UInt32(EV_KEY), button) != 0 ? 0 : -1,
                    Int(libevdev_get_event_value(dev, UInt32(EV_ABS), UInt32(ABS_X))),
                    Int(libevdev_get_event_value(dev, UInt32(EV_ABS), UInt32(ABS_Y))))
        }
        return s
    }

    /// Every live contact, cancelled: the device is about to be let go of while fingers are down.
    public func cancelContacts() -> [TouchContact] {
        events.cancelAll()
    }

    public func close() {
        _ = libevdev_grab(dev, LIBEVDEV_UNGRAB)
        libevdev_free(dev)
        try? file.close()
    }

    /// /dev/input/event* paths, sorted.
    public static func eventPaths() -> [String] {
        guard let d = opendir("/dev/input") else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = directoryEntryName(e)
            if name.hasPrefix("event") { names.append("/dev/input/" + name) }
        }
        return names.sorted()
    }

    /// Opens a device only to describe it (no grab kept), for `calx doctor`.
    public static func describe(path: String) -> String? {
        guard let d = InputDevice(path: path, screen: (100, 100), rotation: .upright, calibration: nil, idBase: 0) else {
            return nil
        }
        defer { d.close() }
        return "\(path) \"\(d.name)\": \(d.kind.rawValue) \(d.axisDescription)" + (d.calibration.map { ", \($0.summary)" } ?? "")
    }
}
