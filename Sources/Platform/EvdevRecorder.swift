import CEvdev
import Glibc

/// Records touch devices as `libinput record` does (what `calx doctor --record` writes): each device's
/// description, read through libevdev and libudev as the kiosk reads it, and its events with the kernel's
/// timestamps, counted from the first. Keyboards are left out: what is typed on them could be a password.
/// Each device is grabbed while it is recorded, so that a program holding it (the kiosk) is found and named
/// rather than recorded empty, and touches made for the recording reach nothing else.
public final class EvdevRecorder {
    /// Why a device cannot be recorded.
    public enum Problem: Error, CustomStringConvertible {
        case none
        case held(path: String, name: String)

        public var description: String {
            switch self {
            case .none: "no touchscreen, single-touch panel or tablet under /dev/input (run as root, or as a member of group input)"
            case .held(let path, let name):
                "\(path) \(name.debugDescription) is held by another program (the kiosk? stop calx.service first)"
            }
        }
    }

    /// The most events kept: at a ten-finger panel's pace, many minutes.
    public static let eventLimit = 2_000_000

    private struct Device { let path: String; let file: FileDescriptor; let dev: OpaquePointer; let description: DeviceDescription }
    private var devices: [Device] = []

    /// Opens and grabs every touch device under /dev/input.
    public init(paths: [String] = InputDevice.eventPaths()) throws(Problem) {
        for path in paths {
            guard let file = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) else { continue }
            var dev: OpaquePointer?
            guard libevdev_new_from_fd(file.rawValue, &dev) == 0, let dev else { continue }
            let description = DeviceDescription(evdev: dev, udevFD: file.rawValue)
            guard let kind = DeviceKind(description), kind != .keyboard else { libevdev_free(dev); continue }
            guard libevdev_grab(dev, LIBEVDEV_GRAB) == 0 else {
                libevdev_free(dev)
                close()
                throw .held(path: path, name: description.name)
            }
            devices.append(Device(path: path, file: file, dev: dev, description: description))
        }
        guard !devices.isEmpty else { throw .none }
    }

    public var recorded: [(path: String, name: String)] { devices.map { ($0.path, $0.description.name) } }

    /// Reads every device for `seconds` (or until `eventLimit` events), then lets them go.
    public func record(seconds: Double) -> [(node: String, description: DeviceDescription, events: [(time: Int64, type: UInt16, code: UInt16, value: Int32)])] {
        var events = [[(time: Int64, type: UInt16, code: UInt16, value: Int32)]](repeating: [], count: devices.count)
        var first: Int64?
        var count = 0
        let end = SystemClock.monotonic.seconds + seconds
        var fds = devices.map { pollfd(fd: $0.file.rawValue, events: Int16(POLLIN), revents: 0) }
        while count < Self.eventLimit {
            let left = end - SystemClock.monotonic.seconds
            guard left > 0 else { break }
            let ready = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress!, nfds_t($0.count), Int32(min(left, 1) * 1000) + 1) }
            guard ready > 0 else { continue }
            for (i, device) in devices.enumerated() where fds[i].revents != 0 {
                var ev = input_event()
                while libevdev_next_event(device.dev, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &ev) == LIBEVDEV_READ_STATUS_SUCCESS.rawValue,
                      count < Self.eventLimit {
                    let time = Int64(ev.time.tv_sec) * 1_000_000 + Int64(ev.time.tv_usec)
                    let start = first ?? time
                    first = start
                    events[i].append((max(0, time - start), ev.type, ev.code, ev.value))
                    count += 1
                }
            }
        }
        defer { close() }
        return devices.enumerated().map { ($1.path, $1.description, events[$0]) }
    }

    /// libevdev's names of an event type and code, for the recording's comments.
    public static func names(type: UInt16, code: UInt16) -> (type: String, code: String)? {
        guard let t = libevdev_event_type_get_name(UInt32(type)) else { return nil }
        let c = libevdev_event_code_get_name(UInt32(type), UInt32(code))
        return (String(cString: t), c.map { String(cString: $0) } ?? "\(code)")
    }

    private func close() {
        for device in devices {
            _ = libevdev_grab(device.dev, LIBEVDEV_UNGRAB)
            libevdev_free(device.dev)
            try? device.file.close()
        }
        devices = []
    }
}
