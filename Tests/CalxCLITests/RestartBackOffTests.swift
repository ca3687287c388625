import Foundation
import Testing

/// deploy/debian/calx-wait, calx.service's back-off between quick failures, run by /bin/sh with its stamp and
/// uptime in files of the test's own.
@Suite struct RestartBackOffTests {
    struct Run { var output: String; var stamp: String }

    func wait(uptime: String, stamp: String?) throws -> Run {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-wait-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stampFile = dir.appendingPathComponent("stamp"), uptimeFile = dir.appendingPathComponent("uptime")
        try (uptime + " 1.00\n").write(to: uptimeFile, atomically: true, encoding: .utf8)
        if let stamp { try (stamp + "\n").write(to: stampFile, atomically: true, encoding: .utf8) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("deploy/debian/calx-wait")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script.path]
        process.environment = ["CALX_WAIT_STAMP": stampFile.path, "CALX_WAIT_UPTIME": uptimeFile.path, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Run(output: output, stamp: (try? String(contentsOf: stampFile, encoding: .utf8)) ?? "")
    }

    /// The first start since boot waits for nothing, even 6 s after boot (a fast board; it once logged a failure
    /// that never happened and waited a second).
    @Test func theFirstStartSinceBootDoesNotWait() throws {
        let run = try wait(uptime: "6.42", stamp: nil)
        #expect(run.output == "")
        #expect(run.stamp == "6 0\n")
    }

    @Test func aQuickFailureWaitsASecond() throws {
        let run = try wait(uptime: "9.10", stamp: "6 0")
        #expect(run.output.contains("failed within 10 s of its start; waiting 1 s"))
        #expect(run.stamp == "10 1\n")
    }

    /// A stamp that is not two whole numbers is no stamp: the back-off never keeps the kiosk from starting.
    @Test(arguments: ["abc def", "12", "5 x", "-3 1", "7 2\r"])
    func aGarbledStampCountsAsNone(stamp: String) throws {
        let run = try wait(uptime: "8.00", stamp: stamp)
        #expect(run.output == "", "\(stamp)")
        #expect(run.stamp == "8 0\n", "\(stamp)")
    }

    @Test func aRunOfTenSecondsOrMoreStartsAfresh() throws {
        let run = try wait(uptime: "75.00", stamp: "40 8")
        #expect(run.output == "")
        #expect(run.stamp == "75 0\n")
    }
}
