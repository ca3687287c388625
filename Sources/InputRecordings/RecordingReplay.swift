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

    public private(set) var setups: [Setup] = []
    private var decoders: [InputEvents?] = []
    private let recording: Recording
    private let screen: (width: Int, height: Int)
    private let rotation: ScreenRotation
    private var next: [Int]
    private var last: Int64
    private let first: Int64?
    private var startTime = 1.0
    private var ended = false

    /// `calibration` nil: each device's recorded udev LIBINPUT_CALIBRATION_MATRIX, if it has one.
    public init(_ recording: Recording, screen: (width: Int, height: Int), rotation: ScreenRotation, calibration: Calibration?) {
        self.recording = recording
        self.screen = screen
        self.rotation = rotation
        next = [Int](repeating: 0, count: recording.devices.count)
        first = recording.devices.compactMap { $0.events.first?.time }.min()
        last = first ?? 0
        open(calibration: calibration)
    }

    /// Every device taken as a live one is when it is opened, with `calibration` as the setting.
    private mutating func open(calibration: Calibration?) {
        decoders = []; setups = []
        for (index, device) in recording.devices.enumerated() {
            let d = InputEvents(device: device.description, screen: screen, rotation: rotation, calibration: calibration,
                                idBase: index * TouchFrameAssembler.idSpan)
            decoders.append(d)
            setups.append(Setup(name: device.description.name, kind: d?.kind, calibration: d?.calibration,
                                ignoredBecause: d == nil ? DeviceKind.ignoredBecause(device.description) : nil))
        }
    }

    /// Whether any recorded device is one the kiosk uses.
    public var hasUsableDevice: Bool { decoders.contains { $0 != nil } }

    /// The recording's first event is played at `time` (seconds); set before the first `next()`.
    public mutating func start(at time: Double) { startTime = time }

    private func seconds(_ time: Int64) -> Double { startTime + Double(time - (first ?? 0)) / 1_000_000 }

    /// The devices opened again with `calibration` as the setting, as the live loop reopens them when a
    /// calibration is made: the contacts down are cancelled, returned to be played.
    public mutating func recalibrate(_ calibration: Calibration?) -> [TouchContact] {
        var cancelled: [TouchContact] = []
        for d in decoders.indices { cancelled += decoders[d]?.cancelAll() ?? [] }
        // The assemblers start fresh, as a reopened live device's do.
        open(calibration: calibration)
        return cancelled
    }

    /// The next touch frame or key, with its time; at the end, the contacts still down, cancelled; then nil.
    public mutating func nextOutput() -> (time: Double, output: InputOutput)? {
        let devices = recording.devices
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
            if let out = decoders[d]?.handle(type: e.type, code: e.code, value: e.value) { return (seconds(e.time), out) }
        }
        guard !ended else { return nil }
        ended = true
        var cancelled: [TouchContact] = []
        for d in decoders.indices { cancelled += decoders[d]?.cancelAll() ?? [] }
        return cancelled.isEmpty ? nil : (seconds(last), .gone(cancelled))
    }

    /// Plays the whole recording: `output` gets each touch frame and key with its time in seconds, the
    /// recording's first event at `startTime`.
    public mutating func play(startTime: Double, _ output: (Double, InputOutput) -> Void) {
        start(at: startTime)
        while let (time, out) = nextOutput() { output(time, out) }
    }
}
