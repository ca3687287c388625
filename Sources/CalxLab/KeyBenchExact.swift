import CalxApp
import Calculator

/// `calx-lab bench-keys`'s exact rows: the keys whose exact part works hardest, each timed against the same
/// key on a number known only as a Double, and →M with an exact M over a program at the step bound.
/// Thread CPU time per press, less the clock's own cost; the median of 200.
func exactWorstCaseTable(overhead: UInt64, now: () -> UInt64) -> [String] {
    /// The median CPU of `key` pressed after `setUp` (from a fresh controller each round).
    func median(_ setUp: String, _ key: String, rounds: Int = 200) -> UInt64 {
        guard case .success(let before) = KeyTokens.parse(setUp), case .success(let keys) = KeyTokens.parse(key) else { return 0 }
        var samples: [UInt64] = []
        for _ in 0..<rounds {
            var controller = CalculatorController()
            for k in before { controller.press(k) }
            let start = now()
            for k in keys { controller.press(k) }
            let spent = now() - start
            samples.append(spent > overhead ? spent - overhead : 0)
        }
        return samples.sorted()[samples.count / 2]
    }
    // Each pair: the key on an exact operand, then on the same number recalled as a Double (ans of ln's result
    // squared away is no exact value: "2 ln eˣ" is 2 known only as a Double).
    let cases: [(name: String, exact: (String, String), double: (String, String))] = [
        ("√ of a 12-digit prime", ("999999999989", "√"), ("999999999989 ln eˣ", "√")),
        ("√ of 2⁶²", ("2 xʸ 62 =", "√"), ("2 xʸ 62 = ln eˣ", "√")),
        ("∛ of a 38-digit cube", ("1 EE 12 + 7 = x³", "∛"), ("1 EE 12 + 7 = x³ ln eˣ", "∛")),
        ("xʸ 127 of 3/2", ("1.5 xʸ", "127 ="), ("1.5 ln eˣ xʸ", "127 =")),
        ("÷ of 38-digit rationals", ("1 ÷ 3 EE 37 = x⁻¹ + 1 ÷ 7 EE 30 =", "÷ 7 ="), ("1 ÷ 3 EE 37 = ln eˣ", "÷ 7 =")),
        ("sin of 3·10³⁷°", ("deg 3 EE 37", "sin"), ("deg 3 EE 37 ln eˣ", "sin")),
        ("sin⁻¹ of √3/2", ("3 √ ÷ 2 =", "sin⁻¹"), ("3 √ ÷ 2 = ln eˣ", "sin⁻¹")),
        ("typed 15 digits, =", ("0.123456789012345", "="), ("0.123456789012345 ln eˣ", "=")),
    ]
    var rows = cases.map { row in
        pad(row.name, 28) + pad(microseconds(median(row.exact.0, row.exact.1)), 10)
            + pad(microseconds(median(row.double.0, row.double.1)), 10)
    }
    rows.insert(pad("key", 28) + pad("exact", 10) + pad("Double", 10), at: 0)
    rows.append(storeOverExactProgram(overhead: overhead, now: now))
    return rows
}

/// →M at the worst: a finished program at the step bound, M + M + … =, every node reading M, and M typed and
/// stored again and again: 0.7 and 0.3 in turn (exact: every node valued again, exactly), or 7e-40 and 3e-40
/// (too small for a bounded rational: Doubles only).
private func storeOverExactProgram(overhead: UInt64, now: () -> UInt64) -> String {
    func row(_ values: [String]) -> UInt64 {
        var controller = CalculatorController()
        guard case .success(let first) = KeyTokens.parse(values[0] + " →M") else { return 0 }
        for key in first { controller.press(key) }
        controller.press(.memory)
        while controller.brain.program.count < CalculatorController.maximumProgramLength - 12 {
            controller.press(.binary(.add)); controller.press(.memory)
        }
        controller.press(.equals)
        var samples: [UInt64] = []
        for round in 0..<20 {
            // A typed number stored is not recorded: the program stays, and →M values every node of it again.
            guard case .success(let keys) = KeyTokens.parse(values[round % 2]) else { return 0 }
            for key in keys { controller.press(key) }
            let start = now()
            controller.press(.storeMemory)
            let spent = now() - start
            samples.append(spent > overhead ? spent - overhead : 0)
        }
        return samples.sorted()[samples.count / 2]
    }
    return pad("→M, program of 9,990 M", 28) + pad(microseconds(row(["0.7", "0.3"])), 10) + pad(microseconds(row(["7 EE 40 ±", "3 EE 40 ±"])), 10)
}
