import Foundation
import Testing

/// `calx run`'s settings are all checked before any hardware is touched: a bad one exits 2 with a message
/// naming where it came from, never a crash (under systemd's Restart=always a crash is a crash loop).
@Suite struct RunSettingsTests {
    let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("calx-settings-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func config(_ text: String) throws -> [String: String] {
        let path = dir + "/calx.conf"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return ["CALX_CONFIG": path]
    }

    /// The display is never reached: every case fails on its settings, with a card that does not exist.
    func run(_ flags: [String], config text: String = "") throws -> CalxBinary.Result {
        try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", dir + "/state"] + flags, environment: config(text))
    }

    @Test(arguments: ["", "@", "x", "800x", "0x0", "800x480@", "99999999999999999999x1", "1x1@1x1"])
    func aBadModeFlagExitsTwoNamingTheFlag(mode: String) throws {
        let r = try run(["--mode", mode])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("calx: --mode must be WxH"), "\(r.stderr)")
        #expect(!r.stderr.contains("no usable display"))
    }

    @Test func aBadModeInTheConfigNamesTheFileAndLine() throws {
        let r = try run([], config: "# kiosk\ntheme=dark\nmode=\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains("mode= in \(dir)/calx.conf line 3 must be WxH"), "\(r.stderr)")
        #expect(!r.stderr.contains("--mode"), "\(r.stderr)")
    }

    @Test func aBadTextScaleNamesWhereItCameFromAndAGoodOneIsTaken() throws {
        let file = try run([], config: "text-scale=3\n")
        #expect(file.status == 2)
        #expect(file.stderr.contains("text-scale= in \(dir)/calx.conf line 1 must be a number from 1 to 2"), "\(file.stderr)")
        let good = try run(["--theme", "high-contrast"], config: "text-scale=1.5\n")
        #expect(good.stderr.contains("no usable display"), "\(good.stderr)")
    }

    @Test func aBadIdleResetNamesWhereItCameFrom() throws {
        let file = try run([], config: "idle-reset=soon\n")
        #expect(file.status == 2)
        #expect(file.stderr.contains("idle-reset= in \(dir)/calx.conf line 1 must be a number of seconds"), "\(file.stderr)")
        let flag = try run(["--idle-reset", "-5"])
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("--idle-reset must be a number of seconds"), "\(flag.stderr)")
        // A good one passes the settings and goes on to look for the display.
        let good = try run(["--idle-reset", "120"], config: "idle-reset=0\n")
        #expect(good.stderr.contains("no usable display"), "\(good.stderr)")
    }

    @Test func aBadThemeInTheConfigIsNotCalledAFlag() throws {
        let r = try run([], config: "theme = blue\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains("theme= in \(dir)/calx.conf line 1 must be light, dark or high-contrast (got 'blue')"), "\(r.stderr)")
        let flag = try run(["--theme", "blue"])
        #expect(flag.stderr.contains("calx: --theme must be light, dark or high-contrast (got 'blue')"), "\(flag.stderr)")
    }

    /// CRLF line ends (a config edited on Windows) are line ends: the values carry no '\r'.
    @Test func aCRLFConfigIsRead() throws {
        let r = try run([], config: "theme=dark\r\nrotate=90\r\n# note\r\nmode=800x480@60\r\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains("no usable display"), "\(r.stderr)")
        #expect(!r.stderr.contains("must be"), "\(r.stderr)")
    }

    @Test func aMisspelledKeyIsReportedWithItsLine() throws {
        let r = try run([], config: "theme=dark\nrotation=90\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains("line 2: unknown key 'rotation'"), "\(r.stderr)")
        let noEquals = try run([], config: "rotate 90\n")
        #expect(noEquals.stderr.contains("line 1: 'rotate 90' is not key=value"), "\(noEquals.stderr)")
    }

    @Test func flagsWinOverTheConfig() throws {
        let r = try run(["--theme", "dark"], config: "theme=blue\n")
        #expect(r.stderr.contains("no usable display"), "\(r.stderr)")
    }

    @Test(arguments: ["nan 0 0 0 1 0", "inf 0 0 0 1 0", "1e300 0 0 0 1 0", "0 0 0 0 0 0", "1 0 0 0 1 0 junk", "one two", ""])
    func aBadCalibrationIsRefusedBeforeTheHardware(matrix: String) throws {
        let r = try run(["--touch-calibration", matrix])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--touch-calibration must be six numbers"), "\(r.stderr)")
        #expect(!r.stderr.contains("no usable display"))
        let fromFile = try run([], config: "touch-calibration=\"\(matrix)\"\n")
        #expect(fromFile.stderr.contains("touch-calibration= in \(dir)/calx.conf line 1"), "\(fromFile.stderr)")
    }

    /// A FIFO as the config once would have blocked `calx run` for ever.
    @Test func aFIFOConfigIsRefusedAtOnce() throws {
        let path = dir + "/fifo.conf"
        #expect(mkfifo(path, 0o600) == 0)
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("a FIFO, not a regular file"), "\(r.stderr)")
    }

    @Test func noMessageSaysCalxTwice() throws {
        let r = try run([], config: "theme=blue\nfoo=1\n")
        #expect(!r.stderr.contains("calx: calx:"), "\(r.stderr)")
    }
}

@Suite struct ShotSizeTests {
    /// `--mm 1e-300x1e-300` once crashed `calx shot` with SIGILL.
    @Test(arguments: ["1e-300x1e-300", "0x0", "nanxnan", "infx1", "1e300x1e300", "x", "100x", "-5x5"])
    func anImplausibleScreenSizeExitsTwo(mm: String) throws {
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--mm", mm, "--out", "/tmp/calx-mm-\(getpid()).png"])
        #expect(r.status == 2, "\(mm): \(r.stderr)")
        #expect(r.stderr.contains("--mm"))
    }

    @Test func aRealScreenSizeIsUsed() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("calx-mm-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--mm", "154x86", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
    }
}

@Suite struct ConfigSizeTests {
    /// The "too large" message once carried whatever errno an earlier call had left.
    @Test func aConfigOverTheCapIsRefusedNamingItsSizeNotAnErrno() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-big-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "# padding\n", count: 7000).write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("70000 bytes, more than the 65536 allowed"), "\(r.stderr)")
        #expect(!r.stderr.contains("errno"), "\(r.stderr)")
    }

    @Test(arguments: [["--runs", "0"], ["--runs", "99999999999"], ["--frames", "-1"], ["--runs", "1e3"]])
    func benchCountsAreBounded(flags: [String]) throws {
        #expect(try CalxBinary.run(["bench"] + flags).status == 2)
    }
}

@Suite struct StatePathTests {
    @Test(arguments: ["/dev/null", "/tmp"])
    func aStatePathThatCanNeverBeAFileIsRefused(path: String) throws {
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", path], environment: ["CALX_CONFIG": "/nonexistent/calx.conf"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--state is a") && r.stderr.contains("give the path of a file"), "\(r.stderr)")
    }

    /// A FIFO planted at the state path: `calx shot` neither hangs nor opens it, and leaves it where it is (it
    /// was renamed aside and a regular file put in its place until issue 35).
    @Test func aFIFOAtTheStatePathIsRefusedAndLeftAsItIs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/state", 0o600) == 0)
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--state", dir + "/state", "--out", dir + "/s.png"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("is a FIFO"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["state"])
        var status = stat()
        #expect(lstat(dir + "/state", &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    }
}
