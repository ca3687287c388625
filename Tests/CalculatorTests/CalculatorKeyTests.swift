import Calculator
import Testing

@Suite struct CalculatorKeyTests {
    @Test func everyLabelAndAliasNamesAKey() {
        for key in CalculatorKey.all { #expect(CalculatorKey(token: key.label) == key) }
        #expect(CalculatorKey(token: "*") == .binary(.multiply))
        #expect(CalculatorKey(token: "sto") == .storeMemory)
        #expect(CalculatorKey(token: "bogus") == nil)
    }
}
