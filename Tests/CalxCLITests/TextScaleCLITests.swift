import Foundation
import RasterPNG
import Testing

/// `--text-scale` on the commands that lay the screen out: `calx layout` says where the keys went, `calx keys
/// --touch` taps that layout, `calx shot` draws it.
@Suite struct TextScaleCLITests {
    func centres(_ arguments: [String]) throws -> [String: String] {
        let r = try CalxBinary.run(["layout", "--size", "800x480"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        var centres: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            centres[String(parts[0])] = parts.dropFirst().joined(separator: " ")
        }
        return centres
    }

    /// At 1.5 the 800x480 screen gives the calculator its whole width (the display strip grows): the keys move,
    /// the graph covers the screen and gets a back key.
    @Test func theLayoutReflowsAndTheKeysTapWhereItSays() throws {
        let natural = try centres([]), larger = try centres(["--text-scale", "1.5"])
        #expect(natural["back"] == nil && larger["back"] != nil)
        #expect(larger["graph-area"] == "0 0 800 480")
        let seven = try #require(larger["7"])
        #expect(seven != natural["7"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-scale-\(UUID().uuidString).txt").path
        try "tap \(seven)\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tapped = try CalxBinary.run(["keys", "", "--touch", path, "--text-scale", "1.5"])
        #expect(tapped.stdout.hasPrefix("display: 7\n"), "\(tapped.stdout) \(tapped.stderr)")
        // The same tap on the layout at scale 1 lands on another key.
        let elsewhere = try CalxBinary.run(["keys", "", "--touch", path])
        #expect(!elsewhere.stdout.hasPrefix("display: 7\n"), "\(elsewhere.stdout)")
    }

    @Test func shotDrawsTheLargerTextInHighContrast() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func shot(_ extra: [String]) throws -> [UInt8] {
            let out = dir.appendingPathComponent("\(extra.joined()).png").path
            let r = try CalxBinary.run(["shot", "--size", "480x800", "--keys", "1 + 2 ="] + extra + ["--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        let plain = try shot([]), larger = try shot(["--text-scale", "1.5"]), contrast = try shot(["--theme", "high-contrast"])
        #expect(plain != larger && plain != contrast)
        // High contrast paints the keypad's background black.
        let image = try PNGCodec.decode(contrast)
        #expect(image.buffer.xrgb(x: 1, y: 799) & 0xFFFFFF == 0)
    }
}
