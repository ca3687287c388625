import CUdev
import Glibc

/// A device's udev property (what rules set with ENV{...}), read from udev's database through
/// libudev, as libinput reads LIBINPUT_CALIBRATION_MATRIX. nil when unset, or when the machine has no
/// udev database (a VM initramfs without udevd).
enum UdevProperty {
    static func value(_ name: String, ofDeviceFD fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return nil }
        defer { udev_device_unref(device) }
        return udev_device_get_property_value(device, name).map { String(cString: $0) }
    }
}

/// Which calibration matrix a touch device gets, and why: the setting (--touch-calibration or
/// calx.conf) over the device's udev LIBINPUT_CALIBRATION_MATRIX, over none.
public struct CalibrationChoice: Equatable, Sendable {
    public enum Source: Equatable, Sendable { case setting, udev, none }
    public var matrix: Calibration
    public var source: Source
    /// A udev property that was there but unusable, and why; the matrix is then the identity.
    public var problem: String?

    public static let udevProperty = "LIBINPUT_CALIBRATION_MATRIX"

    public static func choose(setting: Calibration?, udev: String?) -> CalibrationChoice {
        if let setting { return CalibrationChoice(matrix: setting, source: .setting) }
        guard let udev else { return CalibrationChoice(matrix: .identity, source: .none) }
        do { return CalibrationChoice(matrix: try Calibration.parse(udev), source: .udev) } catch {
            return CalibrationChoice(matrix: .identity, source: .none,
                                     problem: "udev \(udevProperty)=\"\(udev)\" ignored: \(error)")
        }
    }

    /// For the log and `calx doctor`.
    public var summary: String {
        let numbers = matrix.text
        switch source {
        case .setting: return "calibration \(numbers) (--touch-calibration)"
        case .udev: return "calibration \(numbers) (udev \(CalibrationChoice.udevProperty))"
        case .none: return problem ?? "no calibration"
        }
    }
}
