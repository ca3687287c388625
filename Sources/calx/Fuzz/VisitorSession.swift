import Calculator
import ReferenceCalculator

/// Visitor keys through the real controller and the reference calculator side by side, each key checked:
/// the oracle `calx fuzz keys` shares with LongSessionTests.
struct VisitorSession {
    private var visitors: VisitorKeys
    private var reference = ReferenceCalculator()
    private(set) var controller = CalculatorController()
    private(set) var recent: [String] = []
    private(set) var pressed = 0
    private(set) var unsure = 0

    init(seed: UInt64) { visitors = VisitorKeys(seed: seed) }

    /// Presses the next visitor key on both; the disagreement, if there is one, with the keys before it.
    mutating func pressNext() -> String? {
        let token = visitors.next()
        recent = Array((recent + [token]).suffix(30))
        guard let key = CalculatorKey(token: token), reference.press(token) else { return "no key '\(token)'" }
        controller.press(key)
        pressed += 1
        let r = controller.readouts
        let observed = ObservedReadouts(display: r.display, typing: controller.typing, refusal: controller.refusalMessage,
                                        memory: r.memoryReadout, isGraphEnabled: r.isGraphEnabled)
        switch reference.check(observed) {
        case .agrees: return nil
        case .unsure: unsure += 1; return nil
        case .disagrees(let why): return "key \(pressed) '\(token)': \(why); keys: \(recent.joined(separator: " "))"
        }
    }
}

/// `calx fuzz keys --session N`: one session of N visitor keys, every key checked against the reference; the
/// worst key's CPU time and the resident memory at the start and the end, so a day's growth shows.
func runKeySession(seed: UInt64, keys: Int) -> Int32 {
    var session = VisitorSession(seed: seed)
    let startResident = ProcessFigures.resident()?.total ?? 0
    var worst = (nanoseconds: UInt64(0), key: 0, token: "")
    // The first keys pay for first use (tables built, pages touched): the worst after them is reported too.
    var worstWarm = (nanoseconds: UInt64(0), key: 0, token: "")
    var failures = 0
    func megabytes(_ bytes: Int) -> String { String(Double(bytes / 10_000) / 100) }
    for index in 0..<keys {
        let start = ProcessFigures.threadCPUNanoseconds()
        let problem = session.pressNext()
        let spent = ProcessFigures.threadCPUNanoseconds() - start
        if spent > worst.nanoseconds { worst = (spent, index + 1, session.recent.last ?? "") }
        if index >= 1_000, spent > worstWarm.nanoseconds { worstWarm = (spent, index + 1, session.recent.last ?? "") }
        if let problem {
            failures += 1
            if failures <= 20 { print("fuzz keys: session \(seed): \(problem)") }
        }
        if (index + 1) % 100_000 == 0 {
            print("progress: \(index + 1) keys, worst key \(worst.nanoseconds / 1_000) µs (key \(worst.key), '\(worst.token)'), "
                  + "resident \(megabytes(ProcessFigures.resident()?.total ?? 0)) MB")
        }
    }
    let endResident = ProcessFigures.resident()?.total ?? 0
    print("fuzz keys: session of \(keys) keys, seed \(seed), \(failures) disagreements, \(session.unsure) unsure, "
          + "worst key \(worst.nanoseconds / 1_000) µs of CPU (key \(worst.key), '\(worst.token)', checking included), "
          + "after the first 1,000 \(worstWarm.nanoseconds / 1_000) µs (key \(worstWarm.key), '\(worstWarm.token)'), "
          + "resident \(megabytes(startResident)) MB at the start, \(megabytes(endResident)) MB at the end")
    return failures == 0 ? 0 : 1
}
