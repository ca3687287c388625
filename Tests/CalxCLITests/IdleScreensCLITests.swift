import Foundation
import Raster
import RasterPNG
import Testing

/// `--idle-attract` and `--idle-reset` pictured by `calx shot` with a touch script of `wait` lines.
@Suite struct IdleScreensCLITests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("calx-idle-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    func shot(_ arguments: [String], waiting milliseconds: Int) throws -> PixelImage {
        let script = dir.appendingPathComponent("wait-\(milliseconds).txt")
        try "wait \(milliseconds)\n".write(to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("\(UUID().uuidString).png").path
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--keys", "1 + 2 =", "--touch", script.path, "--out", out] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    /// The light theme's accent: the attract screen's banner, the countdown's panel.
    let accent: UInt32 = 0x1D4ED8

    @Test func theAttractScreenComesAfterItsSecondsAndNotBefore() throws {
        let before = try shot(["--idle-attract", "20"], waiting: 15_000)
        let after = try shot(["--idle-attract", "20"], waiting: 25_000)
        // Its banner across the bottom, in the accent colour.
        #expect(after.buffer.xrgb(x: 5, y: 475) & 0xFFFFFF == accent)
        #expect(before.buffer.xrgb(x: 5, y: 475) & 0xFFFFFF != accent)
        let off = try shot([], waiting: 25_000)
        #expect(off.buffer.xrgb(x: 5, y: 475) & 0xFFFFFF != accent, "off by default")
    }

    @Test func theCountdownShowsInTheLastTenSecondsBeforeTheReset() throws {
        let countdown = try shot(["--idle-reset", "30"], waiting: 25_000)
        #expect(countdown.buffer.xrgb(x: 400, y: 240) & 0xFFFFFF == accent)
        let early = try shot(["--idle-reset", "30"], waiting: 15_000)
        #expect(early.buffer.xrgb(x: 400, y: 240) & 0xFFFFFF != accent)
    }

    @Test func idleAttractIsAConfigKeyAndAFlagAndRefusesNonsense() throws {
        let config = dir.appendingPathComponent("calx.conf")
        try "idle-attract=soon\n".write(to: config, atomically: true, encoding: .utf8)
        let file = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", dir.path + "/state"],
                                      environment: ["CALX_CONFIG": config.path])
        #expect(file.status == 2)
        #expect(file.stderr.contains("idle-attract= in \(config.path) line 1 must be a number of seconds"), "\(file.stderr)")
        try "idle-attract=60\nidle-reset=120\n".write(to: config, atomically: true, encoding: .utf8)
        let good = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", dir.path + "/state"],
                                      environment: ["CALX_CONFIG": config.path])
        #expect(good.stderr.contains("no usable display"), "\(good.stderr)")
        let shot = try CalxBinary.run(["shot", "--size", "320x240", "--idle-attract", "-1", "--out", dir.path + "/x.png"])
        #expect(shot.status == 2 && shot.stderr.contains("--idle-attract needs seconds from 0 (off) to 604800"), "\(shot.stderr)")
    }
}
