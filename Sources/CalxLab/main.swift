#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform

// calx-lab: the developers' long runs over the code calx ships: the soak, the fuzzers and the key bench.
// Not in the package.
ProcessHeap.giveBackFreedTopPromptly()

let arguments = Array(CommandLine.arguments.dropFirst())
let helpWords: Set<String> = ["help", "--help", "-h"]
if let command = LabUsages.byCommand.first(where: { $0.name == arguments.first }), arguments.dropFirst().contains(where: helpWords.contains) {
    print(command.usage.text)
    exit(0)
}
switch arguments.first {
case "soak": exit(runSoakCommand(Array(arguments.dropFirst())))
case "fuzz": exit(runFuzzCommand(Array(arguments.dropFirst())))
case "bench-keys": exit(runKeyBenchCommand(Array(arguments.dropFirst())))
case "help", "--help", "-h": print(LabUsages.all); exit(0)
default:
    printError("calx-lab: \(arguments.first.map { "unknown command '\($0)'" } ?? "which command?")\n\(LabUsages.synopses)")
    exit(2)
}
