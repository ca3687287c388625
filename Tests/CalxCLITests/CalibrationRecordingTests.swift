import EvdevInput
import Foundation
import InputRecordings
import Kiosk
import Raster
import Testing
import TouchCalibration
@testable import CalxApp

/// The first start on a resistive panel nobody calibrated, recorded (Tests/Recordings/ads7846-calibrate-*.yml:
/// the ads7846 clone misaligned as its description's matrix says, with no udev rule correcting it): the five
/// targets, the third tap slipped a tenth of the screen, tapped again, a finger moved in the check step, Keep,
/// then 7 + 8 = on the kiosk.
@Suite struct CalibrationRecordingTests {
    static let truth = Calibration(1.1375, 0, -0.0694, 0, -1.17, 1.0857)
    static let sizes = [(480, 320), (800, 480)]

    func path(_ w: Int, _ h: Int) -> String { PanelRecording.folder.appendingPathComponent("ads7846-calibrate-\(w)x\(h).yml").path }

    /// Through `calx keys --record`, as at the kiosk's first start: calibrated on the screen, then 15.
    @Test(arguments: sizes)
    func theFirstStartCalibratesThenTheTapsLand(width: Int, height: Int) throws {
        let r = try CalxBinary.run(["keys", "--size", "\(width)x\(height)", "--record", path(width, height)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("display: 15\nexact: 15\ndescription: 7 + 8 =\n"), "\(r.stdout)")
        #expect(r.stderr.contains("calibrated on the screen first"), "\(r.stderr)")
        #expect(r.stderr.contains("touch-calibration="), "\(r.stderr)")
        // With a calibration given, there is no first start: the same taps land where the misaligned panel says.
        let given = try CalxBinary.run(["keys", "--size", "\(width)x\(height)", "--touch-calibration", "1 0 0 0 1 0", "--record", path(width, height)])
        #expect(given.status == 0 && !given.stdout.hasPrefix("display: 15\n"), "\(given.stdout)")
        #expect(!given.stderr.contains("calibrated on the screen"))
    }

    /// The session itself, fed the recorded panel through the input path: the slipped tap refused and its target
    /// asked again, the others kept, and the matrix kept within 3 px of the true one everywhere on the screen.
    @Test(arguments: sizes)
    func theSlippedTapIsRefusedAndTheMatrixIsTheTrueOne(width: Int, height: Int) throws {
        let recording = try RecordingFile(path: path(width, height), option: "--record").parsed().get()
        var replay = RecordingReplay(recording, screen: (width, height), rotation: .upright, calibration: nil)
        #expect(replay.setups.first?.calibration?.source == CalibrationChoice.Source.none)
        let session = CalibrationSession(width: width, height: height)
        var steps: [CalibrationSession.Step] = [], notices: [CalibrationSession.Notice] = []
        replay.start(at: 1)
        while let (time, output) = replay.nextOutput(), session.result == nil {
            if case .touches(let contacts) = output { session.handle(contacts, time: time) }
            if steps.last != session.step { steps.append(session.step) }
            if notices.last != session.notice { notices.append(session.notice) }
        }
        #expect(notices.contains(.farFromOthers), "\(notices)")
        // Targets 1 to 5, then the third again; the check step; Keep.
        #expect(Array(steps.prefix(6)) == [.target(0), .target(1), .target(2), .target(3), .target(4), .target(2)], "\(steps)")
        #expect(notices == [.none, .farFromOthers, .none], "\(notices)")
        let matrix = try #require(session.result, "\(steps) \(notices)")
        let mapping = AxisMapping(xRange: 0...1, yRange: 0...1, screenWidth: width, screenHeight: height)
        var worst = 0.0
        for gx in 1...9 {
            for gy in 1...9 {
                // A finger on (x, y) reads at truth⁻¹; the kept matrix must put that reading back on (x, y).
                let x = Double(width - 1) * Double(gx) / 10, y = Double(height - 1) * Double(gy) / 10
                let t = mapping.panelPoint(screenX: x, screenY: y), m = Self.truth
                let det = m.a * m.e - m.b * m.d
                let n = ((m.e * (t.x - m.c) - m.b * (t.y - m.f)) / det, (m.a * (t.y - m.f) - m.d * (t.x - m.c)) / det)
                var calibrated = mapping
                calibrated.calibration = matrix
                let q = calibrated.map(normalisedX: n.0, normalisedY: n.1)
                worst = max(worst, ((q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)).squareRoot())
            }
        }
        #expect(worst < 3, "kept \(matrix.settingText), worst miss \(worst) px")
    }

    /// A recording that ends on the calibration screen (this one cut before Keep) is pictured as that screen.
    @Test func aShotOfARecordingCutShortShowsTheCalibrationScreen() throws {
        let text = try String(contentsOfFile: path(480, 320), encoding: .utf8)
        let frames = text.components(separatedBy: "\n  - evdev:\n")
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("calx-cut-\(UUID().uuidString).yml").path
        try frames.prefix(30).joined(separator: "\n  - evdev:\n").write(toFile: cut, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: cut) }
        let shot = try CalxBinary.run(["shot", "--size", "480x320", "--record", cut, "--out", "-"])
        let target = try CalxBinary.run(["shot", "--size", "480x320", "--calibration", "target", "--out", "-"])
        #expect(shot.status == 0 && target.status == 0, "\(shot.stderr)")
        #expect(shot.output.count > 1000 && shot.output != target.output, "a later target than the first")
        let kiosk = try CalxBinary.run(["shot", "--size", "480x320", "--out", "-"])
        #expect(shot.output != kiosk.output)
    }
}
