import SeededRandom
import CalculatorBrain
import Testing

/// `CalculatorBrain.program(making:)`: the expression a program builds, made back into a program, builds
/// the same expression; shapes no keys make, and hostile sizes, throw at bounded cost.
@Suite struct ProgramMakingExpressionTests {
    static func made(_ e: Expression) throws -> [ProgramStep] {
        try CalculatorBrain.program(making: e)
    }

    @Test(arguments: AngleMode.allCases) func keyMadeExpressionsComeBackFromTheirPrograms(angleMode: AngleMode) throws {
        var rng = SplitMix64(seed: 2026_12_03)
        var checked = 0, titled = 0
        for round in 0..<3_000 {
            let random = BrainPropertyTests.randomBrain(&rng, steps: round < 2_900 ? rng.below(40) : 2_000 + rng.below(8_000))
            // Three rounds in four without Rand, whose drawn value reads back as its number.
            let keyed = round % 4 == 0 ? random : CalculatorBrain(program: random.program.filter { if case .random = $0 { false } else { true } })
            // Every trig step in `angleMode`, or (in radians, one round in three) each in a mode of its own.
            let brain = CalculatorBrain(program: keyed.program.enumerated().map { i, step in
                step.readIn(angleMode == .radians && round % 3 == 0 && i % 2 == 0 ? .degrees : angleMode)
            })
            guard let e = brain.expression() else { continue }
            let back = try Self.made(e)
            let again = CalculatorBrain(program: back)
            #expect(again.expression() == e, "\(brain.program)")
            // The shortest program: never longer than the keys that made it.
            #expect(back.count <= brain.program.count)
            checked += 1
            // A complete program reads the same, unless a Rand's drawn value stood in it (read back as its number).
            if let graphed = brain.graphed(), !brain.program.contains(where: { if case .random = $0 { true } else { false } }) {
                #expect(again.graphed()?.description == graphed.description, "\(brain.program)")
                titled += 1
            }
        }
        #expect(checked > 2_000 && titled > 500, "\(checked) checked, \(titled) titled")
    }

    @Test func theDeepAndTheDoublingGraphsAreLinear() throws {
        let deep = CalculatorBrain(program: [.variable("M")] + Array(repeating: .operation("sin"), count: 2_001))
        let e = try #require(deep.expression())
        #expect(try Self.made(e) == deep.program)
        // "+ =" 4,999 times: 5,000 nodes, a tree of 2^4,999 leaves, and 9,999 steps.
        let doubling = CalculatorBrain(program: [.variable("M")] + (0..<4_999).flatMap { _ in [ProgramStep.operation("+"), .operation("=")] })
        let d = try #require(doubling.expression())
        #expect(d.nodes.count == 5_000)
        #expect(try Self.made(d) == doubling.program)
        // Doubling, operands and functions mixed, in degrees and radians.
        var steps: [ProgramStep] = [.variable("M")]
        for i in 0..<1_001 {
            steps += i % 3 == 0 ? [.operation("×"), .operation("=")] : [.operation("−"), .operand(Double(i)), .operation("cos°"), .operation("sin")]
        }
        steps.append(.operation("="))
        let mixed = try #require(CalculatorBrain(program: steps).expression())
        #expect(try Self.made(mixed) == steps)
    }

    @Test func constantsComeBackAsTheKeysThatMakeThem() throws {
        let m = Expression.variable("M")
        let e = Expression.binary(.add, .binary(.multiply, .unary(.sine, m), .constant(.pi)), .unary(.sine, m))
        // The right operand sin(M) is shared with the left: still an operand with a key on it.
        let back = try Self.made(e)
        #expect(back == [.variable("M"), .operation("sin"), .operation("×"), .operation("π"), .operation("+"),
                                 .variable("M"), .operation("sin"), .operation("=")])
        #expect(CalculatorBrain(program: back).graphed()?.description == "sin(M) × π + sin(M)")
        #expect(try Self.made(.constant(2.718281828459045)) == [.operation("e")])
        #expect(try Self.made(.constant(-0.0)) == [.operand(-0.0)])
    }

    @Test func shapesNoKeysMakeAreRefused() {
        let m = Expression.variable("M")
        let refused: [Expression] = [
            .binary(.add, m, .binary(.multiply, m, .constant(2))), // a computed right operand that is not the left
            .variable("x1"), .variable("M M"), // no key names them
            .constant(.infinity), .unary(.sine, .constant(.nan)),
        ]
        for e in refused {
            #expect(throws: UnkeyableExpression.self, "\(e.nodes)") { try Self.made(e) }
        }
    }

    @Test func hostileSizesThrowAtTheStepBound() {
        // 100,000 doublings: a 100,000-node graph whose program is past the step bound.
        var builder = ExpressionBuilder()
        var root = builder.add(.variable("M"))
        for _ in 0..<99_999 { root = builder.add(.binary(.add, root, root)) }
        #expect(throws: UnkeyableExpression.self) { try Self.made(builder.expression(root: root)) }
        // One operand of 50,000 keys shared as the right operand of 49,999 additions: 2.5 billion steps if
        // written out, refused at the first.
        var b = ExpressionBuilder()
        var operand = b.add(.variable("M"))
        for _ in 0..<50_000 { operand = b.add(.unary(.square, operand)) }
        var spine = b.add(.constant(1))
        for _ in 0..<49_999 { spine = b.add(.binary(.add, spine, operand)) }
        #expect(throws: UnkeyableExpression.self) { try Self.made(b.expression(root: spine)) }
        // Just inside the bound: 9,998 keys of one operand after a constant.
        var c = ExpressionBuilder()
        var small = c.add(.variable("M"))
        for _ in 0..<9_996 { small = c.add(.unary(.square, small)) }
        let sum = c.add(.binary(.add, c.add(.constant(1)), small))
        #expect(throws: Never.self) { try Self.made(c.expression(root: sum)) }
    }
}
