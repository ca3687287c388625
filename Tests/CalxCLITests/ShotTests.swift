import Foundation
import Raster
import RasterPNG
import XCTest

final class ShotTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testShotWritesAPictureOfTheRequestedSize() throws {
        let out = dir.appendingPathComponent("s.png").path
        let result = try CalxBinary.run(["shot", "--size", "480x320", "--theme", "dark", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        XCTAssertEqual(image.width, 480)
        XCTAssertEqual(image.height, 320)
        // Not one flat colour: the keypad is there.
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: 320, by: 7) { for x in stride(from: 0, to: 480, by: 7) { colours.insert(image.buffer.xrgb(x: x, y: y)) } }
        XCTAssertGreaterThan(colours.count, 5)
    }

    /// The check: a visit played by touch, then 3 s of nothing with --idle-reset 2, is the very
    /// picture of a fresh start, and so is the state it leaves.
    func testIdleResetGivesExactlyTheFreshPicture() throws {
        let fresh = dir.appendingPathComponent("fresh.png").path
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480", "--out", fresh]).status, 0)
        var centres: [String: (String, String)] = [:]
        for line in try CalxBinary.run(["layout", "--size", "800x480"]).stdout.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            if parts.count == 3 { centres[parts[0]] = (parts[1], parts[2]) }
        }
        let taps = ["7", "+", "9", "=", "M", "sin", "graph"].compactMap { centres[$0].map { "tap \($0.0) \($0.1)" } }
        XCTAssertEqual(taps.count, 7, "\(centres.keys.sorted())")
        let script = dir.appendingPathComponent("visit.txt")
        try (taps.joined(separator: "\n") + "\nwait 3000\n").write(to: script, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state").path
        let forgot = dir.appendingPathComponent("forgot.png").path
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--idle-reset", "2", "--touch", script.path,
                                    "--state", state, "--out", forgot])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: forgot)), try Data(contentsOf: URL(fileURLWithPath: fresh)))
        let kept = dir.appendingPathComponent("kept.png").path
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480", "--touch", script.path, "--out", kept]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: kept)), try Data(contentsOf: URL(fileURLWithPath: fresh)))
        let reread = dir.appendingPathComponent("reread.png").path
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480", "--state", state, "--out", reread]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: reread)), try Data(contentsOf: URL(fileURLWithPath: fresh)))
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480", "--idle-reset", "-1", "--out", kept]).status, 2)
    }

    func testABadTouchLineExitsTwoNamingTheLine() throws {
        let script = dir.appendingPathComponent("bad.txt")
        try "tap 10 10\nwait 5\npinch 1 2 three 4\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try CalxBinary.run(["shot", "--size", "800x480", "--touch", script.path,
                                         "--out", dir.appendingPathComponent("x.png").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("line 3"), result.stderr)
    }

    func testAnUnknownKeyOrOptionExitsTwo() throws {
        let out = dir.appendingPathComponent("x.png").path
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480", "--keys", "7 frob", "--out", out]).status, 2)
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "huge", "--out", out]).status, 2)
        XCTAssertEqual(try CalxBinary.run(["shot", "--size", "800x480"]).status, 2)
    }

    func testACorruptStateFileIsSetAsideAndReplaced() throws {
        let state = dir.appendingPathComponent("state")
        try "not a state file".write(to: state, atomically: true, encoding: .utf8)
        let result = try CalxBinary.run(["shot", "--size", "800x480", "--state", state.path,
                                         "--out", dir.appendingPathComponent("x.png").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("unreadable"), result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertTrue(names.contains { $0.hasPrefix("state.corrupt-") }, "\(names)")
        let saved = try String(contentsOf: state, encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("calx-state 10\n"), saved)
    }
}

final class ShotKeysTouchTests: XCTestCase {
    func testKeysWithAnEmptyTouchScriptPrintsTheSameFiveLines() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("calx-empty-\(UUID().uuidString).txt")
        try "# nothing\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let plain = try CalxBinary.run(["keys", "4 × π ="])
        let touched = try CalxBinary.run(["keys", "4 × π =", "--touch", script.path])
        XCTAssertEqual(touched.status, 0, touched.stderr)
        XCTAssertEqual(touched.stdout, plain.stdout)
        XCTAssertTrue(touched.stdout.contains("display: 12.5663706143592"), touched.stdout)
    }

    func testKeysWithABadTouchLineExitsTwo() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("calx-bad-\(UUID().uuidString).txt")
        try "tap 1 1\nup 9\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try CalxBinary.run(["keys", "1", "--touch", script.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("line 2"), result.stderr)
    }

    func testTheShotStateFileIsWrittenAndReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-tap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        let shot = try CalxBinary.run(["shot", "--size", "800x480", "--keys", "7 + 9 = sqrt", "--state", state,
                                       "--out", dir.appendingPathComponent("s.png").path])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("calx-state 10\nfnv1a64 "), saved)
        let again = try CalxBinary.run(["shot", "--size", "800x480", "--state", state,
                                        "--out", dir.appendingPathComponent("t.png").path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("unreadable"), again.stderr)
    }
}
