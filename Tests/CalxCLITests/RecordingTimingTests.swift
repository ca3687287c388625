import EvdevInput
import Grapher
import InputRecordings
import Kiosk
import Testing
@testable import CalxApp

/// A recording plays at its recorded times: two taps on the graph a tenth of a second apart are a double tap
/// (the origin moves there); the same taps two seconds apart are not. A held finger is a long press.
@Suite struct RecordingTimingTests {
    /// Taps on the Pi 7" panel (raw units are pixels) at the given times in seconds, each held `hold` seconds.
    func taps(at times: [Double], hold: Double = 0.05, x: Int32, y: Int32) throws -> Recording {
        let panel = try RecordingFile(path: PanelRecording.all[0].path, option: "--record").parsed().get().devices[0].description
        var events: [RecordedEvent] = []
        let c = InputCode.self
        for (i, t) in times.enumerated() {
            let down = Int64(t * 1e6), up = Int64((t + hold) * 1e6)
            events += [RecordedEvent(time: down, type: c.EV_ABS, code: c.ABS_MT_TRACKING_ID, value: Int32(i + 1)),
                       RecordedEvent(time: down, type: c.EV_ABS, code: c.ABS_MT_POSITION_X, value: x),
                       RecordedEvent(time: down, type: c.EV_ABS, code: c.ABS_MT_POSITION_Y, value: y),
                       RecordedEvent(time: down, type: c.EV_KEY, code: c.BTN_TOUCH, value: 1),
                       RecordedEvent(time: down, type: c.EV_SYN, code: c.SYN_REPORT, value: 0),
                       RecordedEvent(time: up, type: c.EV_ABS, code: c.ABS_MT_TRACKING_ID, value: -1),
                       RecordedEvent(time: up, type: c.EV_KEY, code: c.BTN_TOUCH, value: 0),
                       RecordedEvent(time: up, type: c.EV_SYN, code: c.SYN_REPORT, value: 0)]
        }
        return Recording(devices: [RecordedDevice(node: "/dev/input/event0", description: panel, events: events)])
    }

    func viewport(after recording: Recording) throws -> Viewport {
        let app = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: MemoryStateStorage())
        _ = try RecordingPlayback(path: "t.yml", recording: recording, rotation: .upright, calibration: nil).play(into: app, startTime: 1).get()
        return app.viewport
    }

    @Test func aDoubleTapIsTwoTapsCloseInTime() throws {
        let layout = ScreenLayout(width: 800, height: 480)
        let pane = layout.graphPane
        let x = Int32(pane.x + pane.width / 3), y = Int32(pane.y + pane.height / 3)
        let close = try viewport(after: taps(at: [0, 0.15], x: x, y: y))
        let apart = try viewport(after: taps(at: [0, 2.15], x: x, y: y))
        #expect(close != Viewport.standard, "two taps 0.15 s apart moved the origin")
        #expect(apart == Viewport.standard, "two taps 2.15 s apart are two single taps")
    }
}
