import CalxApp
import Calculator
import ReferenceCalculator

/// `calx-lab bench-keys [--seed N]`, read by CalxApp's `OptionReader`.
func runKeyBenchCommand(_ arguments: [String]) -> Int32 {
    var seed: UInt64 = 1
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let argument = reader.next() {
            guard argument == "--seed" else { throw OptionProblem("unknown option \(argument.quotedForMessage)") }
            seed = try reader.value(of: argument, accepts: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
        }
    } catch {
        printError("calx-lab bench-keys: \(error.text)\nusage: calx-lab bench-keys [--seed N]")
        return 2
    }
    return runKeyBench(seed: seed)
}

/// `calx-lab bench-keys`: the CPU time of each kind of key, 10³, 10⁴ and 10⁵ keys into a visitor session, and each
/// kind's worst case, in a program at the step bound. Thread CPU time around each press, less the clock's own
/// cost; the controller alone (no screen), after a warm-up session.
func runKeyBench(seed: UInt64) -> Int32 {
    let overhead = clockOverheadNanoseconds()
    print("CPU per key in µs, a visitor session (seed \(seed)): the mean of each kind over the 2,000 keys before each point")
    print(pad("kind", 12) + ["10^3", "10^4", "10^5"].map { pad($0, 10) }.joined() + "  presses at 10^5")
    for row in visitorSessionTable(seed: seed, overhead: overhead) { print(row) }
    print("")
    print("CPU per key in µs, the issue's sessions repeated: the mean over the 2,000 keys before each point")
    print(pad("session", 24) + ["10^3", "10^4", "10^5"].map { pad($0, 10) }.joined() + "  steps in the program at 10^5")
    for pattern in ["30 drg sin drg +", "M + 5 →M", "M + 5 →M M + 6 →M", "M sin graph"] {
        print(repeatedSessionRow(pattern, overhead: overhead))
    }
    print("")
    print("CPU per key in µs, the worst case: a program of \(worstProgramLength - 1) steps (M + M + … =), every node reading M;"
          + " median of 200")
    for row in worstCaseTable(overhead: overhead) { print(row) }
    print("")
    print("CPU per key in µs, the exact values at their hardest, against the same key on a Double (median of 200; →M: of 20)")
    for row in exactWorstCaseTable(overhead: overhead, now: nowNanoseconds) { print(row) }
    print("clock overhead \(overhead) ns a reading, subtracted")
    return 0
}

private let worstProgramLength = CalculatorController.maximumProgramLength - 9

private func nowNanoseconds() -> UInt64 { ProcessFigures.threadCPUNanoseconds() }

private func clockOverheadNanoseconds() -> UInt64 {
    var samples: [UInt64] = []
    for _ in 0..<2_001 { let a = nowNanoseconds(); samples.append(nowNanoseconds() - a) }
    return samples.sorted()[samples.count / 2]
}

/// The kinds a bench row names, by the keys' tokens.
private func kindName(_ key: CalculatorKey) -> String {
    switch key {
    case .digit: return "digit"
    case .point: return "point"
    case .unary(.negate): return "±"
    case .unary(let f) where ["sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹"].contains(f.rawValue): return "trig"
    case .unary: return "function"
    case .binary: return "operation"
    case .equals: return "="
    case .constant: return "π e"
    case .memory: return "M"
    case .storeMemory: return "→M"
    case .clear: return "C"
    case .undo: return "⌫"
    case .graph: return "graph"
    case .toggleAngleMode, .angleMode: return "DRG"
    case .exponent: return "EE"
    default: return "ans"
    }
}

private let kindOrder = ["digit", "point", "±", "EE", "function", "trig", "operation", "=", "π e", "M", "ans", "→M", "graph",
                         "DRG", "⌫", "C"]

private func visitorSessionTable(seed: UInt64, overhead: UInt64) -> [String] {
    let points = [1_000, 10_000, 100_000]
    // A session of another seed first: what the process pays once (tables built, pages first touched) is
    // not what a key costs 10³ keys into a session.
    var warmUp = CalculatorController(), warmUpVisitors = VisitorKeys(seed: seed &+ 1)
    for _ in 0..<2_000 { warmUp.press(CalculatorKey(token: warmUpVisitors.next())!) }
    var visitors = VisitorKeys(seed: seed)
    var controller = CalculatorController()
    var sums = [[String: (total: UInt64, count: Int)]](repeating: [:], count: points.count)
    for index in 0..<points[points.count - 1] {
        let key = CalculatorKey(token: visitors.next())!
        let start = nowNanoseconds()
        controller.press(key)
        let spent = nowNanoseconds() - start
        for (p, point) in points.enumerated() where index < point && index >= point - 2_000 {
            let name = kindName(key)
            let s = sums[p][name] ?? (0, 0)
            sums[p][name] = (s.total + (spent > overhead ? spent - overhead : 0), s.count + 1)
        }
    }
    return kindOrder.map { name in
        let cells = sums.map { table in table[name].map { microseconds($0.total / UInt64($0.count)) } ?? "-" }
        return pad(name, 12) + cells.map { pad($0, 10) }.joined() + "  " + String(sums[2][name]?.count ?? 0)
    }
}

/// `pattern` pressed over and over. "M + 5 →M" grows one program; "M + 5 →M M + 6 →M" too, and stores another
/// M each time, so →M values it all again, until the step bound refuses more steps.
private func repeatedSessionRow(_ pattern: String, overhead: UInt64) -> String {
    guard case .success(let keys) = KeyTokens.parse(pattern) else { return pattern + ": no keys" }
    let points = [1_000, 10_000, 100_000]
    var controller = CalculatorController()
    var totals = [UInt64](repeating: 0, count: points.count)
    for index in 0..<points[points.count - 1] {
        let start = nowNanoseconds()
        controller.press(keys[index % keys.count])
        let spent = nowNanoseconds() - start
        for (p, point) in points.enumerated() where index < point && index >= point - 2_000 {
            totals[p] += spent > overhead ? spent - overhead : 0
        }
    }
    return pad(pattern, 24) + totals.map { pad(microseconds($0 / 2_000), 10) }.joined() + "  " + String(controller.brain.program.count)
}

/// A program at the bound, finished, whose every node reads M (M + M + … =), with M set; then each kind
/// pressed and taken back, round after round, each press timed on its own.
private func worstCaseTable(overhead: UInt64) -> [String] {
    var controller = CalculatorController()
    for key: CalculatorKey in [.digit(2), .storeMemory, .memory] { controller.press(key) }
    while controller.brain.program.count < worstProgramLength - 2 { controller.press(.binary(.add)); controller.press(.memory) }
    controller.press(.equals)
    let base = controller.brain.program.count
    let round: [(String, CalculatorKey)] = [
        ("digit", .digit(5)), ("⌫ typing", .undo), ("point", .point), ("⌫ typing", .undo), ("⌫ typing", .undo),
        ("EE", .exponent), ("⌫ typing", .undo), ("⌫ typing", .undo),
        ("function", .unary(.squareRoot)), ("⌫ a step", .undo), ("trig", .unary(.sine)), ("⌫ a step", .undo),
        ("operation", .binary(.add)), ("=", .equals), ("⌫ a step", .undo), ("⌫ a step", .undo),
        ("graph", .graph), ("→M", .storeMemory), ("DRG", .toggleAngleMode), ("DRG", .toggleAngleMode),
        ("M", .memory), ("⌫ to earlier", .undo), ("π e", .constant("π")), ("→M", .storeMemory), ("⌫ to earlier, M new", .undo),
    ]
    var samples: [String: [UInt64]] = [:]
    for _ in 0..<200 {
        for (name, key) in round {
            let start = nowNanoseconds()
            controller.press(key)
            let spent = nowNanoseconds() - start
            samples[name, default: []].append(spent > overhead ? spent - overhead : 0)
        }
    }
    // C last, each on a copy (C makes a fresh controller: the copy's shared storage is only let go).
    for _ in 0..<200 {
        var copy = controller
        let start = nowNanoseconds()
        copy.press(.clear)
        let spent = nowNanoseconds() - start
        samples["C", default: []].append(spent > overhead ? spent - overhead : 0)
    }
    precondition(controller.brain.program.count == base, "the round leaves the program as it found it")
    let names = ["digit", "point", "EE", "function", "trig", "operation", "=", "π e", "M", "DRG", "graph", "→M", "⌫ typing", "⌫ a step",
                 "⌫ to earlier", "⌫ to earlier, M new", "C"]
    return names.map { name in
        let sorted = (samples[name] ?? [0]).sorted()
        return pad(name, 22) + pad(microseconds(sorted[sorted.count / 2]), 10)
    }
}

func microseconds(_ nanoseconds: UInt64) -> String {
    let tenths = (nanoseconds + 50) / 100
    return "\(tenths / 10).\(tenths % 10)"
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
