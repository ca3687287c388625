import Foundation
import Testing

/// Issue 22: a 15.6 MB touch script (the cap is 16 MiB) took 327 MB, read whole into a String and an
/// array of commands. Read a piece at a time, the largest script costs about what the smallest does.
@Suite struct TouchScriptMemoryTests {
    @Test func aScriptAtTheCapCostsLittleMoreMemoryThanATinyOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-big-script-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 3,900 taps of 4 kB lines: every line read and played, yet cheap to play (the cost is the reading).
        let line = "tap 35 293 # " + String(repeating: "x", count: 3_990) + "\n"
        let big = String(repeating: line, count: (16 << 20) / line.utf8.count)
        try big.write(toFile: dir + "/big.txt", atomically: true, encoding: .utf8)
        try line.write(toFile: dir + "/tiny.txt", atomically: true, encoding: .utf8)
        let tiny = try CalxBinary.peakKilobytes(["keys", "--touch", dir + "/tiny.txt"])
        let large = try CalxBinary.peakKilobytes(["keys", "--touch", dir + "/big.txt"])
        #expect(tiny.status == 0 && large.status == 0 && tiny.kilobytes > 0)
        // A quarter of the script's 16 MB: the whole of it never is in memory at once.
        #expect(large.kilobytes - tiny.kilobytes < 4_096, "\(tiny.kilobytes) kB for one line, \(large.kilobytes) kB for \(big.utf8.count) bytes")
    }
}
