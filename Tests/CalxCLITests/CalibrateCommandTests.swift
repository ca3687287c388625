import Foundation
import Testing

/// `calx calibrate` where it cannot calibrate (these machines have no display and no touchscreen; the VM's
/// replay boot calibrates a replayed panel through the same session at the kiosk's first start): it says why,
/// and the config it would write is left as it was.
@Suite struct CalibrateCommandTests {
    func config(_ text: String?) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-calibrate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/calx.conf"
        if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    @Test func withNoDisplayNothingIsWritten() throws {
        let missing = try config(nil)
        let r = try CalxBinary.run(["calibrate"], environment: ["CALX_CONFIG": missing])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("calx calibrate: no usable display"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing), "no calx.conf made")
    }

    /// The calibration it replaces may be unusable (that is why one calibrates); any other bad setting is refused.
    @Test func aBadCalibrationIsNoReasonToRefuseAnotherBadSettingIs() throws {
        let text = "theme=dark\ntouch-calibration=0 0 0 0 0 0\n"
        let singular = try config(text)
        let r = try CalxBinary.run(["calibrate"], environment: ["CALX_CONFIG": singular])
        #expect(r.status == 2 && r.stderr.contains("no usable display") && !r.stderr.contains("singular"), "\(r.stderr)")
        #expect(try String(contentsOfFile: singular, encoding: .utf8) == text)
        let badTheme = try config("theme=plaid\n")
        let refused = try CalxBinary.run(["calibrate"], environment: ["CALX_CONFIG": badTheme])
        #expect(refused.status == 2 && refused.stderr.contains("theme") && !refused.stderr.contains("no usable display"), "\(refused.stderr)")
        let flag = try CalxBinary.run(["calibrate", "--bogus"], environment: ["CALX_CONFIG": badTheme])
        #expect(flag.status == 2 && flag.stderr.contains("unknown option '--bogus'"), "\(flag.stderr)")
    }
}
