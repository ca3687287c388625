#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform
import SeededRandom

/// `calx-lab fuzz TARGET [--seed N] [--count N] [--case N]`: seeded random inputs through the code a
/// visitor or a file can reach, each case bounded in time and output. A case that traps or hangs
/// names itself on the way down, so `--case N` replays exactly it. `calx-lab fuzz keys --session N`: one
/// visitor session of N keys checked against the reference calculator (`runKeySession`).
func runFuzzCommand(_ arguments: [String]) -> Int32 {
    var seed: UInt64 = 1
    var count = 1_000
    var only: Int?
    var sessionKeys: Int?
    var targetName: String?
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let argument = reader.next() {
            switch argument {
            case "--seed": seed = try reader.value(of: argument, accepts: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
            case "--count":
                count = try reader.value(of: argument, accepts: "a whole number of cases from 1 to 100000000") {
                    Int($0).flatMap { (1...100_000_000).contains($0) ? $0 : nil }
                }
            case "--case": only = try reader.value(of: argument, accepts: "a case number from 0") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--session":
                sessionKeys = try reader.value(of: argument, accepts: "a whole number of keys from 1 to 100000000") {
                    Int($0).flatMap { (1...100_000_000).contains($0) ? $0 : nil }
                }
            case "--list":
                print(FuzzTarget.all.map(\.name).joined(separator: "\n"))
                return 0
            default:
                guard targetName == nil, !argument.hasPrefix("-") else {
                    throw OptionProblem(argument.hasPrefix("-") ? "unknown option \(argument.quotedForMessage)"
                                                                : "one TARGET only (got \(argument.quotedForMessage) after '\(targetName ?? "")')")
                }
                targetName = argument
            }
        }
    } catch {
        return fuzzUsage(error.text)
    }
    guard let targetName, let target = FuzzTarget.all.first(where: { $0.name == targetName }) else {
        return fuzzUsage("TARGET is one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    }
    if let sessionKeys {
        guard target.name == "keys" else { return fuzzUsage("--session is for the keys target") }
        return runKeySession(seed: seed, keys: sessionKeys)
    }
    FuzzCrashReport.install(target: target.name, seed: seed)
    var worst = (seconds: 0.0, index: 0)
    var largestOutput = 0
    var failures = 0
    let cases = only.map { $0..<($0 + 1) } ?? 0..<count
    let started = monotonicSeconds()
    func summary(_ done: Int) -> String {
        "fuzz \(target.name): \(done) cases, seed \(seed), \(failures) failed, "
            + "worst case \(worst.index) in \(milliseconds(worst.seconds)) ms of CPU, largest output \(largestOutput) bytes, "
            + "peak RSS \(peakResidentKilobytes() / 1024) MB, \(milliseconds(monotonicSeconds() - started)) ms in all"
    }
    for index in cases {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(index))
        FuzzCrashReport.enter(case: index, alarmSeconds: target.hangSeconds)
        let start = FuzzCrashReport.cpuSeconds()
        let outcome = target.run(&rng)
        let seconds = FuzzCrashReport.cpuSeconds() - start
        FuzzCrashReport.leave()
        if seconds > worst.seconds { worst = (seconds, index) }
        largestOutput = max(largestOutput, outcome.outputBytes)
        if let problem = outcome.problem ?? (outcome.outputBytes > target.outputLimit
                                             ? "output of \(outcome.outputBytes) bytes (limit \(target.outputLimit))" : nil) {
            failures += 1
            if failures <= 20 { print("fuzz \(target.name): fail: case \(index): \(problem)") }
        }
        // A long run reports as it goes, so a stopped run still tells how far it got.
        let done = index - cases.lowerBound + 1
        if done % 100_000 == 0, done < cases.count { print("progress: " + summary(done)); fflush(nil) }
    }
    print(summary(cases.count))
    return failures == 0 ? 0 : 1
}

private func fuzzUsage(_ problem: String) -> Int32 {
    printError("calx-lab fuzz: \(problem)\nusage: calx-lab fuzz TARGET [--seed N] [--count N] [--case N] | calx-lab fuzz keys --session N [--seed N]")
    return 2
}

private func milliseconds(_ seconds: Double) -> String {
    String(Int((seconds * 1000).rounded()))
}

/// The process's peak resident set, from /proc (0 where there is none).
func peakResidentKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
        }
    }
    return 0
}
