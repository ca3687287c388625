import SeededRandom
@testable import CalculatorBrain
import Testing

/// Operations that meet one value twice (v − v, v ÷ v, v × v) enclosed exactly: the dependency problem.
@Suite struct RepeatedOperandTests {
    let m = Expression.variable("M")

    func range(_ e: Expression, _ lo: Double, _ hi: Double) -> ProgramRange {
        CompiledProgram(e, variable: "M").range(from: lo, to: hi)
    }

    @Test func aValueLessItselfIsZeroEverywhere() {
        let difference = Expression.binary(.subtract, m, m)
        for (lo, hi) in [(-10.0, 10.0), (0, 1e-9), (-1e15, 3), (2, 2)] {
            #expect(range(difference, lo, hi) == ProgramRange(lower: 0, upper: 0, isContinuous: true, definedness: .everywhere))
        }
        // √(M − M): 0 wherever M is a number, so defined and drawn everywhere.
        let root = range(.unary(.squareRoot, difference), -10, 10)
        #expect(root.definedness == .everywhere && root.isContinuous && root.lower == 0 && root.upper < 1e-300)
    }

    @Test func rewrittenTwinsAreFoundEqual() {
        let s = Expression.unary(.sine, m), c = Expression.constant(3)
        let sum = Expression.binary(.add, s, c), swapped = Expression.binary(.add, c, s)
        let zeros: [Expression] = [
            .binary(.subtract, sum, swapped),
            .binary(.add, .binary(.subtract, m, c), .binary(.subtract, c, m)),
            .binary(.subtract, .unary(.negate, .unary(.negate, s)), s),
            .binary(.add, .binary(.multiply, .unary(.negate, m), s), .binary(.multiply, s, m)),
            .binary(.subtract, .binary(.multiply, m, m), .unary(.square, m)),
            .binary(.subtract, .unary(.square, .unary(.negate, m)), .unary(.square, m)),
            .binary(.subtract, .binary(.add, m, .unary(.negate, c)), .binary(.subtract, m, c)),
            .binary(.add, .unary(.reciprocal, .unary(.negate, m)), .unary(.reciprocal, m)),
        ]
        for e in zeros {
            let r = range(e, 0.5, 2)
            #expect(r.lower == 0 && r.upper == 0 && r.definedness == .everywhere && r.isContinuous, "\(e)")
        }
        // Not assumed odd: libm's sin(−M) need not be −sin(M) to the last bit.
        let odd = range(.binary(.add, .unary(.sine, .unary(.negate, m)), s), 0.5, 2)
        #expect(odd.lower < 0 && odd.upper > 0)
    }

    @Test func quotientsAndProductsOfAValueWithItself() {
        let s = Expression.binary(.subtract, .unary(.sine, m), .constant(2)) // in [−3, −1]: never 0
        let one = range(.binary(.divide, s, s), -100, 100)
        #expect(one == ProgramRange(lower: 1, upper: 1, isContinuous: true, definedness: .everywhere))
        let minusOne = range(.binary(.divide, .unary(.negate, s), s), -100, 100)
        #expect(minusOne.lower == -1 && minusOne.upper == -1 && minusOne.definedness == .everywhere)
        // M ÷ M is 0 ÷ 0 at 0: a hole, not a claim of continuity.
        let hole = range(.binary(.divide, m, m), -1, 1)
        #expect(hole.lower == 1 && hole.upper == 1 && hole.definedness == .partly && !hole.isContinuous)
        #expect(range(.binary(.divide, .binary(.subtract, m, m), .binary(.subtract, m, m)), -1, 1).definedness == .nowhere)
        // sin M × sin M is never below 0, where independent operands would reach −1.
        let square = range(.binary(.multiply, .unary(.sine, m), .unary(.sine, m)), -2, 2)
        #expect(square.lower == 0 && square.upper <= 1.0000001)
        let negative = range(.binary(.multiply, .unary(.negate, .unary(.sine, m)), .unary(.sine, m)), -2, 2)
        #expect(negative.upper == 0 && negative.lower >= -1.0000001)
        // ∞ − ∞ is NaN: where the value may be infinite, the difference is only partly defined.
        let pole = range(.binary(.subtract, .unary(.reciprocal, m), .unary(.reciprocal, m)), -1, 1)
        #expect(pole.definedness == .partly && pole.lower == 0 && pole.upper == 0 && !pole.isContinuous)
    }

    /// A random program with a twin of one of its parts met in one operation, in a random context.
    func twinned(_ gen: inout RandomExpressions, _ rng: inout SplitMix64) -> Expression {
        let part = gen.expression(depth: 3)
        let twin: Expression
        switch rng.below(4) {
        case 0: twin = part
        case 1: twin = .unary(.negate, .unary(.negate, part))
        case 2:
            let other = gen.expression(depth: 1)
            return .binary([.add, .multiply][rng.below(2)], .binary(.subtract, .binary(.add, part, other), .binary(.add, other, part)), gen.expression(depth: 2))
        default: twin = .unary(.negate, part)
        }
        let met = Expression.binary(BinaryFunction.allCases[rng.below(4)], part, twin)
        switch rng.below(3) {
        case 0: return met
        case 1: return .unary(UnaryFunction.keyFunctions[rng.below(UnaryFunction.keyFunctions.count)], met)
        default: return .binary(BinaryFunction.allCases[rng.below(BinaryFunction.allCases.count)], gen.expression(depth: 2), met)
        }
    }

    /// Soundness first: over thousands of random programs whose operations meet a value twice, every value a
    /// program takes lies in its enclosure, NaN only where definedness allows, and a continuity claim
    /// has no jump; and the tightened enclosure is never wider than the independent operands' one.
    @Test(arguments: AngleMode.allCases) func tightenedEnclosuresStaySound(angleMode: AngleMode) {
        var gen = RandomExpressions(seed: 0x7715, angleMode: angleMode)
        var rng = SplitMix64(seed: 25)
        var fired = 0, tighter = 0, continuousClaims = 0
        let jumps = IntervalRangeTests()
        for _ in 0..<3000 {
            let e = twinned(&gen, &rng)
            let program = CompiledProgram(e, variable: "M", fixing: ["A": rng.uniform(-3, 3)])
            guard let repeats = program.repeats else { continue }
            fired += 1
            let centre = rng.below(3) == 0 ? [0, 1, -1, Double.pi / 2, 90][rng.below(5)] : rng.uniform(-10, 10)
            let halfWidth = [1e-6, 1e-3, 0.1, 1, 5][rng.below(5)] * rng.unit()
            let lo = centre - halfWidth, hi = centre + halfWidth
            let r = program.range(from: lo, to: hi)
            let plain = IntervalValue.evaluate(program.folded, variable: "M", repeats: nil, x: IntervalValue(lo, hi))
            #expect(repeats.contains { $0 != nil })
            if r.definedness != .nowhere && plain.definedness != .nowhere {
                #expect(plain.lower <= r.lower && r.upper <= plain.upper, "\(e) over [\(lo), \(hi)]: \(r) wider than \(plain)")
            }
            if r.lower > plain.lower || r.upper < plain.upper || (r.isContinuous && !plain.isContinuous) { tighter += 1 }
            var xs = [lo, hi] + (0..<40).map { _ in rng.uniform(lo, hi) }
            if lo <= 0 && 0 <= hi { xs.append(0) }
            xs.sort()
            for x in xs {
                let y = program.value(at: x)
                if y.isNaN {
                    #expect(r.definedness != .everywhere, "\(e) over [\(lo), \(hi)]: NaN at \(x)")
                } else {
                    #expect(r.definedness != .nowhere && r.lower <= y && y <= r.upper, "\(e) over [\(lo), \(hi)]: \(y) at \(x) outside \(r)")
                }
            }
            guard r.isContinuous && r.definedness == .everywhere else { continue }
            continuousClaims += 1
            for i in 1..<xs.count where xs[i] > xs[i - 1] {
                let jump = jumps.hasJump(program, xs[i - 1], xs[i], rangeWidth: r.upper - r.lower)
                #expect(!jump, "\(e) claims continuity on [\(lo), \(hi)], jumps in [\(xs[i - 1]), \(xs[i])]")
                if jump { break }
            }
        }
        // The programs exercise the identities, often to a tighter answer, with continuity claims among them.
        #expect(fired > 1500 && tighter > 500 && continuousClaims > 300, "fired \(fired), tighter \(tighter), continuous \(continuousClaims)")
    }
}
