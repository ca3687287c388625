import SeededRandom
import CalculatorBrain
import Testing

@Suite struct IntervalRangeTests {
    let m = Expression.variable("M")

    func range(_ e: Expression, _ lo: Double, _ hi: Double) -> ProgramRange {
        CompiledProgram(e, variable: "M").range(from: lo, to: hi)
    }

    @Test func tanOverAPoleIsUnboundedAndBroken() {
        let r = range(.unary(.tangent, m), 1, 2)
        #expect(r.lower == -.infinity && r.upper == .infinity)
        #expect(!r.isContinuous)
        let calm = range(.unary(.tangent, m), -1, 1)
        #expect(calm.isContinuous && calm.definedness == .everywhere)
        #expect(calm.lower <= -1.5574077246549023 && calm.upper >= 1.5574077246549023 && calm.upper < 1.56)
    }

    @Test func squareRootEndsItsDomainAtZero() {
        let r = range(.unary(.squareRoot, m), -1, 4)
        #expect(r.definedness == .partly)
        #expect(r.lower == 0 && r.upper >= 2 && r.upper < 2.000001)
        #expect(range(.unary(.squareRoot, m), -3, -1).definedness == .nowhere)
        #expect(range(.unary(.squareRoot, m), 1, 4).definedness == .everywhere)
    }

    @Test func reciprocalAcrossZeroIsNotContinuous() {
        #expect(!range(.unary(.reciprocal, m), -1, 1).isContinuous)
        #expect(!range(.binary(.divide, .constant(1), m), -1, 1).isContinuous)
        let r = range(.binary(.divide, .constant(1), m), 1, 2)
        #expect(r.isContinuous && r.lower <= 0.5 && r.upper >= 1 && r.upper < 1.0001)
    }

    @Test func sinPlusMOverMIsContinuousOnOneToTwo() {
        let e = Expression.binary(.divide, .binary(.add, .unary(.sine, m), m), m)
        let r = range(e, 1, 2)
        #expect(r.isContinuous && r.definedness == .everywhere)
        #expect(r.lower <= e.value(using: ["M": 2]) && r.upper >= e.value(using: ["M": 1]))
    }

    @Test func domainsOfTheInverseAndLogFunctions() {
        #expect(range(.unary(.arcSine, m), -2, 0).definedness == .partly)
        #expect(range(.unary(.arcCosine, m), 2, 3).definedness == .nowhere)
        #expect(range(.unary(.naturalLog, m), -1, 1).definedness == .partly)
        #expect(range(.unary(.commonLog, m), 1, 10).definedness == .everywhere)
        #expect(range(.unary(.naturalLog, m), -2, -1).definedness == .nowhere)
        // A negative base with a non-integer exponent is NaN; an integer exponent is fine.
        #expect(range(.binary(.power, m, .constant(0.5)), -4, -1).definedness == .nowhere)
        #expect(range(.binary(.power, m, .constant(3)), -4, -1).definedness == .everywhere)
    }

    @Test func sineFindsItsExtremaInside() {
        let r = range(.unary(.sine, m), 0, 3)
        #expect(r.upper == 1 && r.lower <= 0 && r.lower > -1e-9)
        let c = range(.unary(.cosine, m), 3, 3.5)
        #expect(c.lower == -1 && c.upper < -0.93)
    }

    /// Every number a program takes at a point of the interval lies in the enclosure, NaN appears
    /// only where definedness allows it, and a continuous, everywhere-defined claim has no jump.
    @Test(arguments: AngleMode.allCases) func randomEnclosuresAreSound(angleMode: AngleMode) {
        var gen = RandomExpressions(seed: 0xBEEF, angleMode: angleMode)
        var rng = SplitMix64(seed: 7)
        var continuousClaims = 0, partlyClaims = 0
        for _ in 0..<2000 {
            let e = gen.expression(depth: 5)
            let a = rng.uniform(-3, 3)
            let program = CompiledProgram(e, variable: "M", fixing: ["A": a])
            // A third of the intervals sit on poles and domain edges (0, ±1, π/2, π).
            let special = angleMode == .radians ? [0, 1, -1, Double.pi / 2, -Double.pi / 2, Double.pi] : [0, 1, -1, 90, -90, 180, 270]
            let far = angleMode == .radians ? 10.0 : 400
            let centre = rng.below(3) == 0 ? special[rng.below(special.count)] : rng.uniform(-far, far)
            let halfWidth = [1e-6, 1e-3, 0.1, 1, 5][rng.below(5)] * rng.unit()
            let lo = centre - halfWidth, hi = centre + halfWidth
            let r = program.range(from: lo, to: hi)
            var xs = [lo, hi] + (0..<40).map { _ in rng.uniform(lo, hi) }
            if lo <= 0 && 0 <= hi { xs.append(0) }
            xs.sort()
            let ys = xs.map { program.value(at: $0) }
            for (x, y) in zip(xs, ys) {
                if y.isNaN {
                    #expect(r.definedness != .everywhere, "\(e) A=\(a) [\(lo), \(hi)] NaN at \(x)")
                } else {
                    #expect(r.definedness != .nowhere, "\(e) A=\(a) [\(lo), \(hi)] \(y) at \(x)")
                    #expect(r.lower <= y && y <= r.upper, "\(e) A=\(a) [\(lo), \(hi)] \(y) at \(x) outside \(r)")
                }
            }
            if r.definedness == .partly { partlyClaims += 1 }
            guard r.isContinuous && r.definedness == .everywhere else { continue }
            continuousClaims += 1
            #expect(r.lower.isFinite && r.upper.isFinite)
            for i in 1..<xs.count where xs[i] > xs[i - 1] {
                let jump = hasJump(program, xs[i - 1], xs[i], rangeWidth: r.upper - r.lower)
                #expect(!jump, "\(e) A=\(a) claims continuity on [\(lo), \(hi)], jumps in [\(xs[i - 1]), \(xs[i])]")
                if jump { break }
            }
        }
        // The generator exercises both kinds of claim.
        #expect(continuousClaims > 200 && partlyClaims > 50)
    }

    /// Bisects towards the larger change until the two points are neighbouring doubles;
    /// a continuous function's change has vanished by then, a jump's has not. Ill-conditioned
    /// programs (1/ln(cos(tiny))) step by rounding, so a jump must also be a visible part
    /// (1/1000) of the enclosure's width, and stand out against the change between neighbouring
    /// doubles on either side (cos(10^(M·M)) is continuous but varies faster than doubles resolve).
    func hasJump(_ p: CompiledProgram, _ a: Double, _ b: Double, rangeWidth: Double) -> Bool {
        var a = a, b = b, fa = p.value(at: a), fb = p.value(at: b)
        for _ in 0..<1100 { // enough to reach neighbouring doubles even next to 0
            let mid = a + (b - a) / 2
            if mid <= a || mid >= b { break }
            let fm = p.value(at: mid)
            if Swift.abs(fm - fa) >= Swift.abs(fb - fm) { b = mid; fb = fm } else { a = mid; fa = fm }
        }
        let gap = Swift.abs(fb - fa)
        var noise = 0.0, left = a, right = b
        for _ in 0..<8 {
            left = left.nextDown
            right = right.nextUp
            noise = Swift.max(noise, Swift.abs(p.value(at: left) - fa), Swift.abs(p.value(at: right) - fb))
        }
        return gap > Swift.max(1e-3 * rangeWidth, 1e-6 * Swift.max(1, Swift.abs(fa), Swift.abs(fb)))
            && gap > 10 * noise
    }
}

@Suite struct IntervalPowerAndEdgeTests {
    let m = Expression.variable("M")

    func range(_ e: Expression, _ lo: Double, _ hi: Double) -> ProgramRange {
        CompiledProgram(e, variable: "M").range(from: lo, to: hi)
    }

    @Test func integerPowersOnBothSidesOfZero() {
        let square = range(.binary(.power, m, .constant(2)), -3, 2)
        #expect(square.lower == 0 && square.upper >= 9 && square.upper < 9.0001 && square.isContinuous)
        let cube = range(.binary(.power, m, .constant(3)), -2, 1)
        #expect(cube.lower <= -8 && cube.lower > -8.0001 && cube.upper >= 1 && cube.isContinuous)
        // x⁻² has a pole at 0: unbounded above, never continuous there.
        let inverseSquare = range(.binary(.power, m, .constant(-2)), -1, 1)
        #expect(inverseSquare.upper == .infinity && !inverseSquare.isContinuous)
        #expect(range(.binary(.power, m, .constant(-2)), 1, 2).isContinuous)
    }

    @Test func realPowersNeedANonNegativeBase() {
        let r = range(.binary(.power, m, .constant(0.5)), -1, 4)
        #expect(r.definedness == .partly && r.lower == 0 && r.upper >= 2 && r.upper < 2.0001)
        let e = range(.binary(.power, .constant(2), m), 0, 3)
        #expect(e.definedness == .everywhere && e.lower <= 1 && e.upper >= 8 && e.upper < 8.0001 && e.isContinuous)
    }

    @Test func powerOfAnUndefinedBaseCanStillBeOne() {
        // pow(NaN, 0) is 1: an exponent that may be 0 keeps an undefined base from making the result undefined.
        let e = Expression.binary(.power, .unary(.squareRoot, m), .binary(.subtract, m, .constant(-1)))
        let r = range(e, -1, -0.5)
        #expect(r.definedness != .nowhere && r.contains(1))
        #expect(CompiledProgram(e, variable: "M").value(at: -1) == 1)
    }

    @Test func boundsMayComeInEitherOrderAndConstantsAreExact() {
        #expect(range(.unary(.squareRoot, m), 4, -1) == range(.unary(.squareRoot, m), -1, 4))
        let c = range(.constant(3), -1, 1)
        #expect(c == ProgramRange(lower: 3, upper: 3, isContinuous: true, definedness: .everywhere))
        #expect(range(.unary(.squareRoot, .constant(-1)), 0, 1).definedness == .nowhere)
        #expect(range(m, .nan, 1).definedness == .nowhere)
    }

    @Test func divisionByAnIntervalTouchingZero() {
        let r = range(.binary(.divide, .unary(.sine, m), m), 0, 1)
        #expect(!r.isContinuous && r.definedness == .partly) // 0/0 at 0
        let away = range(.binary(.divide, .unary(.sine, m), m), 0.5, 1)
        #expect(away.isContinuous && away.definedness == .everywhere && away.lower <= 0.8414709848078965 && away.upper >= 0.958851077208406)
    }
}

extension ProgramRange {
    func contains(_ v: Double) -> Bool { lower <= v && v <= upper }
}


/// The enclosures behind the markers and the M^M family's curves.
@Suite struct IntervalEdgeTests {
    let m = Expression.variable("M")

    func range(_ e: Expression, _ lo: Double, _ hi: Double) -> ProgramRange {
        CompiledProgram(e, variable: "M").range(from: lo, to: hi)
    }

    /// Every sample of the program over [lo, hi] lies in the range, and is a number where it says everywhere.
    func expectEncloses(_ e: Expression, _ lo: Double, _ hi: Double, _ r: ProgramRange) {
        let p = CompiledProgram(e, variable: "M")
        for i in 0...64 {
            let x = lo + (hi - lo) * Double(i) / 64
            let v = p.value(at: x)
            if v.isNaN { #expect(r.definedness != .everywhere, "\(e) at \(x)") } else {
                #expect(r.lower <= v && v <= r.upper, "\(e) at \(x): \(v) outside \(r.lower)...\(r.upper)")
            }
        }
    }

    @Test func theMToTheMFamilyIsContinuousForPositiveX() {
        let family: [Expression] = [.binary(.power, m, m), .binary(.power, .binary(.add, m, .constant(1)), m),
                                    .binary(.power, .constant(0), m)]
        for e in family {
            for (lo, hi) in [(0.02, 0.04), (0.5, 0.52), (1, 1.02), (2, 2.02), (7.5, 7.52)] {
                let r = range(e, lo, hi)
                #expect(r.isContinuous && r.definedness == .everywhere, "\(e) over [\(lo), \(hi)]")
                expectEncloses(e, lo, hi, r)
            }
        }
    }

    @Test func aNegativeBaseIsDefinedOnlyAtIntegerExponents() {
        let e = Expression.binary(.power, m, m)
        // No integer inside: undefined throughout, so the sampler spends nothing there.
        #expect(range(e, -1.9, -1.1).definedness == .nowhere)
        #expect(range(e, -0.98, -0.02).definedness == .nowhere)
        // −1 is an end: defined there only.
        let edge = range(e, -1.02, -1)
        #expect(edge.definedness == .partly && !edge.isContinuous)
        expectEncloses(e, -1.02, -1, edge)
        #expect(CompiledProgram(e, variable: "M").value(at: -1) == -1)
        let shifted = Expression.binary(.power, .binary(.add, m, .constant(1)), m)
        #expect(range(shifted, -2.9, -2.1).definedness == .nowhere)
    }

    @Test func aDifferenceThatReachesZeroExactlyStaysDefinedUnderASquareRoot() {
        let outside = Expression.unary(.squareRoot, .binary(.subtract, .unary(.square, m), .constant(1)))
        let r = range(outside, 1, 1.02)
        #expect(r.definedness == .everywhere && r.isContinuous && r.lower == 0)
        expectEncloses(outside, 1, 1.02, r)
        let inside = Expression.unary(.squareRoot, .binary(.subtract, .constant(4), .unary(.square, m)))
        let s = range(inside, 1.98, 2)
        #expect(s.definedness == .everywhere && s.isContinuous)
        expectEncloses(inside, 1.98, 2, s)
        // Still undefined just past the end.
        #expect(range(inside, 2, 2.02).definedness == .partly)
        #expect(range(outside, -0.5, 0.5).definedness == .nowhere)
    }

    /// The grapher hands the values it sampled at the ends: every function gives the same enclosure with
    /// them as without, to the last bit (those that cannot use them ignore them), either way round, over
    /// poles, domain edges, huge and tiny intervals.
    @Test func endValuesGiveTheSameEnclosure() {
        var rng = SplitMix64(seed: 16)
        let ends: [Double] = [0, -0, 1, -1, .pi / 2, -.pi / 2, .pi, 90, 180, 1e9, -1e300, 1e-310, .infinity, -.infinity, .nan]
        for function in UnaryFunction.allCases {
            let program = CompiledProgram(.unary(function, m), variable: "M")
            for trial in 0..<400 {
                var lo = trial < ends.count * ends.count ? ends[trial % ends.count] : rng.uniform(-10, 10)
                var hi = trial < ends.count * ends.count ? ends[trial / ends.count] : lo + rng.uniform(0, 1) * [1e-9, 1e-3, 1, 5][trial % 4]
                if trial % 7 == 3 { swap(&lo, &hi) }
                let given = program.range(from: lo, to: hi, valueAtLower: program.value(at: lo), valueAtUpper: program.value(at: hi))
                let computed = program.range(from: lo, to: hi)
                #expect(given.lower.bitPattern == computed.lower.bitPattern && given.upper.bitPattern == computed.upper.bitPattern
                        && given.isContinuous == computed.isContinuous && given.definedness == computed.definedness,
                        "\(function) over \(lo)...\(hi)")
            }
        }
    }

    /// A grapher's columns asked together give, to the last bit, the values and enclosures asked one by one
    /// (a function of the bare variable computed once a point serves both), over random programs in both
    /// angle modes, on runs of points through poles, domain edges and far out.
    @Test(arguments: AngleMode.allCases) func columnsAreTheValuesAndEnclosuresOneByOne(angleMode: AngleMode) {
        var gen = RandomExpressions(seed: 0xC01, angleMode: angleMode)
        var rng = SplitMix64(seed: 23)
        for trial in 0..<600 {
            let e = gen.expression(depth: 4)
            let program = CompiledProgram(e, variable: "M", fixing: ["A": rng.uniform(-3, 3)])
            let n = 1 + rng.below(40)
            let step = [1e-9, 1e-3, 0.05, 1, 45][rng.below(5)]
            var x = [0, 1, -1, Double.pi / 2, -3, 89.5, 1e9][rng.below(7)] - step * Double(rng.below(n + 1))
            var xs: [Double] = []
            for _ in 0...n {
                xs.append(x)
                x += trial % 9 == 0 && rng.below(4) == 0 ? 0 : step * (0.5 + rng.unit())
            }
            var values = [Double](repeating: 0, count: n + 1)
            var ranges = [ProgramRange](repeating: ProgramRange(lower: 0, upper: 0, isContinuous: false, definedness: .partly), count: n)
            xs.withUnsafeBufferPointer { xs in
                values.withUnsafeMutableBufferPointer { values in
                    ranges.withUnsafeMutableBufferPointer { ranges in program.columns(at: xs, values: values, ranges: ranges) }
                }
            }
            for i in 0...n {
                #expect(values[i].bitPattern == program.value(at: xs[i]).bitPattern, "\(e) at \(xs[i])")
            }
            for i in 0..<n {
                let one = program.range(from: xs[i], to: xs[i + 1], valueAtLower: program.value(at: xs[i]),
                                        valueAtUpper: program.value(at: xs[i + 1]))
                let r = ranges[i]
                #expect(r.lower.bitPattern == one.lower.bitPattern && r.upper.bitPattern == one.upper.bitPattern
                        && r.isContinuous == one.isContinuous && r.definedness == one.definedness,
                        "\(e) over \(xs[i])...\(xs[i + 1]): \(r) against \(one)")
            }
        }
    }
}
