/// `calx`'s command line: which command runs, and the usage every refusal and `--help` prints. The
/// executable's main only sets up the heap and calls `run`; the commands live in files of their own.
public enum CalxCommandLine {
    static let usage = """
    usage: calx [run] [--card PATH] [--connector NAME] [--mode WxH[@Hz]] [--rotate 0|90|180|270]
                [--touch-calibration "a b c d e f"] [--state PATH] [--theme light|dark|high-contrast]
                [--text-scale 1..2] [--idle-attract SECONDS] [--idle-reset SECONDS]
           calx keys "TOKENS" [--touch FILE [--size WxH] [--text-scale S]]
           calx shot --size WxH [--theme T] [--text-scale S] [--keys TOKENS] [--touch FILE] [--state FILE] [--mm WxH]
                     [--idle-reset SECONDS] [--idle-attract SECONDS] --out FILE.png|-
           calx doctor [run flags]
           calx layout --size WxH [--text-scale S]
           calx points "TOKENS" [--from A] [--to B]
           calx bench
    --rotate turns picture and touch together, clockwise (`calx run --help` says which way).
    --size is \(ScreenSize.accepted). --out writes \(OutputFile.accepted).
    Each option is given once.
    """

    static let helpWords: Set<String> = ["help", "--help", "-h"]

    /// Runs the command `arguments` name (without the program's name) and returns its exit status:
    /// 0, 1 for a failure, 2 for a refused command line.
    public static func run(_ arguments: [String]) -> Int32 {
        let command = arguments.first.map { $0.hasPrefix("-") && !helpWords.contains($0) ? "run" : $0 } ?? "run"
        let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments

        // `calx shot --help` and the like: the usage, which says every command's options (run has its own).
        if command != "run", rest.contains(where: helpWords.contains) { print(usage); return 0 }

        switch command {
        case "keys": return runKeysCommand(rest)
        case "shot": return runShotCommand(rest)
        case "doctor": return runDoctorCommand(rest)
        case "layout": return runLayoutCommand(rest)
        case "bench": return runBenchCommand(rest)
        case "points": return runPointsCommand(rest)
        case "run": return runKioskCommand(rest)
        case "help", "--help", "-h": print(usage); return 0
        default:
            printError("calx: unknown command '\(command)'\n\(usage)")
            return 2
        }
    }
}
