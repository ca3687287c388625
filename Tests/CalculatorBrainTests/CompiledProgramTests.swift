import SeededRandom
import CalculatorBrain
import Testing

@Suite struct CompiledProgramTests {
    let m = Expression.variable("M")

    @Test func benchExpressionsMatchTheTree() {
        let programs: [Expression] = [
            .binary(.divide, .binary(.add, .unary(.sine, m), m), m),
            .unary(.tangent, m),
            .binary(.add, .binary(.multiply, .unary(.squareRoot, m), .unary(.cosine, m)), .unary(.square, m)),
        ]
        let xs = (0..<1000).map { -10 + (Double($0) + 0.5) * 20 / 1000 }
        for e in programs {
            let compiled = CompiledProgram(e, variable: "M")
            var ys = [Double](repeating: 0, count: xs.count)
            xs.withUnsafeBufferPointer { x in ys.withUnsafeMutableBufferPointer { compiled.values(xs: x, into: $0) } }
            for (x, y) in zip(xs, ys) {
                #expect(sameValue(y, e.value(using: ["M": x])), "\(e) at \(x)")
                #expect(sameValue(compiled.value(at: x), y))
            }
        }
        // √ of the negative half is NaN, the rest is a number.
        let sqrtProgram = CompiledProgram(programs[2], variable: "M")
        #expect(sqrtProgram.value(at: -1).isNaN)
        #expect(!sqrtProgram.value(at: 1).isNaN)
    }

    @Test func foldsEverythingThatDoesNotDependOnTheVariable() {
        let e = Expression.binary(.add, .binary(.multiply, .variable("A"), .constant(2)), .unary(.sine, m))
        let compiled = CompiledProgram(e, variable: "M", fixing: ["A": 3])
        #expect(compiled.folded == .binary(.add, .constant(6), .unary(.sine, m)))
        #expect(compiled.value(at: 1) == e.value(using: ["M": 1, "A": 3]))
        // A missing variable is 0, as in Expression.value.
        #expect(CompiledProgram(.variable("B"), variable: "M").value(at: 7) == 0)
        #expect(CompiledProgram(m, variable: "M").value(at: 7) == 7)
        #expect(CompiledProgram(.constant(4), variable: "M").value(at: 7) == 4)
    }

    @Test(arguments: AngleMode.allCases) func randomProgramsAreBitExactWithTheTree(angleMode: AngleMode) {
        var gen = RandomExpressions(seed: 0xCA1C, angleMode: angleMode)
        var rng = SplitMix64(seed: 42)
        var nanCount = 0, numberCount = 0
        for _ in 0..<400 {
            let e = gen.expression(depth: 5)
            let a = rng.uniform(-4, 4)
            let compiled = CompiledProgram(e, variable: "M", fixing: ["A": a])
            // Lengths that cross the block size, with a ragged last block.
            let n = [1, 7, 256, 600][rng.below(4)]
            let xs = (0..<n).map { _ in rng.below(8) == 0 ? [0, -0.0, 1, -1, Double.pi / 2, 90, 180][rng.below(7)] : rng.uniform(-20, 20) }
            var ys = [Double](repeating: .nan, count: n)
            xs.withUnsafeBufferPointer { x in ys.withUnsafeMutableBufferPointer { compiled.values(xs: x, into: $0) } }
            for (x, y) in zip(xs, ys) {
                let expected = e.value(using: ["M": x, "A": a])
                #expect(sameValue(y, expected), "\(e) at M=\(x) A=\(a): \(y) vs \(expected)")
                #expect(sameValue(compiled.value(at: x), expected))
                if expected.isNaN { nanCount += 1 } else { numberCount += 1 }
            }
        }
        // The generator reaches both NaN and number patterns, so the comparison covers both.
        #expect(nanCount > 1000 && numberCount > 1000)
    }

    @Test func evaluatesInPlace() {
        let e = Expression.binary(.add, .unary(.cosine, m), .binary(.multiply, m, m))
        let compiled = CompiledProgram(e, variable: "M")
        var buffer = (0..<700).map { Double($0) / 7 - 50 }
        let expected = buffer.map { e.value(using: ["M": $0]) }
        buffer.withUnsafeMutableBufferPointer { b in compiled.values(xs: UnsafeBufferPointer(b), into: b) }
        #expect(zip(buffer, expected).allSatisfy { sameValue($0, $1) })
    }
}
