import SeededRandom
import CalculatorBrain
import Testing

/// `ProgramIntegrand`: each piece's enclosure holds the real integral, and narrows as the piece does.
/// (Whole integrals, adaptive and random, are tested through the kiosk's `GraphIntegralReport`.)
@Suite struct IntegralPieceTests {
    let m = Expression.variable("M")

    /// ∫ over [a, b] in `count` equal pieces, added with outward rounding.
    func integral(_ e: Expression, _ a: Double, _ b: Double, pieces count: Int) -> OutwardInterval? {
        let integrand = ProgramIntegrand(e, variable: "M")
        var sum = OutwardInterval(exactly: 0)
        for i in 0..<count {
            let l = a + (b - a) * Double(i) / Double(count), u = i == count - 1 ? b : a + (b - a) * Double(i + 1) / Double(count)
            let p = integrand.piece(from: l, to: u)
            guard p.status == .proved else { return nil }
            sum = sum + OutwardInterval(p.lower, p.upper)
        }
        return sum
    }

    /// Cubics with integer coefficients over pieces with ends in eighths: 12·∫ is a double, computed exactly,
    /// so the test holds the enclosure to the exact value, not to a rounded one.
    @Test func cubicsOverPiecesHoldTheExactIntegral() {
        var rng = SplitMix64(seed: 0xC0B1C)
        for _ in 0..<2_000 {
            let c = (0..<4).map { _ in Double(rng.below(11) - 5) }
            // c0 + c1 M + c2 M² + c3 M³, as the keys build it.
            var e = Expression.constant(c[0])
            for k in 1...3 {
                let power: Expression = k == 1 ? m : .binary(.power, m, .constant(Double(k)))
                e = .binary(.add, e, .binary(.multiply, .constant(c[k]), power))
            }
            var l = Double(rng.below(65) - 32) / 8, u = Double(rng.below(65) - 32) / 8
            if l == u { continue }
            if l > u { swap(&l, &u) }
            // 12 ∫ = Σ c_k · 12/(k+1) · (u^(k+1) − l^(k+1)): every term exact in doubles.
            var twelveTimes = 0.0
            for k in 0...3 {
                var ul = 1.0, ll = 1.0
                for _ in 0...k { ul *= u; ll *= l }
                twelveTimes += c[k] * Double(12 / (k + 1)) * (ul - ll)
            }
            let p = ProgramIntegrand(e, variable: "M").piece(from: l, to: u)
            #expect(p.status == .proved)
            #expect((p.lower * 12).nextUp <= twelveTimes && (p.upper * 12).nextDown >= twelveTimes, "\(c) over [\(l), \(u)]")
            // Order 4 integrates a cubic exactly: only rounding, and the derivatives' slack (2⁻⁴⁰ of their
            // terms), is left.
            #expect(p.upper - p.lower <= 1e-9 * max(1, abs(twelveTimes)), "\(c) over [\(l), \(u)]: \(p.upper - p.lower)")
        }
    }

    @Test func knownIntegrals() throws {
        let sine = try #require(integral(.unary(.sine, m), 0, .pi, pieces: 64))
        #expect(sine.contains(2) && sine.width < 1e-9, "\(sine)")
        let exp = try #require(integral(.unary(.exponential, m), 0, 1, pieces: 32))
        let eMinusOne = 1.718281828459045
        #expect(exp.lower <= eMinusOne.nextUp && exp.upper >= eMinusOne.nextDown && exp.width < 1e-9, "\(exp)")
        let reciprocal = try #require(integral(.unary(.reciprocal, m), 1, 2, pieces: 32))
        let ln2 = 0.6931471805599453
        #expect(reciprocal.lower <= ln2.nextUp && reciprocal.upper >= ln2.nextDown && reciprocal.width < 1e-9, "\(reciprocal)")
        // In degrees: ∫ sin° over [0, 180] is 360/π.
        let degrees = try #require(integral(.unary(.sineDegrees, m), 0, 180, pieces: 256))
        let expected = 360 / Double.pi
        #expect(degrees.lower <= expected.nextUp && degrees.upper >= expected.nextDown && degrees.width < 1e-6, "\(degrees)")
    }

    /// The width of a piece's enclosure falls as h⁵ for a smooth function: halving h divides it by about 32.
    @Test func aSmoothPieceNarrowsAsTheFifthPower() {
        let integrand = ProgramIntegrand(.unary(.sine, m), variable: "M")
        #expect(integrand.order == 4)
        let wide = integrand.piece(from: 0.5, to: 0.5 + 0x1p-3), narrow = integrand.piece(from: 0.5, to: 0.5 + 0x1p-4)
        let ratio = (wide.upper - wide.lower) / (narrow.upper - narrow.lower)
        #expect(ratio > 16, "\(ratio)")
        #expect(wide.upper - wide.lower < 1e-8)
    }

    /// The enclosure is of the real function, not of the doubles a program computes: (M + 10¹⁶) − 10¹⁶ is
    /// x over the reals, though its computed values step by 2.
    @Test func theRealFunctionNotItsRoundedValues() {
        let big = Expression.constant(1e16)
        let e = Expression.binary(.subtract, .binary(.add, m, big), big)
        let p = ProgramIntegrand(e, variable: "M").piece(from: 0, to: 1)
        #expect(p.status == .proved && p.lower <= 0.5 && p.upper >= 0.5, "\(p)")
    }

    /// Outward rounding steps only where an operation was not exact: 1 − M² at M = 1 stays 0, so √ of it is
    /// defined up to the end (a step there would make the semicircle's ends undefined).
    @Test func exactOperationsAreNotWidened() {
        let one = Expression.constant(1)
        let semicircle = Expression.unary(.squareRoot, .binary(.subtract, one, .unary(.square, m)))
        let integrand = ProgramIntegrand(semicircle, variable: "M")
        for (l, u) in [(0.75, 1.0), (-1.0, -0.5), (0.999, 1.0)] {
            let p = integrand.piece(from: l, to: u)
            #expect(p.status == .proved, "[\(l), \(u)]")
        }
        // ∫₀¹ √(1 − x²) = π/4, in pieces that reach the end.
        var sum = OutwardInterval(exactly: 0)
        for i in 0..<512 {
            let p = integrand.piece(from: Double(i) / 512, to: Double(i + 1) / 512)
            sum = sum + OutwardInterval(p.lower, p.upper)
        }
        // The last piece, where the slope is unbounded, encloses plainly: about h^1.5 wide.
        #expect(sum.contains(Double.pi / 4) && sum.width < 1e-3, "\(sum)")
    }

    @Test func polesAndGapsProveNothing() {
        func piece(_ e: Expression, _ l: Double, _ u: Double) -> IntegralPiece.Status {
            ProgramIntegrand(e, variable: "M").piece(from: l, to: u).status
        }
        #expect(piece(.unary(.reciprocal, m), -1, 1) == .unproved, "a pole")
        #expect(piece(.unary(.tangent, m), 1, 2) == .unproved, "tan's pole at π/2")
        #expect(piece(.unary(.squareRoot, m), -2, -1) == .undefined, "nowhere defined")
        #expect(piece(.unary(.squareRoot, m), -1, 1) == .unproved, "defined on part of it")
        // Defined and bounded, though its slope is not: the plain enclosure [0, 1] × 1.
        let root = ProgramIntegrand(.unary(.squareRoot, m), variable: "M").piece(from: 0, to: 1)
        #expect(root.status == .proved && root.lower <= 2.0 / 3 && root.upper >= 2.0 / 3 && root.upper <= 1.0000001)
        #expect(piece(.constant(.nan), 0, 1) == .undefined)
    }

    /// A value met twice is one real value: √(M − M) is 0 and defined on every piece (independent operands
    /// made M − M straddle 0 and the piece unproved), sin M × sin M never dips below 0, and M ÷ M keeps its
    /// hole at 0.
    @Test func repeatedOperandsAreOneRealValue() {
        let difference = Expression.binary(.subtract, m, m)
        let root = ProgramIntegrand(.unary(.squareRoot, difference), variable: "M")
        for (l, u) in [(0.0, 1.0), (-5.0, 3.0), (1e6, 1e6 + 1)] {
            let p = root.piece(from: l, to: u)
            #expect(p.status == .proved && p.lower <= 0 && p.upper >= 0 && p.upper - p.lower < 1e-300, "[\(l), \(u)]: \(p)")
        }
        let s = Expression.unary(.sine, m)
        let squared = ProgramIntegrand(.unary(.squareRoot, .binary(.multiply, s, s)), variable: "M").piece(from: -1, to: 1)
        // ∫ |sin| over [−1, 1] = 2 − 2 cos 1.
        let truth = 2 - 2 * 0.5403023058681398
        #expect(squared.status == .proved && squared.lower <= truth && squared.upper >= truth, "\(squared)")
        #expect(ProgramIntegrand(.binary(.divide, m, m), variable: "M").piece(from: -1, to: 1).status == .unproved)
        let one = ProgramIntegrand(.binary(.divide, m, m), variable: "M").piece(from: 1, to: 3)
        #expect(one.status == .proved && one.lower <= 2 && one.upper >= 2 && one.upper - one.lower < 1e-12, "\(one)")
    }

    /// A derivative that would be too big is not built: the order stops below it.
    @Test func derivativesStopAtTheirSizeCap() {
        // Nested products of sines: each derivative is about twice its function's size.
        var builder = ExpressionBuilder()
        var e = builder.add(.variable("M"))
        for i in 0..<2_000 {
            e = builder.add(.binary(.multiply, builder.add(.unary(.sine, e)), builder.add(.constant(Double(i % 7 + 1)))))
        }
        let integrand = ProgramIntegrand(builder.expression(root: e), variable: "M")
        #expect(integrand.order < ProgramIntegrand.maximumOrder)
        #expect(integrand.enclosuresPerPiece == 2 * integrand.order + 1)
    }
}
