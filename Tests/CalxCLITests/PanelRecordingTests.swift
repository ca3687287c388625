import Foundation
import Grapher
import InputRecordings
import Kiosk
import Testing
@testable import CalxApp

/// One of the panel recordings under Tests/Recordings (Tests/System/panels.sh made them in the VM: a uinput
/// clone of the panel's driver description, recorded by the real `libinput record` while its session was
/// played), and the screen it was recorded for.
struct PanelRecording: CustomTestStringConvertible, Sendable {
    var name: String
    var width: Int, height: Int
    var rotate: Int = 0
    var multitouch = true
    var testDescription: String { name }

    static let all = [
        PanelRecording(name: "pi7-800x480", width: 800, height: 480),
        PanelRecording(name: "goodix-720x1280", width: 720, height: 1280),
        PanelRecording(name: "goodix-1280x720-rotate90", width: 1280, height: 720, rotate: 90),
        PanelRecording(name: "ilitek-800x480", width: 800, height: 480),
        PanelRecording(name: "ilitek-1280x720", width: 1280, height: 720),
        PanelRecording(name: "ads7846-480x320", width: 480, height: 320, multitouch: false),
        PanelRecording(name: "ft5x06-swapped-800x480", width: 800, height: 480),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")
    var path: String { Self.folder.appendingPathComponent("\(name).yml").path }
    var session: String { Self.folder.appendingPathComponent("Sessions/panel-\(width)x\(height)-\(multitouch ? "multi" : "single").touch").path }
    var size: String { "\(width)x\(height)" }
    var rotation: [String] { rotate == 0 ? [] : ["--rotate", "\(rotate)"] }
}

@Suite struct PanelRecordingTests {
    /// The issue's measure: the recorded taps on 7 + 8 = read as 15 at the panel's own size, through the real
    /// input path (classification, axis ranges, the recorded udev matrix, rotation, frames, the router).
    @Test(arguments: PanelRecording.all)
    func tapsLandOnTheKeysUnderTheFinger(panel: PanelRecording) throws {
        let r = try CalxBinary.run(["keys", "--size", panel.size] + panel.rotation + ["--record", panel.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("display: 15\nexact: 15\ndescription: 7 + 8 =\n"), "\(r.stdout)")
        #expect(r.stderr.contains("device 1"), "\(r.stderr)")
    }

    /// Without what makes them land (the turn of the landscape Touch Display 2, the boards' udev matrices), the
    /// same taps miss: the settings and properties the tests claim are used are used.
    @Test func withoutTheRotationOrTheMatrixTheTapsMiss() throws {
        let rotated = try #require(PanelRecording.all.first { $0.rotate == 90 })
        let unturned = try CalxBinary.run(["keys", "--size", rotated.size, "--record", rotated.path])
        #expect(unturned.status == 0 && !unturned.stdout.hasPrefix("display: 15\n"), "\(unturned.stdout)")
        for name in ["ads7846-480x320", "ft5x06-swapped-800x480"] {
            let panel = try #require(PanelRecording.all.first { $0.name == name })
            let r = try CalxBinary.run(["keys", "--size", panel.size, "--touch-calibration", "1 0 0 0 1 0", "--record", panel.path])
            #expect(r.status == 0 && !r.stdout.hasPrefix("display: 15\n"), "\(name): \(r.stdout)")
            #expect(r.stderr.contains("(--touch-calibration)"), "\(r.stderr)")
        }
    }

    /// The pinch and the pan on the graph do what the session that was recorded asked for: the viewport after
    /// the recording is the one after the session's script, within the panel's jitter (a raw unit or more on
    /// every reading: over the pinch's twelve frames its centre, which pans the graph, wanders up to 5 px).
    @Test(arguments: PanelRecording.all)
    func pinchAndPanDoWhatTheSessionDid(panel: PanelRecording) throws {
        let script = try String(contentsOfFile: panel.session, encoding: .utf8)
        let scripted = KioskApp(width: panel.width, height: panel.height, glyphs: NoGlyphs(), storage: MemoryStateStorage())
        scripted.play(try TouchScript(parsing: script))
        let recording = try RecordingFile(path: panel.path, option: "--record").parsed().get()
        let replayed = KioskApp(width: panel.width, height: panel.height, glyphs: NoGlyphs(), storage: MemoryStateStorage())
        let playback = RecordingPlayback(path: panel.path, recording: recording, rotation: .init(degrees: panel.rotate) ?? .upright,
                                         calibration: nil)
        _ = try playback.play(into: replayed, startTime: 1).get()
        let want = scripted.viewport, got = replayed.viewport
        #expect(want != Viewport.standard, "the session moves the graph")
        #expect(abs(got.pixelsPerUnitX / want.pixelsPerUnitX - 1) < 0.03, "scale \(got.pixelsPerUnitX), scripted \(want.pixelsPerUnitX)")
        #expect(abs(got.pixelsPerUnitY / want.pixelsPerUnitY - 1) < 0.03, "scale \(got.pixelsPerUnitY), scripted \(want.pixelsPerUnitY)")
        #expect(abs(got.originOffsetX - want.originOffsetX) < 8, "origin x \(got.originOffsetX), scripted \(want.originOffsetX)")
        #expect(abs(got.originOffsetY - want.originOffsetY) < 8, "origin y \(got.originOffsetY), scripted \(want.originOffsetY)")
        if panel.multitouch {
            #expect(want.pixelsPerUnitX > Viewport.standard.pixelsPerUnitX * 1.5, "the session's pinch zooms in")
        }
    }
}
