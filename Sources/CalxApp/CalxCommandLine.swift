/// `calx`'s command line: which command runs, and the usage every refusal and `--help` prints. The
/// executable's main only sets up the heap and calls `run`; the commands live in files of their own.
public enum CalxCommandLine {
    /// What a refused command line prints: every command's synopsis.
    static var usage: String { Usages.synopses }

    static let helpWords: Set<String> = ["help", "--help", "-h"]

    /// Runs the command `arguments` name (without the program's name) and returns its exit status:
    /// 0, 1 for a failure, 2 for a refused command line.
    public static func run(_ arguments: [String]) -> Int32 {
        let command = arguments.first.map { $0.hasPrefix("-") && !helpWords.contains($0) ? "run" : $0 } ?? "run"
        let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments

        // `calx shot --help` and the like: that command's usage, every option with its range and default.
        if let usage = Usages.byCommand.first(where: { $0.name == command })?.usage, rest.contains(where: helpWords.contains) {
            printLine(usage.text)
            return 0
        }

        switch command {
        case "keys": return runKeysCommand(rest)
        case "shot": return runShotCommand(rest)
        case "doctor": return runDoctorCommand(rest)
        case "calibrate": return runCalibrateCommand(rest)
        case "layout": return runLayoutCommand(rest)
        case "bench": return runBenchCommand(rest)
        case "points": return runPointsCommand(rest)
        case "value": return runValueCommand(rest)
        case "table": return runTableCommand(rest)
        case "integral": return runIntegralCommand(rest)
        case "run": return runKioskCommand(rest)
        case "help", "--help", "-h": printLine(Usages.all); return 0
        default:
            printError("calx: unknown command '\(command)'\n\(usage)")
            return 2
        }
    }
}
