import Calculator
import CalculatorBrain
import SeededRandom
import Testing

/// The screen writes a locale's decimal separator by swapping every "." of the controller's texts
/// (`CalxLocale.numbers`): so "." in them is a decimal point and nothing else. Descriptions, the display, M
/// and the history of random sessions hold "." only after a digit.
@Suite struct DecimalPointTests {
    @Test func aPointIsOnlyEverADecimalPoint() {
        var rng = SplitMix64(state: 26)
        let keys = CalculatorKey.all + CalculatorKey.offKeypad
        for _ in 0..<400 {
            var controller = CalculatorController()
            for _ in 0..<Int(rng.next() % 60) {
                controller.press(keys[Int(rng.next() % UInt64(keys.count))])
                let r = controller.readouts
                let texts = [r.display, r.description, r.memoryReadout ?? ""] + controller.history.entries.map(\.description)
                for text in texts { #expect(Self.pointsFollowDigits(text), "\(text)") }
            }
        }
    }

    static func pointsFollowDigits(_ text: String) -> Bool {
        var previous: Character?
        for character in text {
            if character == ".", !(previous?.isASCII == true && previous?.isNumber == true) { return false }
            previous = character
        }
        return true
    }

    @Test func theCheckCatchesAPointThatIsNoDecimalPoint() {
        #expect(Self.pointsFollowDigits("1.5 + 0.25 ="))
        #expect(!Self.pointsFollowDigits("f.g(M)"))
        #expect(!Self.pointsFollowDigits(". 5"))
    }
}
