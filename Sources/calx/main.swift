#if canImport(Glibc)
import Glibc
#endif
import Platform

// Before the first allocation worth keeping: a kiosk that runs for weeks gives freed heap back (ProcessHeap).
ProcessHeap.giveBackFreedTopPromptly()

// calx: the kiosk, and the tools that drive the same code headlessly.
let usage = """
usage: calx [run] [--card PATH] [--connector NAME] [--mode WxH[@Hz]] [--rotate 0|90|180|270]
            [--touch-calibration "a b c d e f"] [--state PATH] [--theme light|dark] [--idle-reset SECONDS]
       calx keys "TOKENS" [--touch FILE [--size WxH]]
       calx shot --size WxH [--theme T] [--keys TOKENS] [--touch FILE] [--state FILE] [--mm WxH]
                 [--idle-reset SECONDS] --out FILE.png|-
       calx doctor [run flags]
       calx layout --size WxH
       calx points "TOKENS" [--from A] [--to B]
       calx bench
       calx soak [--frames N] [--seed S] [--state-dir DIR] [--gate-cost]
       calx fuzz TARGET [--seed N] [--count N] [--case N]   (scripts/test/fuzz.sh)
--rotate turns picture and touch together, clockwise (`calx run --help` says which way).
--size is \(ScreenSize.accepted). --out writes \(OutputFile.accepted).
Each option is given once.
"""

let arguments = Array(CommandLine.arguments.dropFirst())
let helpWords: Set<String> = ["help", "--help", "-h"]
let command = arguments.first.map { $0.hasPrefix("-") && !helpWords.contains($0) ? "run" : $0 } ?? "run"
let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments

// `calx shot --help` and the like: the usage, which says every command's options (run and soak have their own).
if !["run", "soak"].contains(command), rest.contains(where: helpWords.contains) { print(usage); exit(0) }

switch command {
case "keys": exit(runKeysCommand(rest))
case "shot": exit(runShotCommand(rest))
case "doctor": exit(runDoctorCommand(rest))
case "layout": exit(runLayoutCommand(rest))
case "bench": exit(runBenchCommand(rest))
case "soak": exit(runSoakCommand(rest))
case "fuzz": exit(runFuzzCommand(rest))
case "points": exit(runPointsCommand(rest))
case "run": exit(runKioskCommand(rest))
case "help", "--help", "-h": print(usage); exit(0)
default:
    printError("calx: unknown command '\(command)'\n\(usage)")
    exit(2)
}
