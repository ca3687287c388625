import EvdevInput
import Raster
import Testing
@testable import InputRecordings

@Suite struct RecordingReplayTests {
    let sample = try! RecordingParser.parse(Array(libinputSample.utf8))

    func outputs(_ r: Recording, calibration: Calibration? = nil, rotation: ScreenRotation = .upright) -> [(Double, InputOutput)] {
        var replay = RecordingReplay(r, screen: (800, 480), rotation: rotation, calibration: calibration)
        var out: [(Double, InputOutput)] = []
        replay.play(startTime: 10) { out.append(($0, $1)) }
        return out
    }

    /// The sample's panel runs Y bottom-up; its udev matrix turns it the right way, at the recorded times.
    @Test func theRecordedUdevMatrixAndTimesAreUsed() throws {
        let out = outputs(sample)
        #expect(out.count == 2)
        guard case .touches(let down) = out[0].1, case .touches(let up) = out[1].1 else { Issue.record("\(out)"); return }
        #expect(out[0].0 == 10 && abs(out[1].0 - 10.08) < 1e-9)
        #expect(down.map(\.phase) == [.down] && up.map(\.phase) == [.up])
        #expect(abs(down[0].x - 1000.0 / 4095 * 799) < 1e-9)
        #expect(abs(down[0].y - (1 - 3000.0 / 4095) * 479) < 1e-9)
        let setup = RecordingReplay(sample, screen: (800, 480), rotation: .upright, calibration: nil).setups[0]
        #expect(setup.kind == .singleTouch && setup.calibration?.source == .udev)
    }

    /// A calibration setting wins over the recording's udev matrix, as --touch-calibration does on a board.
    @Test func aCalibrationSettingWins() throws {
        let out = outputs(sample, calibration: .identity)
        guard case .touches(let down) = out[0].1 else { Issue.record("\(out)"); return }
        #expect(abs(down[0].y - 3000.0 / 4095 * 479) < 1e-9)
    }

    /// Codes the device does not declare never reach it (the kernel drops them), and a finger still down at the
    /// end is cancelled.
    @Test func undeclaredCodesAreDroppedAndTheEndCancels() throws {
        var r = sample
        r.devices[0].events.removeLast(3)
        r.devices[0].events.insert(RecordedEvent(time: 0, type: 3, code: InputCode.ABS_MT_SLOT, value: 3), at: 0)
        let out = outputs(r)
        #expect(out.count == 2)
        guard case .gone(let cancelled) = out[1].1 else { Issue.record("\(out)"); return }
        #expect(cancelled.map(\.phase) == [.cancel])
    }

    /// Two devices on one clock play interleaved, each with its own contact ids.
    @Test func devicesAreMergedByTime() throws {
        var r = sample
        var second = r.devices[0]
        second.events = second.events.map { var e = $0; e.time += 40_000; return e }
        r.devices.append(second)
        let out = outputs(r)
        #expect(out.map(\.0).map { ($0 * 1000).rounded() } == [10_000, 10_040, 10_080, 10_120])
        let ids = out.compactMap { if case .touches(let t) = $0.1 { t[0].id } else { nil } }
        #expect(Set(ids).count == 2)
    }

    /// A touchpad in a recording is left alone, as it would be live, and said why.
    @Test func anUnusedDeviceIsNamed() throws {
        var r = sample
        r.devices[0].description.udev = [("ID_INPUT_TOUCHPAD", "1")]
        let replay = RecordingReplay(r, screen: (800, 480), rotation: .upright, calibration: nil)
        #expect(!replay.hasUsableDevice)
        #expect(replay.setups[0].ignoredBecause?.contains("touchpad") == true)
        #expect(outputs(r).isEmpty)
    }
}
