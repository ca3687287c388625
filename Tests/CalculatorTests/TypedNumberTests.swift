@testable import Calculator
import CalculatorBrain
import SeededRandom
import Testing

/// Digits alone take a shortcut past the text's parse: it must give what the parse gives.
@Suite struct TypedNumberTests {
    @Test func wholeNumbersAreWhatTheirTextParsesTo() {
        var random = SplitMix64(seed: 0x7E1D)
        var texts = ["0", "7", "007", "10", "999999999999999", "000000000000000", "123456789012345"]
        for _ in 0..<2000 {
            let count = 1 + random.below(TypedNumber.maximumDigits)
            texts.append(String((0..<count).map { _ in Character(String(random.below(10))) }))
        }
        for text in texts {
            #expect(TypedNumber.wholeNumber(text) == Int(text), "\(text)")
            #expect(TypedNumber.value(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(TypedNumber.exact(text) == ExactValue(Int(text)!), "\(text)")
            #expect(CalculatorController.typedStep(text) == .exactOperand(ExactValue(Int(text)!)), "\(text)")
        }
    }

    @Test func anythingButFifteenDigitsAloneTakesTheParse() {
        for text in ["", "-", "-0", "-7", "7.", "0.5", "6.02e23", "6.02e", "6.02e-", "1e-320", "1234567890123456", "12a"] {
            #expect(TypedNumber.wholeNumber(text) == nil, "\(text)")
        }
        #expect(TypedNumber.value("-0")?.sign == .minus)
        #expect(TypedNumber.value("7.") == 7)
        #expect(TypedNumber.value("6.02e") == 6.02)
        #expect(TypedNumber.exact("0.5") == ExactValue(decimalDigits: [0, 5], exponent: -1, negative: false))
        #expect(TypedNumber.value("-") == nil && TypedNumber.exact("-") == nil)
    }
}
