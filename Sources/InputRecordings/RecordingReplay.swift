import EvdevInput
import Raster

/// A recording played through the input path a live device takes: each recorded device becomes an
/// `InputEvents` made from its recorded description (classification, axis ranges, udev calibration, the
/// rotation and calibration settings, frame assembly), and its events go through it in recorded order, the
/// devices' events merged by their one clock. Codes a device does not declare are dropped, as the kernel
/// drops them. Contacts still down at the end are cancelled, as when a device goes away.
public struct RecordingReplay {
    /// How a recorded device is taken, for the log.
    public struct Setup: Sendable {
        public var name: String
        public var kind: DeviceKind?
        public var calibration: CalibrationChoice?
        /// Why it is not used, when it is not.
        public var ignoredBecause: String?
    }

    public let setups: [Setup]
    private var decoders: [InputEvents?]
    private let recording: Recording

    /// `calibration` nil: each device's recorded udev LIBINPUT_CALIBRATION_MATRIX, if it has one.
    public init(_ recording: Recording, screen: (width: Int, height: Int), rotation: ScreenRotation, calibration: Calibration?) {
        self.recording = recording
        var decoders: [InputEvents?] = []
        var setups: [Setup] = []
        for (index, device) in recording.devices.enumerated() {
            let d = InputEvents(device: device.description, screen: screen, rotation: rotation, calibration: calibration,
                                idBase: index * TouchFrameAssembler.idSpan)
            decoders.append(d)
            setups.append(Setup(name: device.description.name, kind: d?.kind, calibration: d?.calibration,
                                ignoredBecause: d == nil ? DeviceKind.ignoredBecause(device.description) : nil))
        }
        self.decoders = decoders
        self.setups = setups
    }

    /// Whether any recorded device is one the kiosk uses.
    public var hasUsableDevice: Bool { decoders.contains { $0 != nil } }

    /// Plays the whole recording: `output` gets each touch frame and key with its time in seconds, the
    /// recording's first event at `startTime`.
    public mutating func play(startTime: Double, _ output: (Double, InputOutput) -> Void) {
        let devices = recording.devices
        guard let first = devices.compactMap({ $0.events.first?.time }).min() else { return }
        func seconds(_ time: Int64) -> Double { startTime + Double(time - first) / 1_000_000 }
        var next = [Int](repeating: 0, count: devices.count)
        var last = first
        while true {
            // The device whose next event is earliest; the first listed on a tie.
            var pick: Int?
            for d in devices.indices where next[d] < devices[d].events.count && decoders[d] != nil {
                if pick.map({ devices[d].events[next[d]].time < devices[$0].events[next[$0]].time }) ?? true { pick = d }
            }
            guard let d = pick else { break }
            let e = devices[d].events[next[d]]
            next[d] += 1
            last = e.time
            guard e.type == InputCode.EV_SYN || devices[d].description.has(type: e.type, code: e.code) else { continue }
            if let out = decoders[d]?.handle(type: e.type, code: e.code, value: e.value) { output(seconds(e.time), out) }
        }
        for d in decoders.indices {
            guard let cancelled = decoders[d]?.cancelAll(), !cancelled.isEmpty else { continue }
            output(seconds(last), .gone(cancelled))
        }
    }
}
