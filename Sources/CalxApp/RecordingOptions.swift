import InputRecordings
import Kiosk
import Platform
import Raster
import TouchCalibration

/// `--record FILE` with `--rotate` and `--touch-calibration` (calx keys and calx shot): a recording played into
/// the kiosk through the input path a live panel takes, on a panel turned as `calx run --rotate` turns it,
/// with a calibration setting over the recorded devices' udev matrices, as `--touch-calibration` is over a
/// board's.
struct RecordingOptions {
    var path: String?
    var rotation: ScreenRotation?
    var calibration: Calibration?

    static let flags: Set<String> = ["--record", "--rotate", "--touch-calibration"]

    /// Reads one of `flags` from `reader`.
    mutating func take(_ flag: String, from reader: inout OptionReader) throws(OptionProblem) {
        switch flag {
        case "--record": path = try reader.path(of: flag, accepts: RecordingFile.accepted)
        case "--rotate":
            rotation = try reader.value(of: flag, accepts: "0, 90, 180 or 270 (how the panel is turned, as for calx run)") {
                Int($0).flatMap { ScreenRotation(degrees: $0) }
            }
        default:
            calibration = try reader.value(of: flag, accepts: "six numbers \"a b c d e f\"") { try? Calibration.parse($0) }
        }
    }

    /// The recording to play, nil without --record; --rotate and --touch-calibration say how a recording
    /// plays, so they come with one.
    func checked() throws(OptionProblem) -> RecordingPlayback? {
        guard let path else {
            if rotation != nil || calibration != nil {
                throw OptionProblem("--rotate and --touch-calibration go with --record: how the recorded panel is turned and calibrated")
            }
            return nil
        }
        let recording = try RecordingFile(path: path, option: "--record").parsed().get()
        return RecordingPlayback(path: path, recording: recording, rotation: rotation ?? .upright, calibration: calibration)
    }
}

/// A parsed recording and how it plays.
package struct RecordingPlayback {
    let path: String
    let recording: Recording
    let rotation: ScreenRotation
    let calibration: Calibration?

    package init(path: String, recording: Recording, rotation: ScreenRotation, calibration: Calibration?) {
        self.path = path; self.recording = recording; self.rotation = rotation; self.calibration = calibration
    }

    /// What a playback leaves: how each device was taken and the kiosk's messages, for the log, and the
    /// calibration screen when the recording ends on it.
    package struct Outcome {
        package var lines: [String]
        /// The calibration screen's session, when the recording ends on it.
        package var calibrating: CalibrationSession?
    }

    /// Plays the recording into `app` through `KioskClient`, the adapter the display loop drives, behind the
    /// `CalibratingClient` `calx run` puts in front of it: each frame and key at its recorded time (from
    /// `startTime`), the app's timers run up to it first. As at the kiosk's first start, a single-touch panel
    /// with no calibration is calibrated on the screen first, and the rest of the recording goes through what was
    /// kept. A problem when no recorded device is one the kiosk uses.
    package func play(into app: KioskApp, startTime: Double) -> Result<Outcome, OptionProblem> {
        var replay = RecordingReplay(recording, screen: (app.width, app.height), rotation: rotation, calibration: calibration)
        let taken = replay.setups.enumerated().map { index, setup in
            "device \(index + 1) \(setup.name.quotedForMessage): "
                + (setup.kind.map { $0.rawValue + (setup.calibration.map { ", \($0.summary)" } ?? "") }
                   ?? "not used: \(setup.ignoredBecause ?? "")")
        }
        guard replay.hasUsableDevice else {
            return .failure(OptionProblem("--record \(path.quotedForMessage): no recorded device is a touchscreen, tablet or keyboard ("
                                          + taken.joined(separator: "; ") + ")"))
        }
        var lines = taken.map { "--record \(path.quotedForMessage): \($0)" }
        let kiosk = KioskClient(app: app) { lines.append($0) }
        let client = CalibratingClient(kiosk: kiosk, width: app.width, height: app.height, rotation: rotation, glyphs: NoGlyphs())
        var kept: Calibration?
        client.onKept = { kept = $0 }
        if calibration == nil, replay.setups.contains(where: { $0.kind == .singleTouch && $0.calibration?.source == CalibrationChoice.Source.none }) {
            lines.append("--record \(path.quotedForMessage): a single-touch panel with no calibration: calibrated on the screen first, as at the kiosk's first start")
            client.begin()
        }
        replay.start(at: startTime)
        var last = startTime
        while let (time, output) = replay.nextOutput() {
            client.advance(to: time)
            last = time
            switch output {
            case .touches(let contacts), .gone(let contacts): client.touches(contacts, time: time)
            case .key(let press): client.key(press, time: time)
            }
            if let matrix = kept {
                kept = nil
                lines.append("--record \(path.quotedForMessage): touch-calibration=\(matrix.settingText) kept; the rest goes through it")
                let cancelled = replay.recalibrate(matrix)
                if !cancelled.isEmpty { client.touches(cancelled, time: time) }
            }
        }
        client.advance(to: last)
        return .success(Outcome(lines: lines, calibrating: client.session))
    }
}
