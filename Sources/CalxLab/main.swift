#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform

// calx-lab: the developers' long runs over the code calx ships: the soak, the fuzzers and the key bench.
// Not in the package.
ProcessHeap.giveBackFreedTopPromptly()

let labUsage = """
usage: calx-lab soak [--frames N] [--seed S] [--state-dir DIR] [--gate-cost]   (scripts/test/soak.sh)
       calx-lab fuzz TARGET [--seed N] [--count N] [--case N] | --list          (scripts/test/fuzz.sh)
       calx-lab fuzz keys --session N [--seed N]
       calx-lab bench-keys [--seed N]
"""

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "soak": exit(runSoakCommand(Array(arguments.dropFirst())))
case "fuzz": exit(runFuzzCommand(Array(arguments.dropFirst())))
case "bench-keys": exit(runKeyBenchCommand(Array(arguments.dropFirst())))
case "help", "--help", "-h": print(labUsage); exit(0)
default:
    printError("calx-lab: \(arguments.first.map { "unknown command '\($0)'" } ?? "which command?")\n\(labUsage)")
    exit(2)
}
