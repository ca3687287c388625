import Calculator
import ReferenceCalculator

/// Visitor keys through the real controller and the reference calculator side by side, each key checked:
/// the oracle `calx-lab fuzz keys` shares with LongSessionTests.
struct VisitorSession {
    private var visitors: VisitorKeys
    private var reference = ReferenceCalculator()
    private(set) var controller = CalculatorController()
    private(set) var recent: [String] = []
    private(set) var pressed = 0
    private(set) var unsure = 0
    /// The thread CPU the controller's last key took (the reference's and the check's not counted).
    private(set) var lastKeyNanoseconds: UInt64 = 0

    init(seed: UInt64) { visitors = VisitorKeys(seed: seed) }

    /// Presses the next visitor key on both; the disagreement, if there is one, with the keys before it.
    mutating func pressNext() -> String? {
        let token = visitors.next()
        recent = Array((recent + [token]).suffix(30))
        guard let key = CalculatorKey(token: token), reference.press(token) else { return "no key '\(token)'" }
        let start = ProcessFigures.threadCPUNanoseconds()
        controller.press(key)
        lastKeyNanoseconds = ProcessFigures.threadCPUNanoseconds() - start
        pressed += 1
        let r = controller.readouts
        let observed = ObservedReadouts(display: r.display, typing: controller.typing, refusal: controller.refusal.map { "\($0)" },
                                        memory: r.memoryReadout, isGraphEnabled: r.isGraphEnabled)
        switch reference.check(observed) {
        case .agrees: return nil
        case .unsure: unsure += 1; return nil
        case .disagrees(let why): return "key \(pressed) '\(token)': \(why); keys: \(recent.joined(separator: " "))"
        }
    }
}

/// `calx-lab fuzz keys --session N`: one session of N visitor keys, every key checked against the reference; the
/// worst key's CPU time (the controller's alone) and the resident memory at the start and the end, so a day's
/// growth shows.
func runKeySession(seed: UInt64, keys: Int) -> Int32 {
    var session = VisitorSession(seed: seed)
    let startResident = ProcessFigures.resident()
    var slowKeys = 0
    var worst = (nanoseconds: UInt64(0), key: 0, token: "")
    // The first keys pay for first use (tables built, pages touched): the worst after them is reported too.
    var worstWarm = (nanoseconds: UInt64(0), key: 0, token: "")
    var failures = 0
    func megabytes(_ bytes: Int) -> String { String(Double(bytes / 10_000) / 100) }
    for index in 0..<keys {
        let problem = session.pressNext()
        let spent = session.lastKeyNanoseconds
        if spent > 50_000 { slowKeys += 1 }
        if spent > worst.nanoseconds { worst = (spent, index + 1, session.recent.last ?? "") }
        if index >= 1_000, spent > worstWarm.nanoseconds { worstWarm = (spent, index + 1, session.recent.last ?? "") }
        if let problem {
            failures += 1
            if failures <= 20 { print("fuzz keys: session \(seed): \(problem)") }
        }
        if (index + 1) % 100_000 == 0 {
            let resident = ProcessFigures.resident()
            print("progress: \(index + 1) keys, worst key \(worst.nanoseconds / 1_000) µs (key \(worst.key), '\(worst.token)'), "
                  + "resident \(megabytes(resident?.total ?? 0)) MB (\(megabytes(resident?.anonymous ?? 0)) MB anonymous)")
        }
    }
    let endResident = ProcessFigures.resident()
    print("fuzz keys: session of \(keys) keys, seed \(seed), \(failures) disagreements, \(session.unsure) unsure, "
          + "worst key \(worst.nanoseconds / 1_000) µs of CPU (key \(worst.key), '\(worst.token)'), "
          + "after the first 1,000 \(worstWarm.nanoseconds / 1_000) µs (key \(worstWarm.key), '\(worstWarm.token)'), "
          + "\(slowKeys) keys over 50 µs; resident \(megabytes(startResident?.total ?? 0)) MB at the start "
          + "(\(megabytes(startResident?.anonymous ?? 0)) MB anonymous), \(megabytes(endResident?.total ?? 0)) MB at the end "
          + "(\(megabytes(endResident?.anonymous ?? 0)) MB anonymous)")
    return failures == 0 ? 0 : 1
}
