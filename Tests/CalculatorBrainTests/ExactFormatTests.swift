@testable import CalculatorBrain
import SeededRandom
import Testing

/// How exact values read (the form, the display's decimal of them), how the state file keeps them, and the
/// integer work under them: correctly rounded Doubles, square-free parts decided for certain, bounded loops.
@Suite struct ExactFormatTests {
    func value(_ keys: String) -> ExactValue { exactProgram(keys).exactValue()! }

    @Test func formsReadAsTheDisplayWritesThem() {
        let forms = ["1 ÷ 3 =": "1/3", "2 ÷ 3 = ±": "-2/3", "8 √": "2√2", "π ÷ 4 =": "π/4", "3 √ ÷ 2 = ±": "-√3/2",
                     "π × 3 ÷ 4 =": "3π/4", "12 √ ÷ 3 =": "2√3/3", "e": "e", "π ±": "-π", "0.3": "3/10", "42": "42", "0": "0"]
        for (keys, form) in forms { #expect(ExactFormat.string(value(keys)) == form, "\(keys)") }
    }

    @Test func theDecimalIsTheExactValuesRoundedAsItIs() {
        let decimals: [(String, String, Bool)] = [
            ("1 ÷ 3 =", "0.333333", false), ("1 ÷ 2 =", "0.5", true), ("0.1 + 0.2 =", "0.3", true), ("2 ÷ 3 =", "0.666667", false),
            ("1 ÷ 1024 =", "0.000977", false), ("1e20", "1e+20", true), ("1e-30", "1e-30", true), ("2 ÷ 3e10 =", "6.666667e-11", false),
            ("8 √", "2.828427", false), ("π", "3.141593", false), ("123456789012", "123456789012", true),
            ("1234567890123", "1.234568e+12", false), ("0.0000005", "0.000001", false), ("-0.0000005", "-0.000001", false),
            // Just below a rounding tie: the exact digits round down where the nearest Double (0.1234565) would round up.
            ("0.12345649999999999999", "0.123456", false), ("0.12345650000000000001", "0.123457", false),
        ]
        for (keys, text, isExact) in decimals {
            let decimal = ExactFormat.decimal(value(keys))
            #expect(decimal.text == text && decimal.isExact == isExact, "\(keys): \(decimal)")
        }
        #expect(CalculatorNumberFormat.string(0.12345649999999999999) == "0.123457") // the Double's own digits differ
    }

    @Test func storedTextReadsBackAndNothingElseDoes() throws {
        for keys in ["1 ÷ 3 =", "8 √", "π ÷ 4 =", "3 √ ÷ 2 = ±", "e", "0", "6.02e23", "1e-38", "π × 3 ÷ 4 =", "2 ÷ 3 = √"] {
            let exact = value(keys)
            #expect(ExactValue(storedText: exact.storedText) == exact, "\(keys): \(exact.storedText)")
        }
        #expect(value("π ÷ 4 =").storedText == "1/4*pi" && value("8 √").storedText == "2/1*sqrt2")
        for text in ["2/4", "1/0", "1/-2", "0/1*pi", "0/2", "-0/1", "01/2", "1/1*sqrt4", "1/1*sqrt1", "1/1*sqrt0", "1/2*tau", "",
                     "1", "1/2*", "+1/2", "1/2*pi*pi", "1 /2", "170141183460469231731687303715884105728/1",
                     "1/1*sqrt9007199254740993", String(repeating: "1", count: 120) + "/1"] {
            #expect(ExactValue(storedText: text) == nil, "'\(text)'")
        }
    }

    @Test func aRationalsDoubleIsTheNearestOne() {
        var rng = SplitMix64(seed: 24)
        for _ in 0..<2_000 {
            // Typed decimals: the Double the digits parse to, bit for bit.
            let digits = (0..<(rng.below(15) + 1)).map { _ in UInt8(rng.below(10)) }
            let exponent = rng.below(60) - 40
            let text = digits.map(String.init).joined() + "e\(exponent)"
            guard let exact = ExactValue(decimalDigits: digits, exponent: exponent, negative: false) else { continue }
            #expect(exact.double.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        var work = 0
        // Ties go to even, and wide integers round once.
        #expect(BoundedRational(Int128(1) << 53 + 1).double(work: &work) == 9007199254740992)
        #expect(BoundedRational(Int128(1) << 53 + 3).double(work: &work) == 9007199254740996)
        #expect(BoundedRational(1, 3, work: &work)!.double(work: &work) == 1.0 / 3.0)
        let wide = BoundedRational(Int128.max - 1, Int128.max, work: &work)!
        #expect(wide.double(work: &work) == 1.0)
    }

    @Test func squareFreePartsAreDecidedOrLeftAlone() {
        var work = 0
        #expect(IntegerRoots.squareFreeDecomposition(8, work: &work)! == (2, 2))
        #expect(IntegerRoots.squareFreeDecomposition(72, work: &work)! == (6, 2))
        #expect(IntegerRoots.squareFreeDecomposition(1_009 * 1_013, work: &work)! == (1, 1_009 * 1_013)) // two large primes
        #expect(IntegerRoots.squareFreeDecomposition(1_009 * 1_009 * 4, work: &work)! == (2 * 1_009, 1)) // a square is seen
        // p²·q with p, q past the trial primes: undecided, so no exact root (never a wrong one).
        #expect(IntegerRoots.squareFreeDecomposition(1_009 * 1_009 * 1_013, work: &work) == nil)
        #expect(IntegerRoots.exactCubeRoot(27) == 3 && IntegerRoots.exactCubeRoot(28) == nil)
        #expect(IntegerRoots.exactCubeRoot(UInt128(1) << 125) == nil && IntegerRoots.exactCubeRoot(UInt128(1) << 120) == 1 << 40)
    }

    /// Every rule costs work bounded by the width of its numbers, whatever they are: the worst of 20,000 random
    /// operations on the widest rationals stays under the bound the cost tests use per node.
    @Test func everyRuleCostsBoundedWork() {
        var rng = SplitMix64(seed: 7)
        func wide() -> Int128 { Int128(truncatingIfNeeded: UInt128(rng.next()) << 63 | UInt128(rng.next())) | 1 }
        let constants: [ExactValue.Constant] = [.one, .pi, .e, .squareRoot(2), .squareRoot(6), .squareRoot(1_009 * 1_013)]
        var worst = 0
        for _ in 0..<20_000 {
            var scratch = 0
            guard let p = BoundedRational(wide() >> rng.below(120), wide() >> rng.below(120), work: &scratch),
                  let q = BoundedRational(wide() >> rng.below(120), wide() >> rng.below(120), work: &scratch) else { continue }
            let x = ExactValue(p, constants[rng.below(constants.count)]), y = ExactValue(q, constants[rng.below(constants.count)])
            var arithmetic = ExactArithmetic()
            if rng.below(2) == 0 {
                _ = arithmetic.apply(BinaryFunction.allCases[rng.below(BinaryFunction.allCases.count)], x, y)
            } else {
                _ = arithmetic.apply(UnaryFunction.allCases[rng.below(UnaryFunction.allCases.count)], x)
            }
            _ = arithmetic.double(x)
            worst = max(worst, arithmetic.work)
        }
        #expect(worst <= ExactArithmetic.workPerNode, "worst \(worst)")
        #expect(worst > 100) // the wide cases were reached
    }
}
