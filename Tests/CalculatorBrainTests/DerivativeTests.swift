import SeededRandom
import CalculatorBrain
import Testing

@Suite struct DerivativeTests {
    let m = Expression.variable("M")

    @Test func knownSlopes() {
        func slope(_ e: Expression, at x: Double) -> Double { e.derivative(by: "M").value(using: ["M": x]) }
        #expect(abs(slope(.unary(.sine, m), at: 1) - 0.5403023058681398) < 1e-15)
        #expect(slope(.binary(.multiply, m, m), at: 3) == 6)
        #expect(slope(.binary(.power, m, .constant(3)), at: 2) == 12)
        #expect(abs(slope(.binary(.divide, .constant(1), m), at: 2) + 0.25) < 1e-15)
        #expect(slope(.constant(4), at: 1) == 0)
        // Another variable is a constant.
        #expect(Expression.binary(.multiply, .variable("A"), m).derivative(by: "M") == .variable("A"))
    }

    /// Against central differences, where the function is smooth enough for them to mean something.
    @Test(arguments: AngleMode.allCases) func randomProgramsAgreeWithDifferences(angleMode: AngleMode) {
        var random = RandomExpressions(seed: 0xD1FF, angleMode: angleMode)
        var compared = 0, undefined = 0
        for _ in 0..<3_000 {
            let e = random.expression(depth: 4)
            let d = e.derivative(by: "M")
            for _ in 0..<4 {
                let x = random.rng.uniform(-3, 3), h = 1e-6
                let vars: (Double) -> [String: Double] = { ["M": $0, "A": 1.5] }
                let f0 = e.value(using: vars(x)), fp = e.value(using: vars(x + h)), fm = e.value(using: vars(x - h))
                let f2p = e.value(using: vars(x + 2 * h)), f2m = e.value(using: vars(x - 2 * h))
                guard [f0, fp, fm, f2p, f2m].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { continue }
                let central = (fp - fm) / (2 * h), wide = (f2p - f2m) / (4 * h)
                // Skip kinks and steep spots, where differences are no reference.
                guard abs(central - wide) <= 1e-4 * max(1, abs(central)) else { continue }
                let exact = d.value(using: vars(x))
                compared += 1
                // Undefined is allowed (0^c's slope by the power rule is 0·∞): the finder then decides
                // nothing there, which is safe. A wrong number is not.
                if exact.isNaN { undefined += 1; continue }
                #expect(abs(exact - central) <= 1e-4 * max(1, abs(central)), "\(e) at \(x): \(exact) vs \(central)")
            }
        }
        #expect(compared > 3_000)
        #expect(undefined * 50 < compared, "\(undefined) of \(compared) slopes undefined")
    }

    @Test func zeroWitnessesKeepEveryZeroAndDropPoles() {
        #expect(Expression.unary(.tangent, m).zeroWitness() == .unary(.sine, m))
        #expect(Expression.binary(.divide, .constant(1), m).zeroWitness() == .constant(1))
        #expect(Expression.unary(.reciprocal, m).zeroWitness() == .constant(1))
        #expect(Expression.binary(.divide, .unary(.sine, m), m).zeroWitness() == .unary(.sine, m))
        #expect(Expression.unary(.naturalLog, m).zeroWitness() == .binary(.subtract, m, .constant(1)))
        #expect(Expression.binary(.add, m, .constant(1)).zeroWitness() == .binary(.add, m, .constant(1)))
        // Random programs, folded as the points finder folds them: wherever one is 0, so is its witness.
        var random = RandomExpressions(seed: 0x2E80)
        for _ in 0..<3_000 {
            let e = CompiledProgram(random.expression(depth: 4), variable: "M", fixing: ["A": 1.5]).folded
            let w = e.zeroWitness()
            for x in [-2.0, -1, -0.5, 0, 0.5, 1, 2, .pi, -.pi / 2] {
                let vars = ["M": x, "A": 1.5]
                // A zero of the real function: defined, finite and continuous all the way (e^(ln 0) is 0 in
                // floating point, a limit at a point where ln is undefined, not a zero).
                let here = CompiledProgram(e, variable: "M").range(from: x, to: x)
                if e.value(using: vars) == 0, here.isContinuous, here.definedness == .everywhere {
                    #expect(abs(w.value(using: vars)) < 1e-9, "\(e) at \(x): witness \(w.value(using: vars))")
                }
            }
        }
    }
}
