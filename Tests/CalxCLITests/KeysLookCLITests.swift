import Foundation
import Testing

/// Issue 26: each option works on `calx keys` too. `--theme`, `--text-scale` and `--idle-attract` change no line
/// it prints without `--touch`; with it, the text scale lays out what the script taps and the attract time lets
/// its `wait` lines bring the attract screen, whose first tap presses nothing.
@Suite struct KeysLookCLITests {
    @Test func theScreensOptionsAreTakenAndChangeNoPrintedLine() throws {
        let plain = try CalxBinary.run(["keys", "1,5 + 1 =", "--locale", "de"])
        #expect(plain.status == 0 && plain.stdout.hasPrefix("display: 2,5\n"), "\(plain.stdout) \(plain.stderr)")
        let dressed = try CalxBinary.run(["keys", "1,5 + 1 =", "--locale", "de", "--theme", "high-contrast", "--text-scale", "1.5",
                                          "--idle-attract", "30"])
        #expect(dressed.status == 0, "\(dressed.stderr)")
        #expect(dressed.stdout == plain.stdout)
    }

    @Test func theFirstTapAfterTheAttractScreenComesPressesNothing() throws {
        let layout = try CalxBinary.run(["layout", "--size", "800x480"])
        let seven = try #require(layout.stdout.split(separator: "\n").first { $0.hasPrefix("7 ") }).dropFirst(2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-attract-\(UUID().uuidString).txt").path
        try "wait 12000\ntap \(seven)\nwait 200\ntap \(seven)\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let awake = try CalxBinary.run(["keys", "", "--touch", path])
        #expect(awake.stdout.hasPrefix("display: 77\n"), "\(awake.stdout) \(awake.stderr)")
        let attracted = try CalxBinary.run(["keys", "", "--touch", path, "--idle-attract", "10"])
        #expect(attracted.stdout.hasPrefix("display: 7\n"), "\(attracted.stdout) \(attracted.stderr)")
    }
}
