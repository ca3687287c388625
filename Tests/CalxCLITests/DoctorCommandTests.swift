import Foundation
import Testing

/// The console and hotplug lines are reports, not requirements: they never make doctor fail alone.
@Test func doctorReportsTheConsoleAndHotplug() throws {
    let r = try CalxBinary.run(["doctor"])
    let lines = r.stdout.split(separator: "\n")
    let console = try #require(lines.first { $0.hasPrefix("console: ") })
    #expect(console.contains("VT") || console.contains("tty"))
    let hotplug = try #require(lines.first { $0.hasPrefix("hotplug: ") })
    #expect(!hotplug.contains("MISSING") && !console.contains("MISSING"))
}

@Test func doctorChecksTheStateWhereStateSaysAndValidatesItsFlags() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-doctor-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fresh = try CalxBinary.run(["doctor", "--state", dir + "/state"])
    #expect(fresh.stdout.contains("state: \(dir)/state (none yet"), "\(fresh.stdout)")
    #expect(mkfifo(dir + "/fifo", 0o600) == 0)
    let fifo = try CalxBinary.run(["doctor", "--state", dir + "/fifo"])
    #expect(fifo.stdout.contains("state: MISSING read \(dir)/fifo: a FIFO, not a regular file"), "\(fifo.stdout)")
    #expect(fifo.status != 0)
    let bad = try CalxBinary.run(["doctor", "--mode", "", "--touch-calibration", "nan 0 0 0 1 0", "--theme", "blue"])
    #expect(bad.stdout.contains("settings: MISSING --mode must be WxH"), "\(bad.stdout)")
    #expect(bad.stdout.contains("settings: MISSING --touch-calibration"), "\(bad.stdout)")
    #expect(bad.stdout.contains("settings: MISSING --theme"), "\(bad.stdout)")
    #expect(bad.status != 0)
}
