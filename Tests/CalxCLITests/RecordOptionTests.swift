import Foundation
import Testing

/// `--record` on calx keys and calx shot, and `calx doctor --record`: a bad recording or option is refused with
/// exit 2 and a line that names what is wrong (for a recording, its line); what cannot be done exits 1.
@Suite struct RecordOptionTests {
    let pi7 = PanelRecording.all[0].path

    func temporary(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-record-\(UUID().uuidString).yml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aBrokenRecordingIsRefusedWithItsLine() throws {
        let lines = try String(contentsOfFile: pi7, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let broken = try temporary(lines.enumerated().map { $0.offset == 40 ? "\t" + $0.element : String($0.element) }.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("calx-record-\(UUID().uuidString).png").path
        for command in [["keys"], ["shot", "--size", "800x480", "--out", png]] {
            let r = try CalxBinary.run(command + ["--record", broken])
            #expect(r.status == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains(": line 41: a tab in the indentation"), "\(command): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: png), "a refused recording draws nothing")
    }

    @Test func aRecordingOfNoUsableDeviceIsRefused() throws {
        let text = try String(contentsOfFile: pi7, encoding: .utf8)
            .replacingOccurrences(of: "    - ID_INPUT_TOUCHSCREEN=1", with: "    - ID_INPUT_TOUCHPAD=1")
        let path = try temporary(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CalxBinary.run(["keys", "--record", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no recorded device is a touchscreen, tablet or keyboard"), "\(r.stderr)")
        #expect(r.stderr.contains("a touchpad (udev ID_INPUT_TOUCHPAD=1)"), "\(r.stderr)")
    }

    @Test(arguments: [
        (["keys", "--rotate", "90"], "--rotate and --touch-calibration go with --record"),
        (["keys", "--record", "/nonexistent.yml"], "--record '/nonexistent.yml': there is no such file"),
        (["keys", "--record", "/dev/null"], "a character device"),
        (["keys", "--record", "x.yml", "--touch", "x.touch"], "give --touch or --record, not both"),
        (["keys", "--record", "x.yml", "--rotate", "45"], "--rotate needs 0, 90, 180 or 270"),
        (["keys", "--record", "x.yml", "--touch-calibration", "1 0 0"], "--touch-calibration needs six numbers"),
        (["shot", "--size", "800x480", "--out", "-", "--touch-calibration", "1 0 0 0 1 0"], "go with --record"),
        (["doctor", "--seconds", "5"], "--seconds goes with --record FILE"),
        (["doctor", "--record", "x.yml", "--seconds", "301"], "--seconds needs a whole number of seconds from 1 to 300"),
        (["doctor", "--record", "x.yml", "--card", "/dev/dri/card0"], "unknown option '--card' (with --record: --seconds N only)"),
        (["doctor", "--record", "/nonexistent/x.yml"], "there is no directory"),
    ])
    func refused(arguments: [String], message: String) throws {
        let r = try CalxBinary.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    }

    /// This machine has no /dev/input: nothing to record is said, with exit 1, and no file is written.
    @Test func doctorRecordWithNoTouchscreen() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("calx-doctor-\(UUID().uuidString).yml").path
        let r = try CalxBinary.run(["doctor", "--record", out, "--seconds", "1"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("nothing to record: no touchscreen"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func shotDrawsWhatARecordingDid() throws {
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--record", pi7, "--out", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.output.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        #expect(r.stderr.contains("device 1 'raspberrypi-ts': touchscreen, no calibration"), "\(r.stderr)")
    }
}
