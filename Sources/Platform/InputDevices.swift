import Raster

/// The input devices the loop reads: opened as they appear under /dev/input (their axes mapped onto the
/// screen, turned by `rotation`, through `calibration` or each device's own matrix), drained when readable,
/// and closed (their grabs with them) when they go, when the VT is released or when the screen changes size.
/// Each device gets its own range of contact ids.
final class InputDevices {
    let rotation: ScreenRotation
    /// The setting's matrix for every device; nil: each device's udev LIBINPUT_CALIBRATION_MATRIX.
    var calibration: Calibration?
    /// Told of each device as it opens.
    var opened: ((InputDevice) -> Void)?
    private(set) var open: [InputDevice] = []
    private var nextIDBase = 0
    /// Where devices are looked for; tests keep the loop off the machine's real devices.
    var paths: () -> [String] = InputDevice.eventPaths
    var log: (String) -> Void = { _ in }
    /// Whether udevd has yet to process a device (UdevProperty.isPending); tests stand in for udev.
    var awaitsUdev: (String) -> Bool = UdevProperty.isPending
    /// Devices seen before udevd processed them, and when: opened once it has (its chmod of the node wakes the
    /// loop's /dev/input watch), or after `udevPatience` without their udev properties.
    private(set) var pending: [String: Double] = [:]
    static let udevPatience = 3.0

    /// When to look at the pending devices again, if any wait.
    var retryDeadline: Double? { pending.values.min().map { $0 + InputDevices.udevPatience } }

    init(rotation: ScreenRotation, calibration: Calibration?) {
        self.rotation = rotation
        self.calibration = calibration
    }

    /// Opens every device not open yet, mapped onto a screen of `screen` pixels; one udevd has not processed
    /// yet waits for it (its calibration matrix and ID_INPUT_* would be missing), at most `udevPatience`.
    func rescan(screen: (width: Int, height: Int), now: Double = monotonicSeconds()) {
        let known = Set(open.map(\.path))
        let present = paths()
        pending = pending.filter { present.contains($0.key) }
        for path in present where !known.contains(path) {
            if awaitsUdev(path) {
                let since = pending[path] ?? now
                pending[path] = since
                guard now - since >= InputDevices.udevPatience else { continue }
                log("input \(path): udev has not processed it in \(Int(InputDevices.udevPatience)) s; opened without its udev properties")
            }
            pending[path] = nil
            if let d = InputDevice(path: path, screen: screen, rotation: rotation, calibration: calibration, idBase: nextIDBase) {
                nextIDBase += TouchFrameAssembler.idSpan
                open.append(d)
                log("input \(path) \"\(d.name)\" as \(d.kind.rawValue)" + (d.calibration.map { ", \($0.summary)" } ?? ""))
                opened?(d)
            }
        }
    }

    /// Closes every device (so their grabs go too), handing the contacts still down to `cancelled`.
    func releaseAll(_ cancelled: ([TouchContact]) -> Void) {
        for d in open {
            let contacts = d.cancelContacts()
            if !contacts.isEmpty { cancelled(contacts) }
            d.close()
        }
        open = []
    }

    func isOpen(_ device: InputDevice) -> Bool {
        open.contains { $0 === device }
    }

    /// What a readable device has: touch frames and keys for the client, or its end.
    func drain(_ device: InputDevice, into client: any DisplayClient, now: Double) {
        for output in device.drain() {
            switch output {
            case .touches(let t): client.touches(t, time: now)
            case .key(let k): client.key(k, time: now)
            case .gone(let cancelled):
                if !cancelled.isEmpty { client.touches(cancelled, time: now) }
                log("input \(device.path) removed")
                device.close()
                open.removeAll { $0 === device }
            }
        }
    }

    func close() {
        for d in open { d.close() }
        open = []
    }
}
