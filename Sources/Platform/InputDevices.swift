import Raster

/// The input devices the loop reads: opened as they appear under /dev/input (their axes mapped onto the
/// screen, turned by `rotation`, through `calibration` or each device's own matrix), drained when readable,
/// and closed (their grabs with them) when they go, when the VT is released or when the screen changes size.
/// Each device gets its own range of contact ids.
final class InputDevices {
    let rotation: ScreenRotation
    /// The setting's matrix for every device; nil: each device's udev LIBINPUT_CALIBRATION_MATRIX.
    let calibration: Calibration?
    private(set) var open: [InputDevice] = []
    private var nextIDBase = 0
    /// Where devices are looked for; tests keep the loop off the machine's real devices.
    var paths: () -> [String] = InputDevice.eventPaths
    var log: (String) -> Void = { _ in }

    init(rotation: ScreenRotation, calibration: Calibration?) {
        self.rotation = rotation
        self.calibration = calibration
    }

    /// Opens every device not open yet, mapped onto a screen of `screen` pixels.
    func rescan(screen: (width: Int, height: Int)) {
        let known = Set(open.map(\.path))
        for path in paths() where !known.contains(path) {
            if let d = InputDevice(path: path, screen: screen, rotation: rotation, calibration: calibration, idBase: nextIDBase) {
                nextIDBase += TouchFrameAssembler.idSpan
                open.append(d)
                log("input \(path) \"\(d.name)\" as \(d.kind.rawValue)" + (d.calibration.map { ", \($0.summary)" } ?? ""))
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
