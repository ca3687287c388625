import Foundation
import Testing
import Platform
@testable import CalxApp

/// touch-calibration= written into a calx.conf: its line replaced, or one added; every other line kept.
@Suite struct ConfigFileSettingTests {
    @Test func theSettingsLineIsReplacedAndTheRestKept() {
        let before = "# calx\ntheme=dark\ntouch-calibration = 1 0 0 0 1 0  # old\r\nrotate=90\n"
        let after = ConfigFileSetting.text(before, setting: "touch-calibration", to: "0 1 0 1 0 0")
        #expect(after == "# calx\ntheme=dark\ntouch-calibration=0 1 0 1 0 0\r\nrotate=90\n")
        let parsed = RunOptions.parseConfig(after, path: "x")
        #expect(parsed.problems.isEmpty && parsed.settings["touch-calibration"]?.value == "0 1 0 1 0 0")
    }

    @Test func aMissingSettingIsAddedAtTheEnd() {
        #expect(ConfigFileSetting.text("theme=dark\n", setting: "touch-calibration", to: "1 0 0 0 1 0") == "theme=dark\ntouch-calibration=1 0 0 0 1 0\n")
        #expect(ConfigFileSetting.text("theme=dark", setting: "touch-calibration", to: "1 0 0 0 1 0") == "theme=dark\ntouch-calibration=1 0 0 0 1 0\n")
        #expect(ConfigFileSetting.text("", setting: "touch-calibration", to: "1 0 0 0 1 0") == "touch-calibration=1 0 0 0 1 0\n")
        // A commented-out setting stays a comment.
        #expect(ConfigFileSetting.text("# touch-calibration=1 0 0 0 1 0\n", setting: "touch-calibration", to: "2 0 0 0 2 0")
                == "# touch-calibration=1 0 0 0 1 0\ntouch-calibration=2 0 0 0 2 0\n")
    }

    @Test func writtenAtomicallyAndReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-conf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = dir + "/state"
        let conf = ConfigFileSetting.savedCalibrationPath(stateFile: state)
        #expect(conf == dir + "/calx.conf")
        #expect(ConfigFileSetting.calibration(in: conf) == nil)
        try ConfigFileSetting.write(conf, setting: "touch-calibration", to: Calibration(1.1375, 0, -0.069444, 0, -1.17, 1.085714).settingText)
        #expect(try String(contentsOfFile: conf, encoding: .utf8) == "touch-calibration=1.1375 0 -0.069444 0 -1.17 1.085714\n")
        guard case .success(let c)? = ConfigFileSetting.calibration(in: conf) else { Issue.record("not read back"); return }
        #expect(c == Calibration(1.1375, 0, -0.069444, 0, -1.17, 1.085714))
        try "touch-calibration=0 0 0 0 0 0\n".write(toFile: conf, atomically: true, encoding: .utf8)
        guard case .failure(let problem)? = ConfigFileSetting.calibration(in: conf) else { Issue.record("a singular matrix read"); return }
        #expect(problem.text.contains("singular"))
    }
}
