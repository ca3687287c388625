import SystemFiles
import Testing
@testable import EvdevInput

/// deploy/70-calx-touchscreen.rules sets LIBINPUT_CALIBRATION_MATRIX per panel; --touch-calibration wins.
@Suite struct CalibrationChoiceTests {
    @Test func theSettingWinsOverUdev() {
        let c = CalibrationChoice.choose(setting: Calibration(-1, 0, 1, 0, 1, 0), udev: "0 1 0 -1 0 1")
        #expect(c == CalibrationChoice(matrix: Calibration(-1, 0, 1, 0, 1, 0), source: .setting))
    }

    @Test func udevsMatrixIsUsedWithoutASetting() {
        #expect(CalibrationChoice.choose(setting: nil, udev: "0 1 0 -1 0 1") == CalibrationChoice(matrix: Calibration(0, 1, 0, -1, 0, 1), source: .udev))
        #expect(CalibrationChoice.choose(setting: nil, udev: "0 1 0 -1 0 1").summary == "calibration 0.0 1.0 0.0 -1.0 0.0 1.0 (udev LIBINPUT_CALIBRATION_MATRIX)")
    }

    @Test func neitherIsTheIdentity() {
        #expect(CalibrationChoice.choose(setting: nil, udev: nil) == CalibrationChoice(matrix: Calibration.identity, source: .none))
    }

    /// A bad property is named and ignored, as libinput ignores it; it never reaches the mapping.
    @Test(arguments: ["", "1 0 0", "nan 0 0 0 1 0", "0 0 0 0 0 0", "1 0 0 0 1 0 x", "1e300 0 0 0 1 0"])
    func aBadUdevMatrixIsIgnoredAndSaidSo(text: String) {
        let c = CalibrationChoice.choose(setting: nil, udev: text)
        #expect(c.matrix == Calibration.identity)
        #expect(c.source == .none)
        #expect(c.problem?.contains("LIBINPUT_CALIBRATION_MATRIX") == true)
    }

    /// Every example in deploy/70-calx-touchscreen.rules is a matrix the parser takes.
    @Test func theRulesFilesExamplesParse() throws {
        let rules = repositoryFile("deploy/70-calx-touchscreen.rules")
        let examples = rules.split(separator: "\n").filter { $0.hasPrefix("#  ") && $0.contains(":") }
            .map { String($0.split(separator: ":").last!).trimmingCharacters() }
        #expect(examples.count == 5)
        for e in examples { #expect(throws: Never.self) { try Calibration.parse(e) } }
        let envs = rules.split(separator: "\n").filter { $0.contains("ENV{LIBINPUT_CALIBRATION_MATRIX}=") }
        #expect(!envs.isEmpty)
        for line in envs {
            let value = line.split(separator: "=").last!.split(separator: "\"")[0]
            #expect(throws: Never.self) { try Calibration.parse(String(value)) }
        }
    }
}

/// The repository's file at `relative`, found from this source file.
func repositoryFile(_ relative: String) -> String {
    var root = #filePath
    for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
    let bytes = (try? RegularFile(path: root + "/" + relative, limit: 1 << 20).read()) ?? nil
    return String(decoding: bytes ?? [], as: UTF8.self)
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
