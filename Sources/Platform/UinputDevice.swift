#if canImport(Glibc)
import Glibc
#endif
import CEvdev

/// A kernel input device made through uinput from a `DeviceDescription` (its name, id, codes, axes and
/// properties), as `libinput replay` makes one from a recording: the kernel then treats its events as a real
/// driver's, filtering repeated values and fuzz. Only Platform touches device file descriptors; the test
/// tools drive this type. Destroyed (the device removed) in `deinit`.
public final class UinputDevice {
    public let description: DeviceDescription
    private let uinput: OpaquePointer

    /// The `/dev/input/eventN` node the kernel made, if udev or devtmpfs shows it.
    public var devnode: String? {
        guard let node = libevdev_uinput_get_devnode(uinput) else { return nil }
        return String(cString: node)
    }

    public init(_ description: DeviceDescription) throws(PlatformError) {
        self.description = description
        guard let device = libevdev_new() else { throw PlatformError("libevdev_new", description.name, errno: ENOMEM) }
        defer { libevdev_free(device) }
        libevdev_set_name(device, description.name)
        libevdev_set_id_bustype(device, Int32(description.identity.bus))
        libevdev_set_id_vendor(device, Int32(description.identity.vendor))
        libevdev_set_id_product(device, Int32(description.identity.product))
        libevdev_set_id_version(device, Int32(description.identity.version))
        for property in description.properties { libevdev_enable_property(device, UInt32(property)) }
        for (type, codes) in description.codes.sorted(by: { $0.key < $1.key }) {
            libevdev_enable_event_type(device, UInt32(type))
            for code in codes {
                if type == InputCode.EV_ABS, let a = description.axes[code] {
                    var info = input_absinfo(value: a.minimum, minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz,
                                             flat: a.flat, resolution: a.resolution)
                    libevdev_enable_event_code(device, UInt32(type), UInt32(code), &info)
                } else if type != InputCode.EV_ABS {
                    libevdev_enable_event_code(device, UInt32(type), UInt32(code), nil)
                }
            }
        }
        var made: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &made)
        guard status == 0, let made else { throw PlatformError("libevdev_uinput_create_from_device", description.name, errno: -status) }
        uinput = made
    }

    deinit { libevdev_uinput_destroy(uinput) }

    public func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) throws(PlatformError) {
        while true {
            let status = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
            if status == 0 { return }
            if status == -EINTR { continue }
            throw PlatformError("libevdev_uinput_write_event", devnode ?? "uinput", errno: -status)
        }
    }
}
