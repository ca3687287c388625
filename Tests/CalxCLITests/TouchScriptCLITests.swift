import Foundation
import Testing

/// Touch scripts through the binaries: the same parser for `calx keys --touch` and `calx-touchplay`.
@Suite struct TouchScriptCLITests {
    func scriptFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-script-\(UUID().uuidString).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func centre(of label: String) throws -> String {
        let layout = try CalxBinary.run(["layout", "--size", "800x480"])
        let line = try #require(layout.stdout.split(separator: "\n").first { $0.hasPrefix("\(label) ") })
        return line.split(separator: " ").dropFirst().joined(separator: " ")
    }

    /// A CRLF script whose first line is a comment once played nothing and exited 0.
    @Test func aCRLFScriptWithACommentFirstTapsItsKeys() throws {
        let path = try scriptFile("# seven\r\ntap \(try centre(of: "7")) # the key\r\nwait 200\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CalxBinary.run(["keys", "", "--touch", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("display: 7\n"), "\(r.stdout)")
    }

    @Test func touchplayReadsTheSameScript() throws {
        let touchplay = CalxBinary.url.deletingLastPathComponent().appendingPathComponent("calx-touchplay")
        try #require(FileManager.default.fileExists(atPath: touchplay.path))
        let path = try scriptFile("# seven\r\ntap 10 10 # note\r\nsay done\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = touchplay
        process.arguments = ["--size", "800x480", "--check", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("down(id: -1, x: 10, y: 10)"), "\(text)")
        #expect(text.contains("say(\"done\")"), "\(text)")
    }

    @Test func anAbsurdNumberIsALineErrorNotACrash() throws {
        let path = try scriptFile("tap 1e300 5\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CalxBinary.run(["keys", "1", "--touch", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("line 1"), "\(r.stderr)")
    }
}
