import SeededRandom
import Calculator
import CalculatorBrain
import FoundationEssentials
import Testing

private extension SplitMix64 {
    /// Hostile keys: operators and = far more often than a person presses them, to grow trees fast.
    mutating func hostileKey() -> CalculatorKey {
        switch below(10) {
        case 0, 1, 2, 3: return [.binary(.add), .binary(.multiply), .binary(.power), .equals][below(4)]
        case 4: return .equals
        case 5: return .memory
        default: return CalculatorKey.all[below(CalculatorKey.all.count)]
        }
    }
}

/// The cost of any program of N keys is polynomial (here: linear) in N. Measured in sizes that
/// bound the work (description characters, expression nodes, stored bytes), not in seconds.
@Suite struct CostPropertyTests {
    @Test(arguments: [100, 1_000, 4_000])
    func everySizeGrowsAtMostLinearly(keys n: Int) throws {
        var rng = SplitMix64(state: UInt64(n))
        for _ in 0..<(n >= 4_000 ? 3 : 20) {
            var controller = CalculatorController()
            for _ in 0..<n { controller.press(rng.hostileKey()) }
            #expect(controller.description.count <= DescriptionText.limit + 2)
            #expect(controller.display.count <= 40)
            #expect(controller.brain.program.count <= n)
            if let expression = controller.brain.expression() {
                #expect(expression.nodes.count <= controller.brain.program.count + 1)
                let stored = try JSONEncoder().encode(expression)
                #expect(stored.count <= 40 * n + 64)
            }
            let state = try JSONEncoder().encode(controller.state)
            #expect(state.count <= 40 * n + 256)
        }
    }

    @Test func theWorstDoublingIsLinearToo() {
        // Every second key doubles the tree a naïve brain would build.
        var controller = CalculatorController()
        controller.press(.memory)
        for _ in 0..<4_000 { controller.press(.binary(.multiply)); controller.press(.equals) }
        let expression = try! #require(controller.brain.expression())
        #expect(expression.nodes.count == 4_001)
        #expect(controller.description.count <= DescriptionText.limit + 2)
    }
}
