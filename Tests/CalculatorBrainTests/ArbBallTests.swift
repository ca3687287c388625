import Arb
import Testing

/// Arb's balls as the brain uses them: each holds the true value, and the decimal ends lie outside the ball.
@Suite struct ArbBallTests {
    /// The decimal ends in scientific form, d.ddd…e±E with trailing zeros dropped, for checks against digits known
    /// from elsewhere (mpmath at 40 digits). Arb's ends have about as many digits as asked, a digit more or less.
    func ends(_ ball: ArbBall, digits: Int = 22) -> (lower: String, upper: String) {
        let (lower, upper) = ball.decimalBounds(digits: digits)!
        func scientific(_ b: ArbBall.DecimalBound) -> String {
            let negative = b.significand.hasPrefix("-")
            let digits = negative ? String(b.significand.dropFirst()) : b.significand
            var kept = Substring(digits)
            while kept.count > 1 && kept.last == "0" { kept = kept.dropLast() }
            let mantissa = String(kept.prefix(1)) + (kept.count > 1 ? "." + kept.dropFirst() : "")
            return (negative ? "-" : "") + mantissa + "e\(b.exponent + digits.count - 1)"
        }
        return (scientific(lower), scientific(upper))
    }

    @Test func piLiesBetweenItsDecimalEnds() {
        let (lower, upper) = ends(.pi(precision: 128))
        // π = 3.14159265358979323846264338…
        #expect(lower.hasPrefix("3.14159265358979323846") && lower.hasSuffix("e0"))
        #expect(upper.hasPrefix("3.14159265358979323846") && upper > lower)
    }

    @Test func aThirdIsNoDyadicSoItsEndsDifferInTheLastPlace() {
        let third = ArbBall(numerator: 1, denominator: 3, precision: 128)
        #expect(!third.isExact)
        let (lower, upper) = ends(third)
        #expect(lower == "3.33333333333333333333e-1" && upper == "3.33333333333333333334e-1")
    }

    @Test func negativeNumbersRoundAwayOnTheirOwnSide() {
        let (lower, upper) = ends(ArbBall(numerator: -2, denominator: 3, precision: 128))
        #expect(lower.hasPrefix("-6.66666666666666666") && lower.hasSuffix("7e-1") && upper.hasSuffix("6e-1"))
    }

    @Test func anExactDoubleHasEqualEnds() {
        let (lower, upper) = ends(ArbBall(0.5))
        #expect(lower == upper)
        #expect(ArbBall(0.5).isExact && !ArbBall(0.5).containsZero)
    }

    @Test func realCubeRootsOfNegativesAndPowersOfNegativeBases() {
        let root = ArbBall(-8).cubeRoot(precision: 64)
        #expect(root.isNegative && ends(root).lower.hasPrefix("-2.000000000") && ends(root).upper.hasPrefix("-1.999999999"))
        let cube = ArbBall(-2).power(ArbBall(3), precision: 64)
        #expect(cube.isExact && ends(cube).lower == "-8e0" && ends(cube).upper == "-8e0")
        // An exponent too large to take out of the ball (10³⁰⁰) is no crash: (−2)^(10³⁰⁰) is not bounded, 0.5^(10³⁰⁰) is.
        let huge = ArbBall(decimal: "1e300", precision: 64)
        #expect(!ArbBall(-2).power(huge, precision: 64).isFinite)
        #expect(ArbBall(0.5).power(huge, precision: 64).isFinite)
        // A ball that straddles 0 has a cube root that straddles it too, never an indeterminate one.
        let near = ArbBall(1).subtracting(ArbBall(numerator: 1, denominator: 3, precision: 64).multiplying(ArbBall(3), precision: 64),
                                          precision: 64)
        #expect(near.containsZero && near.cubeRoot(precision: 64).isFinite && near.cubeRoot(precision: 64).containsZero)
    }

    /// sin of 10¹⁷ + 30 degrees is sin 310° (−0.76604444311897803520…): reduced in half turns, exactly.
    @Test func sineOfHalfTurnsReducesAHugeAngleExactly() {
        let degrees = ArbBall(numerator: 100_000_000_000_000_030, denominator: 1, precision: 256)
        let sine = degrees.dividing(ArbBall(180), precision: 256).sineOfHalfTurns(precision: 256)
        let (lower, upper) = ends(sine, digits: 18)
        #expect(lower == "-7.6604444311897804e-1" && upper == "-7.6604444311897803e-1")
    }

    @Test func whatArbCannotBoundIsNotFinite() {
        let zeroish = ArbBall(1).subtracting(ArbBall(numerator: 1, denominator: 3, precision: 64).multiplying(ArbBall(3), precision: 64),
                                             precision: 64)
        #expect(!ArbBall(1).dividing(zeroish, precision: 64).isFinite)
        #expect(!zeroish.naturalLog(precision: 64).isFinite)
        #expect(ArbBall(1).dividing(zeroish, precision: 64).decimalBounds(digits: 20) == nil)
    }

    @Test func decimalsParseToBallsThatHoldThem() {
        let tenth = ArbBall(decimal: "1e-320", precision: 128)
        let (lower, upper) = ends(tenth)
        #expect(lower.hasPrefix("9.99999999") && lower.hasSuffix("e-321") && upper.hasPrefix("1.0000000") && upper.hasSuffix("e-320"))
        #expect(!ArbBall(decimal: "not a number", precision: 64).isFinite)
    }
}
