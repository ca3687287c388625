import SeededRandom
import Calculator
import CalculatorBrain
import FoundationEssentials
import ReferenceCalculator
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

/// Every kind of key, by what it does to the calculator.
enum KeyKind: String, CaseIterable, Sendable {
    case digit, point, sign, exponent, unary, binary, equals, group, constant, memory, store, clear, undo, graph, angle, history

    init(_ key: CalculatorKey) {
        switch key {
        case .digit: self = .digit
        case .point: self = .point
        case .unary(.negate): self = .sign
        case .exponent: self = .exponent
        case .unary: self = .unary
        case .binary: self = .binary
        case .equals: self = .equals
        case .openGroup, .closeGroup: self = .group
        case .constant, .random: self = .constant
        case .memory, .parameter: self = .memory
        case .storeMemory, .storeParameter: self = .store
        case .clear: self = .clear
        case .undo: self = .undo
        case .graph: self = .graph
        case .toggleAngleMode, .angleMode: self = .angle
        case .history, .secondPage, .historyList: self = .history
        }
    }

    /// Whether the key may do work bounded by the current program rather than by a constant: →M and →A value the
    /// program again, the graph key copies what it freezes, ⌫ into an earlier program values it again.
    var isBoundedByTheProgram: Bool { self == .store || self == .graph || self == .undo }
}

/// The cost of any program of N keys is polynomial (here: linear) in N. Measured in sizes that
/// bound the work (description characters, expression nodes, stored bytes, steps walked and nodes valued),
/// not in seconds.
@Suite struct CostPropertyTests {
    @Test(arguments: [100, 1_000, 4_000])
    func everySizeGrowsAtMostLinearly(keys n: Int) throws {
        var rng = SplitMix64(state: UInt64(n))
        for _ in 0..<(n >= 4_000 ? 3 : 20) {
            var controller = CalculatorController()
            for _ in 0..<n { controller.press(rng.hostileKey()) }
            #expect(controller.description.count <= DescriptionText.lineLimit)
            #expect(controller.display.count <= 40)
            #expect(controller.brain.program.count <= n)
            if let expression = controller.brain.expression() {
                #expect(expression.nodes.count <= controller.brain.program.count + 1)
                let stored = try JSONEncoder().encode(expression)
                #expect(stored.count <= 40 * n + 64)
            }
            let state = try JSONEncoder().encode(controller.state)
            #expect(state.count <= 80 * n + 256)
        }
    }

    @Test func theWorstDoublingIsLinearToo() {
        // Every second key doubles the tree a naïve brain would build.
        var controller = CalculatorController()
        controller.press(.memory)
        for _ in 0..<4_000 { controller.press(.binary(.multiply)); controller.press(.equals) }
        let expression = try! #require(controller.brain.expression())
        #expect(expression.nodes.count == 4_001)
        #expect(controller.description.count <= DescriptionText.lineLimit)
    }

    /// Every kind of key, pressed at every point of sessions 1,000 and 20,000 keys long, of visitors and of
    /// hostile keys: the work it does is bounded by a constant whatever came before it, or (→M, graph, ⌫) by
    /// the current program, which the step bound caps. The bound does not grow with the session.
    @Test(arguments: [1_000, 20_000])
    func everyKindOfKeyCostsWhatItsKindAllows(keys n: Int) {
        var visitors = VisitorKeys(seed: UInt64(n))
        var rng = SplitMix64(seed: UInt64(n))
        var controller = CalculatorController()
        var worst: [KeyKind: Int] = [:]
        var worstExact = 0
        for i in 0..<n {
            let key = i % 2 == 0 ? CalculatorKey(token: visitors.next())! : rng.hostileKey()
            let kind = KeyKind(key)
            let program = controller.brain.program.count + 1
            let before = controller.work, exactBefore = controller.exactWork
            controller.press(key)
            let work = controller.work - before, exactWork = controller.exactWork - exactBefore
            worst[kind] = max(worst[kind] ?? 0, work)
            // A constant: a step and its commit, or a replay from the last checkpoint (32 steps apart).
            let bound = kind.isBoundedByTheProgram ? max(program, controller.brain.program.count) + 34 : 34
            #expect(work <= bound, "key \(i) \(key): \(work) work, bound \(bound)")
            // The exact values cost a bounded amount per node valued, however long the session: never more.
            #expect(exactWork <= BrainEvaluation.exactWorkPerNode * max(work, 1), "key \(i) \(key): \(exactWork) exact work for \(work)")
            worstExact = max(worstExact, exactWork)
        }
        for kind in KeyKind.allCases where !kind.isBoundedByTheProgram {
            #expect((worst[kind] ?? 0) <= 34, "\(kind): \(worst[kind] ?? 0)")
        }
        #expect(Set(worst.keys) == Set(KeyKind.allCases), "kinds pressed: \(worst.keys)")
        #expect(worstExact > 0) // exact values were made
    }

    /// The issue's sessions, each 4,000 times over: DRG in the middle of a growing program, →M after each
    /// step of one, and the graph key after each new program. Linear work in all: DRG costs nothing, a new
    /// program bounds what the graph key copies; →M values only the current program (at most 10,000 nodes).
    @Test func theIssuesSessionsCostLinearWork() {
        func work(_ text: String, times: Int) -> (work: Int, keys: Int) {
            guard case .success(let keys) = KeyTokens.parse(text) else { return (0, 0) }
            var controller = CalculatorController()
            for _ in 0..<times { for key in keys { controller.press(key) } }
            return (controller.work, keys.count * times)
        }
        let drg = work("30 drg sin drg +", times: 4_000)
        #expect(drg.work <= 2 * drg.keys, "\(drg)")
        let graph = work("M sin graph", times: 4_000)
        #expect(graph.work <= 2 * graph.keys, "\(graph)")
        // "M + 5 →M": one program growing 2 steps a round; storing the same M again values nothing.
        let store = work("M + 5 →M", times: 4_000)
        #expect(store.work <= 2 * store.keys, "\(store)")
        // Another M each time: each →M values the program (a sum of M: every node reads M), which the step
        // bound caps. Quadratic up to the bound, never beyond.
        let alternate = work("M + 5 →M M + 6 →M", times: 2_000)
        #expect(alternate.work <= 4_000 * 8_002, "\(alternate)")
        let storeRounds = work("M + 5 →M =", times: 4_000)
        #expect(storeRounds.work <= 10 * storeRounds.keys, "\(storeRounds)")
    }
}
