import Foundation
import Testing

/// Issue 35: what a stranger's files and arguments made calx print or do. One test a row of the issue's
/// table (each failed on main before the issue), then what the messages fuzz found beside them.
@Suite struct StrangersInputTests {
    static let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("calx-strangers-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    static let noConfig = ["CALX_CONFIG": "/nonexistent/calx.conf"]

    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The first byte a terminal would act on: below 0x20 but newline, or DEL.
    static func rawControl(_ r: CalxBinary.Result) -> UInt8? {
        (Array(r.stdout.utf8) + Array(r.stderr.utf8)).first { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    }

    static let escapes = Array("\u{1b}[31mRED\u{1b}]0;pwned\u{07} 1 2\n".utf8)
    static let escapesShown = "\\u{1b}[31mRED\\u{1b}]0;pwned\\u{7}"

    @Test func aTouchScriptsEscapesAreEscapedInTheMessage() throws {
        let r = try CalxBinary.run(["keys", "1", "--touch", Self.file("esc.touch", Self.escapes)])
        #expect(r.status == 2)
        #expect(Self.rawControl(r) == nil, "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains(Self.escapesShown), "\(r.stderr)")
    }

    @Test func aRecordingsEscapesAreEscapedInTheMessage() throws {
        let r = try CalxBinary.run(["keys", "1", "--record", Self.file("esc.yml", Array("version: 1\n".utf8) + Self.escapes)])
        #expect(r.status == 2)
        #expect(Self.rawControl(r) == nil, "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains(Self.escapesShown), "\(r.stderr)")
    }

    @Test func aConfigsEscapesAreEscapedInTheMessage() throws {
        let config = Self.file("esc.conf", Self.escapes)
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": config])
        #expect(r.status == 2)
        #expect(Self.rawControl(r) == nil, "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains("line 1: '\(Self.escapesShown) 1 2' is not key=value"), "\(r.stderr)")
    }

    /// A FIFO or a symbolic link at --state was renamed to .corrupt-N and a regular file put in its place.
    @Test(arguments: ["fifo", "link"])
    func aStatePathThatIsNoRegularFileIsRefusedAndLeftAsItIs(kind: String) throws {
        let place = Self.dir + "/state-\(kind)"
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        let state = place + "/state", target = place + "/target"
        if kind == "fifo" {
            #expect(mkfifo(state, 0o600) == 0)
        } else {
            FileManager.default.createFile(atPath: target, contents: Data("not a state".utf8))
            try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: target)
        }
        let r = try CalxBinary.run(["shot", "--size", "800x480", "--state", state, "--out", place + "/o.png"], environment: Self.noConfig)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(kind == "fifo" ? "is a FIFO" : "is a symbolic link"), "\(r.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: place)) == (kind == "fifo" ? ["state"] : ["state", "target"]))
        var status = stat()
        #expect(lstat(state, &status) == 0 && (status.st_mode & S_IFMT) == (kind == "fifo" ? S_IFIFO : S_IFLNK))
        if kind == "link" { #expect(try String(contentsOfFile: target, encoding: .utf8) == "not a state") }
    }

    @Test func aConfigsByteOrderMarkIsSkipped() throws {
        let config = Self.file("bom.conf", [0xEF, 0xBB, 0xBF] + Array("rotate=90\n".utf8))
        let r = try CalxBinary.run(["doctor", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": config])
        #expect(!r.stdout.contains("unknown key"), "\(r.stdout)")
        #expect(r.stdout.contains("rotation: 90° clockwise"), "\(r.stdout)")
    }

    @Test func aGraphToolSaysWhyTheGraphKeyWasRefused() throws {
        let r = try CalxBinary.run(["integral", "M x² − 1 graph", "--from", "0", "--to", "1"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("the graph key in TOKENS was refused: Finish with = to graph"), "\(r.stderr)")
    }

    @Test(arguments: [(["--frame", "full", "--frames", "0"], "--frames needs frames of --frame or --copy, from 1 to 1000000 (got '0')"),
                      (["--copy", "45"], "--copy needs the turned copy's degrees: 0, 90, 180 or 270 (got '45')")])
    func benchNamesTheBadOptionWithItsRange(flags: [String], says: String) throws {
        let r = try CalxBinary.run(["bench"] + flags)
        #expect(r.status == 2)
        #expect(r.stderr.contains("calx bench: " + says), "\(r.stderr)")
    }

    /// A program near the step bound took 11 s: the integral's work is bounded by the program's length
    /// times its enclosures (GraphIntegralReportTests counts it), and says so when the bound ends the run.
    @Test func anIntegralOfAProgramAtTheStepBoundIsBoundedAndSaysSo() throws {
        let tokens = "M " + Array(repeating: "+ =", count: 4_900).joined(separator: " ") + " graph"
        let r = try CalxBinary.run(["integral", tokens, "--from", "0", "--to", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "integral uncertain\n", "\(r.stdout)")
        #expect(r.stderr.contains("calx integral: curve 1: the work bound"), "\(r.stderr)")
    }

    @Test func aTouchScriptFromStandardInputIsPlayed() throws {
        let out = Self.dir + "/stdin.png"
        let r = try CalxBinary.run(["keys", "--touch", "-"], input: Data("tap 60 440\n".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("display: "), "\(r.stdout)")
        let shot = try CalxBinary.run(["shot", "--size", "800x480", "--touch", "-", "--out", out], input: Data("tap 1 1\n".utf8))
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func standardInputIsBoundedAsAFileIs() throws {
        let r = try CalxBinary.run(["keys", "--touch", "-"], input: Data(repeating: UInt8(ascii: "#"), count: 16 << 20 + 1))
        #expect(r.status == 2)
        #expect(r.stderr.contains("--touch '-': more than the 16777216 bytes allowed"), "\(r.stderr)")
    }

    @Test func theRefusalOfAFIFOSaysMinusReadsAPipe() throws {
        let fifo = Self.dir + "/script.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try CalxBinary.run(["keys", "1", "--touch", fifo])
        #expect(r.status == 2)
        #expect(r.stderr.contains("a FIFO, not a regular file") && r.stderr.contains("or - for standard input (a pipe)"), "\(r.stderr)")
    }

    @Test(arguments: [("de", "Zufall"), ("fr", "Aléa"), ("es", "Aleat")])
    func descriptionsUseTheLocalesKeyNames(locale: String, rand: String) throws {
        let r = try CalxBinary.run(["keys", "--locale", locale, "Rand + 1 ="])
        #expect(r.stdout.contains("description: \(rand) + 1 =\n"), "\(r.stdout)")
        #expect(r.stdout.contains("history: \(rand) + 1 = "), "\(r.stdout)")
    }

    /// One rule for every field: the value after the colon is in the locale, the name before it is not.
    @Test(arguments: [("en", ["M: unset", "error: none", "graph: disabled"]), ("de", ["M: leer", "error: keiner", "graph: inaktiv"]),
                      ("fr", ["M: vide", "error: aucune", "graph: désactivé"]), ("es", ["M: vacía", "error: ninguno", "graph: desactivado"])])
    func everyValueIsInTheLocale(locale: String, lines: [String]) throws {
        let r = try CalxBinary.run(["keys", "--locale", locale, "1 +"])
        for line in lines { #expect(r.stdout.contains(line + "\n"), "\(r.stdout)") }
        #expect(try CalxBinary.run(["keys", "--help"]).stdout.contains("Every value after a colon is in the locale"))
    }

    @Test func aDotUnderADecimalCommaIsRefused() throws {
        let r = try CalxBinary.run(["keys", "--locale", "de", "1.000,5 ="])
        #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.contains("'1.000,5': under --locale de the decimal key is ','"), "\(r.stderr)")
    }

    /// A refusal stays until a key that can change the display: the angle keys cannot.
    @Test(arguments: [("en", "Zero has no sign"), ("de", "Null hat kein Vorzeichen")])
    func aRefusalOutlastsAnAngleKey(locale: String, refusal: String) throws {
        let r = try CalxBinary.run(["keys", "--locale", locale, "0 ± DRG"])
        #expect(r.stdout.contains("error: \(refusal)\n"), "\(r.stdout)")
        #expect(try CalxBinary.run(["keys", "--locale", locale, "0 ± 5"]).stdout.contains("error: \(refusal)") == false)
    }

    /// The messages fuzz: a calx.conf line can hold a NUL, which no argument can. The path was cut at it, and
    /// setting a corrupt state aside looked for a free name forever.
    @Test func aConfigPathWithANulByteIsRefused() throws {
        let config = Self.file("nul.conf", Array("state=\(Self.dir)/state\0x\n".utf8))
        let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9"], environment: ["CALX_CONFIG": config])
        #expect(r.status == 2)
        #expect(r.stderr.contains("state= in \(config) line 1 must be the path of a state file, with no NUL byte"), "\(r.stderr)")
    }
}
