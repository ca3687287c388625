import CUdev
import Glibc

/// The kernel's uevents for the drm subsystem, through libudev: a connector plugged, unplugged or
/// re-read its EDID. Its fd goes into the loop's poll; it reads nothing until the kernel speaks.
///
/// It listens to the "kernel" source rather than udevd's re-broadcast: we re-probe an fd we already
/// hold, so no udev rule has to run first, and the kernel's events still reach a unit with
/// PrivateNetwork=yes (and a VM initramfs without udevd), where udevd's do not.
public final class DRMUeventMonitor {
    let udev: OpaquePointer
    let monitor: OpaquePointer
    public let fd: Int32

    public init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "kernel") else { udev_unref(udev); return nil }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil) >= 0,
              udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor); udev_unref(udev); return nil
        }
        self.udev = udev
        self.monitor = monitor
        fd = udev_monitor_get_fd(monitor)
    }

    /// Reads every pending event; true when any was a "change" of a drm device. The kernel's
    /// connector events are (HOTPLUG=1), and so are lease and synthetic ones (`udevadm trigger`,
    /// a write to the card's uevent file): a re-probe costs little and decides what really changed.
    /// At most `limit` events a turn; the rest make the loop's next poll return.
    public func drain(limit: Int = 64) -> Bool {
        var changed = false
        for _ in 0..<limit {
            guard let device = udev_monitor_receive_device(monitor) else { break }
            if let action = udev_device_get_action(device), String(cString: action) == "change" { changed = true }
            udev_device_unref(device)
        }
        return changed
    }

    public func close() {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }
}
