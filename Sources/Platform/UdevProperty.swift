import CUdev
import Glibc

/// A device's udev properties (what udev's builtins and rules set with ENV{...}), read from udev's
/// database through libudev, as libinput reads ID_INPUT_TOUCHSCREEN and LIBINPUT_CALIBRATION_MATRIX.
/// None when the machine has no udev database (a VM initramfs without udevd).
enum UdevProperty {
    /// The prefixes of the properties the input path reads, and `libinput record` writes.
    static let inputPrefixes = ["ID_INPUT", "ID_INTEGRATION", "LIBINPUT", "EVDEV_ABS", "MOUSE_DPI", "POINTINGSTICK_"]

    static func value(_ name: String, ofDeviceFD fd: Int32) -> String? {
        withDevice(fd) { device in udev_device_get_property_value(device, name).map { String(cString: $0) } } ?? nil
    }

    /// The device's properties whose names start with one of `inputPrefixes`, in udev's order.
    static func inputProperties(ofDeviceFD fd: Int32) -> [(name: String, value: String)] {
        withDevice(fd) { device in
            var found: [(name: String, value: String)] = []
            var entry = udev_device_get_properties_list_entry(device)
            while let e = entry, found.count < 256 {
                if let namePointer = udev_list_entry_get_name(e) {
                    let name = String(cString: namePointer)
                    if inputPrefixes.contains(where: { name.hasPrefix($0) }) {
                        found.append((name, udev_list_entry_get_value(e).map { String(cString: $0) } ?? ""))
                    }
                }
                entry = udev_list_entry_get_next(e)
            }
            return found
        } ?? []
    }

    /// Whether udevd is running and has not yet processed the device node at `path` (its rules, input_id's
    /// ID_INPUT_*, a board's LIBINPUT_CALIBRATION_MATRIX): its properties read now would be missing. A device
    /// found through /dev/input as it appears is there before udevd has seen it. Without udevd (no
    /// /run/udev/control) nothing is pending: there will be no properties to wait for.
    static func isPending(path: String) -> Bool {
        guard access("/run/udev/control", F_OK) == 0 else { return false }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR, let udev = udev_new() else { return false }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return false }
        defer { udev_device_unref(device) }
        return udev_device_get_is_initialized(device) == 0
    }

    /// `body` on the udev device of the character device open as `fd`; nil for anything else.
    private static func withDevice<T>(_ fd: Int32, _ body: (OpaquePointer) -> T) -> T? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return nil }
        defer { udev_device_unref(device) }
        return body(device)
    }
}
