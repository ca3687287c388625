import Calculator
import CalculatorBrain
import Testing

/// Typed numbers and computed ones agree; under- and overflow are each named; every refused key says why.
@Suite struct EntryEdgeTests {
    @Test func aTypedSubnormalShowsTheSameBeforeAndAfterEquals() {
        #expect(run("1 ee ± 3 2 0").display == "1e-320")
        #expect(run("1 ee ± 3 2 0 =").display == "1e-320")
        #expect(run("1 ee ± 3 2 0 =").description == "1e-320 =")
        #expect(run("1 ee ± 3 0 0 ÷ 1 ee 2 0 =").display == "1e-320")
    }

    @Test func underflowIsRefusedWhenTypedAndNamedWhenComputed() {
        let typed = run("1 ee ± 3 2 4")
        #expect(typed.display == "1e-32" && typed.said == .refusal(.exponentTooSmall))
        #expect(run("1 ee 3 2 4").said == .refusal(.exponentTooLarge))
        #expect(run("0 ee ± 4 0 0 =").display == "0")
        for keys in ["1 ee ± 2 0 0 × 1 ee ± 2 0 0 =", "1 0 0 0 ± eˣ", "0 . 5 xʸ 2 0 0 0 =", "1 ee ± 3 0 0 ÷ 1 ee 3 0 0 ="] {
            #expect(run(keys).said == .error(.underflow), "\(keys)")
        }
        #expect(run("1 ee ± 3 0 0 x² x²").said == .error(.underflow))
        // Exact zeros are no underflow.
        for keys in ["0 × 5 =", "5 − 5 =", "deg 1 8 0 sin", "1 ln", "0 xʸ 2 ="] {
            #expect(run(keys).said == nil && run(keys).display == "0", "\(keys)")
        }
    }

    @Test func everyRefusedKeySaysWhy() {
        #expect(run("1 ee 4 0 0").said == .refusal(.exponentTooLarge))
        #expect(run("1 ee 4 0 0").display == "1e40")
        #expect(run("1 . 2 .").said == .refusal(.secondPoint))
        #expect(run("1 ee 2 .").said == .refusal(.pointInExponent))
        #expect(run("1 ee 2 ee").said == .refusal(.secondExponent))
        #expect(run("0 ±").said == .refusal(.zeroHasNoSign))
        #expect(run("graph").said == .refusal(.nothingToGraph))
        var pending = run("M +")
        #expect(pending.press(.graph) == nil)
        #expect(pending.said == .refusal(.finishBeforeGraphing))
        // The message lasts until the next key.
        #expect(run("1 . 2 . 3").said == nil && run("1 . 2 . 3").display == "1.23")
    }

    @Test func theDescriptionLineIsAtMostItsBoundWithItsEnding() {
        #expect(DescriptionText.lineLimit == 160 && DescriptionText.limit == 158)
        var c = run("M")
        for _ in 0..<200 { c.press(.binary(.add)); c.press(.memory) }
        #expect(c.description.count == DescriptionText.lineLimit && c.description.hasSuffix(" …"))
        c.press(.equals)
        #expect(c.description.count == DescriptionText.lineLimit && c.description.hasSuffix(" ="))
        #expect(c.history.entries.first?.description.count == DescriptionText.lineLimit)
    }
}
