import Calculator
import Testing

@Suite struct CalculatorKeyTests {
    @Test func everyLabelAndAliasNamesAKey() {
        for key in CalculatorKey.all { #expect(CalculatorKey(token: key.label) == key) }
        #expect(CalculatorKey(token: "*") == .binary(.multiply))
        #expect(CalculatorKey(token: "sto") == .storeMemory)
        #expect(CalculatorKey(token: "bogus") == nil)
    }

    @Test func theScreensOwnKeysHaveNoTokenAndCalculateNothing() {
        for key in CalculatorKey.screenOnly {
            #expect(CalculatorKey(token: key.label) == nil, "\(key.label) is the screen's, not calx keys'")
            var controller = CalculatorController()
            controller.press(.digit(7))
            controller.press(.binary(.add))
            let before = controller.state
            #expect(controller.press(key) == nil)
            #expect(controller.state == before)
        }
    }

    @Test func everyKeypadKeyIsOnOnePageOrTheOtherOfBothLayouts() {
        for layout in [KeypadLayout.tall, .wide] {
            let keys = Set(layout.keys).union(layout.secondKeys)
            #expect(keys == Set(CalculatorKey.all + CalculatorKey.screenOnly))
            #expect(layout.keys.count == layout.columns * layout.rows && layout.secondKeys.count == layout.keys.count)
        }
    }
}
