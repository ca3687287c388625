import Foundation
import Testing

/// Issue 22: `--size 10x10` said only "--size needs WxH", and `--state ""` was accepted. Every option of
/// every command, given empty, missing, garbled, out of range, NaN or infinite, with a CR from a CRLF
/// file, or twice: exit 2, and a message that names the option and says what it accepts.
@Suite struct OptionRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// What the message must hold: the option (or the argument) and what it accepts.
        var says: [String]
        init(_ arguments: [String], _ says: String...) { self.arguments = arguments; self.says = says }
        var testDescription: String { arguments.map { "'\($0)'" }.joined(separator: " ") }
    }

    static let size = "from 320x240 to 3840x2160, either way round"
    /// The picture goes where it could be written: no case here gets as far as writing it.
    static let out = NSTemporaryDirectory() + "/calx-refused-\(getpid()).png"
    static let shot = ["shot", "--size", "320x240", "--out", out]
    static let keys = "keys separated by spaces, named as on the keypad"

    static let cases: [Case] = [
        Case(["run", "--theme"], "--theme needs light, dark or high-contrast (got nothing)"),
        Case(["run", "--theme", "dark", "--theme", "light"], "--theme is given twice"),
        Case(["run", "--rotate", "90\r"], "--rotate must be 0, 90, 180 or 270 (got '90\\r')"),
        Case(["run", "--mode", "nanxnan"], "--mode must be WxH or WxH@Hz, each from 1 to"),
        Case(["run", "--idle-reset", "inf"], "--idle-reset must be a number of seconds from 0 (off) to 604800"),
        Case(["run", "--state", ""], "--state must be the path of a state file"),
        Case(["run", "--state", "--theme", "dark"], "--state needs the path of a state file (got the option '--theme')"),
        Case(["run", "--card", ""], "--card must be the path of a DRM card"),
        Case(["run", "--text-scale", "2.5"], "--text-scale must be a number from 1 to 2 (how much larger text is drawn) (got '2.5')"),
        Case(["doctor", "--rotate"], "--rotate needs 0, 90, 180 or 270 (got nothing)"),
        Case(["doctor", "--card", "a", "--card", "b"], "--card is given twice"),
        Case(["shot", "--size", "10x10", "--out", out], "--size needs WxH \(size) (got '10x10')"),
        Case(["shot", "--size", "8192x4608", "--out", out], "--size needs WxH \(size) (got '8192x4608')"),
        Case(["shot", "--size", "", "--out", out], "--size needs WxH \(size) (got '')"),
        Case(["shot", "--size", "99999999999999999999x1", "--out", out], "--size needs WxH \(size)"),
        Case(["shot", "--out", out], "--size is required: WxH \(size)"),
        Case(shot + ["--size", "320x240"], "--size is given twice"),
        Case(shot + ["--theme", "dark\r\n"], "--theme needs light, dark or high-contrast (got 'dark\\r\\n')"),
        Case(shot + ["--text-scale", "nan"], "--text-scale needs a number from 1 to 2 (how much larger text is drawn) (got 'nan')"),
        Case(shot + ["--text-scale", "0.9"], "--text-scale needs a number from 1 to 2"),
        Case(shot + ["--mm", "nanxnan"], "--mm needs WxH in millimetres, each from 1 to 10000 (got 'nanxnan')"),
        Case(shot + ["--idle-reset", "1e400"], "--idle-reset needs seconds from 0 (off) to 604800 (got '1e400')"),
        Case(shot + ["--keys", "7 frob"], "--keys: unknown key 'frob'", keys),
        Case(shot + ["--keys"], "--keys needs", keys),
        Case(shot + ["--touch", ""], "--touch needs a touch script: a regular file of at most 16 MiB, or - for standard input (a pipe) (got '')"),
        Case(shot + ["--touch", "/"], "--touch '/': a directory, not a regular file", "a touch script"),
        Case(["shot", "--size", "320x240"], "--out is required", "a new path or a regular file, or - for standard output"),
        Case(["keys", "--touch"], "--touch needs a touch script: a regular file of at most 16 MiB, or - for standard input (a pipe) (got nothing)"),
        Case(["keys", "1 +", "2"], "unexpected argument '2'", "TOKENS is one argument"),
        Case(["keys", "1 + frob"], "unknown key 'frob'", keys),
        Case(["keys", "--frob"], "unknown option '--frob'"),
        Case(["keys", "7", "--text-scale", "2.1"], "--text-scale needs a number from 1 to 2 (how much larger text is drawn) (got '2.1')"),
        Case(["keys", "7", "--theme", "blue"], "--theme needs light, dark or high-contrast (got 'blue')"),
        Case(["keys", "7", "--idle-attract", "-5"], "--idle-attract needs a number of seconds from 0 (off) to 604800 (got '-5')"),
        Case(["keys", "7", "--theme", "dark", "--theme", "dark"], "--theme is given twice"),
        Case(["layout", "--size", "800x480", "--text-scale", "x"], "--text-scale needs a number from 1 to 2"),
        Case(["layout", "--size", "10x10"], "--size needs WxH \(size) (got '10x10')"),
        Case(["layout"], "--size is required: WxH \(size)"),
        Case(["layout", "--size", "800x480", "--size", "800x480"], "--size is given twice"),
        Case(["points", "M sin graph", "--from", "nan"], "--from needs a finite number (at most 1e15 in size) (got 'nan')"),
        Case(["points", "M sin graph", "--to", "1", "--to", "2"], "--to is given twice"),
        Case(["points", "M frob graph"], "unknown key 'frob'", keys),
        Case(["soak", "--frames", "1e12"], "--frames needs a whole number of frames from 100 to 10000000 (got '1e12')"),
        Case(["soak", "--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615 (got '-1')"),
        Case(["soak", "--frames", "100", "--state-dir", ""], "--state-dir needs an existing directory (got '')"),
        Case(["soak", "--frames", "100", "--state-dir", "/dev/null"], "--state-dir '/dev/null': a character device, not a directory"),
        Case(["soak", "--frames", "100", "--gate-cost", "--gate-cost"], "--gate-cost is given twice"),
    ]

    @Test(arguments: cases)
    func aBadValueIsRefusedNamingTheOptionAndWhatItAccepts(_ c: Case) throws {
        // soak and fuzz are the developers' calx-lab's commands.
        let r = try CalxBinary.run(c.arguments, environment: ["CALX_CONFIG": "/nonexistent/calx.conf"],
                                   lab: ["soak", "fuzz"].contains(c.arguments.first))
        #expect(r.status == 2, "\(r.stderr)")
        let said = r.stderr + r.stdout
        for fragment in c.says { #expect(said.contains(fragment), "\(said)") }
    }

    /// A key set twice in /etc/calx.conf: which one counts was the last line's, silently.
    @Test func aConfigKeyGivenTwiceIsNamedWithBothLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calx-twice-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "theme=dark\r\n# a note\r\ntheme=light\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(path) line 3: theme= is given twice (first on line 1)"), "\(r.stderr)")
    }

    /// The range `--size` states is the range it takes, in both orientations.
    @Test(arguments: [("320x240", 0), ("240x320", 0), ("3840x2160", 0), ("2160x3840", 0), ("3840x240", 0),
                      ("319x240", 2), ("320x239", 2), ("3841x2160", 2), ("2200x2200", 2), ("+800x480", 2), ("800x480 ", 2)])
    func layoutTakesTheStatedSizesAndNoOthers(size: String, status: Int32) throws {
        let r = try CalxBinary.run(["layout", "--size", size])
        #expect(r.status == status, "\(size): \(r.stderr)")
    }
}
