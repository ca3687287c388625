#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import SeededRandom

extension FuzzTarget {
    /// Every file kind calx reads (a touch script, a recording, calx.conf, a state file, standard input) and
    /// every kind of argument, filled with a stranger's bytes (ESC, OSC, BEL, NUL, CR, DEL, C1 controls,
    /// broken UTF-8 among words calx knows), run through `calx`'s own command line in this process with
    /// standard output and error caught: no byte below 0x20 but newline, no DEL and no C1 control may reach them.
    static let messages = FuzzTarget(name: "messages", hangSeconds: 10, outputLimit: 1 << 16) { rng in
        let place = MessagesFuzzPlace.directory
        MessagesFuzzPlace.empty()
        let file = place + "/input"
        writeBytes(hostileBytes(&rng), to: file)
        let arguments = hostileCommand(&rng, file: file)
        let config = rng.below(3) == 0 ? file : place + "/none.conf"
        setenv("CALX_CONFIG", config, 1)
        FuzzCrashReport.describe("CALX_CONFIG=\(config) calx " + arguments.map(\.quotedForMessage).joined(separator: " "))
        let output = CapturedOutput.of(input: file, capture: place + "/output") { _ = CalxCommandLine.run(arguments) }
        var outcome = Outcome(outputBytes: output.count)
        if let bad = firstRawControl(output) {
            outcome.problem = "byte 0x\(String(output[bad], radix: 16)) at \(bad) unescaped; calx "
                + arguments.map(\.quotedForMessage).joined(separator: " ")
        }
        return outcome
    }

    /// Where `output` holds a control a terminal acts on: a byte below 0x20 but newline, DEL, or a C1 control
    /// (U+0080 to U+009F, 0xC2 0x80 to 0xC2 0x9F in UTF-8: 0x9B is CSI to some terminals).
    static func firstRawControl(_ output: [UInt8]) -> Int? {
        output.indices.first { i in
            let byte = output[i]
            return (byte < 0x20 && byte != 0x0A) || byte == 0x7F
                || (byte == 0xC2 && i + 1 < output.count && (0x80...0x9F).contains(output[i + 1]))
        }
    }

    /// Words of each file kind, so that a file gets past its first line often enough to be quoted further in.
    private static let words = ["tap", "down", "move", "up", "wait", "rotate=", "theme=", "state=", "locale=", "devices:",
                                "- node: /dev/input/event0", "events:", "{\"version\":", "1", "=", "sin", "graph", "--size",
                                "#", "\"", " ", "\n", "\r\n", "\t"]
    /// CSI, OSC, BEL, NUL, CR, BS, DEL, C1 CSI and NEL, a lone 0xFF, a cut-off UTF-8 lead byte, a BOM.
    private static let controls: [[UInt8]] = [[0x1B, 0x5B, 0x33, 0x31, 0x6D], [0x1B, 0x5D, 0x30, 0x3B], [0x07], [0x00], [0x0D],
                                              [0x08], [0x7F], [0xC2, 0x9B], [0xC2, 0x85], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF]]

    private static func hostileBytes(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<rng.below(rng.below(10) == 0 ? 400 : 24) {
            switch rng.below(4) {
            case 0: bytes += controls[rng.below(controls.count)]
            case 1: bytes.append(rng.byte())
            default: bytes += Array(words[rng.below(words.count)].utf8)
            }
        }
        return bytes
    }

    /// A stranger's argument, as a command line can carry it (no NUL). Never "-" (--out - rightly writes a
    /// PNG's bytes to standard output) and never an option where it names the command, which would start the
    /// kiosk on this machine's display.
    private static func hostileArgument(_ rng: inout SplitMix64) -> String {
        let text = String(decoding: hostileBytes(&rng).prefix(120).filter { $0 != 0 }, as: UTF8.self)
        return text.hasPrefix("-") ? "x" + text : text
    }

    /// A stranger's file name: an argument without "/", so that what calx writes there (a picture, a state,
    /// a corrupt state set aside) lands in the fuzz's directory, the working directory, and nowhere else.
    private static func hostileName(_ rng: inout SplitMix64) -> String {
        String(hostileArgument(&rng).map { $0 == "/" ? "_" : $0 })
    }

    /// A command that reads `file` as one of its kinds, or takes a hostile argument where a value goes.
    private static func hostileCommand(_ rng: inout SplitMix64, file: String) -> [String] {
        let place = MessagesFuzzPlace.directory, picture = MessagesFuzzPlace.directory + "/o.png", noCard = "/nonexistent/card9"
        let bad = hostileArgument(&rng), name = hostileName(&rng)
        let commands: [[String]] = [
            ["keys", "1 + 2 =", "--touch", file],
            ["keys", "1", "--touch", "-"],
            ["keys", "1", "--record", file],
            ["shot", "--size", "320x240", "--touch", file, "--out", picture],
            ["shot", "--size", "320x240", "--state", file, "--out", picture],
            ["shot", "--size", "320x240", "--record", file, "--out", picture],
            ["run", "--card", noCard, "--state", place + "/state"],
            ["doctor", "--card", noCard],
            ["keys", bad],
            ["keys", "--locale", "de", bad],
            ["keys", "1", "--touch", name],
            ["keys", "1", "--record", name],
            ["keys", bad, "1"],
            ["keys", "1", "--disable", bad],
            ["integral", bad, "--from", "0", "--to", "1"],
            ["integral", "M sin graph", "--from", bad, "--to", "1"],
            ["value", "M graph", "--at", bad],
            ["table", "M graph", "--from", "0", "--to", "1", "--step", bad],
            ["points", bad],
            ["layout", "--size", bad],
            ["layout", "--size", "800x480", "--locale", bad],
            ["shot", "--size", bad, "--out", picture],
            ["shot", "--size", "320x240", "--out", name],
            ["shot", "--size", "320x240", "--state", name, "--out", picture],
            ["shot", "--size", "320x240", "--keys", bad, "--out", picture],
            ["bench", "--frames", bad],
            ["bench", "--copy", bad, "--size", "10x10"],
            ["run", "--card", noCard, "--rotate", bad],
            ["run", "--card", noCard, "--state", name],
            ["run", "--card", name],
            ["doctor", "--card", noCard, "--mode", bad],
            ["calibrate", "--card", noCard, "--theme", bad],
            [bad],
            ["keys", "--" + bad],
        ]
        return commands[rng.below(commands.count)]
    }

    private static func writeBytes(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

/// The messages fuzz's own directory and working directory, made once, with no calx.conf in it, emptied before
/// each case (a state file calx could not read is set aside beside it, and 10,000 of them would fill it) and
/// removed at exit.
enum MessagesFuzzPlace {
    static let directory: String = {
        let path = "/tmp/calx-fuzz-messages-\(getpid())"
        mkdir(path, 0o700)
        chdir(path)
        atexit {
            MessagesFuzzPlace.empty()
            rmdir(MessagesFuzzPlace.directory)
        }
        return path
    }()

    static func empty() {
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { unlink(directory + "/" + name) }
        }
    }
}

