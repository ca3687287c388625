import Calculator
import CalculatorBrain
import Testing

/// →M keeps what the display proved, not only the Double near it: what is computed from M is true of the
/// number the keys denote (issue 32). The truths are mpmath's at 40 digits.
@Suite struct ProvedMemoryTests {
    /// M = tan(tan(628°)²°)², stored twice through a program that reads M: 31.93484270369198486959…, whose cube
    /// root is 3.17264583225019419…; M's Double, 31.934842703692052, has 3.17264583225019642… (the key session of
    /// LongSessionTests' seed 2026_12_22 that found it).
    private func session() -> CalculatorController {
        var c = CalculatorController()
        c.displayLength = CalculatorController.keysDisplayLength
        for token in "6 2 8 →M deg M tan x² →M →M".split(separator: " ") { c.press(CalculatorKey(token: String(token))!) }
        return c
    }

    @Test func whatIsComputedFromMIsTrueOfTheNumberShown() {
        var c = session()
        #expect(c.memoryReadout == "31.934842703692")
        c.press(.memory)
        c.press(.unary(.cubeRoot))
        #expect(c.display == "3.17264583225019", "the Double's cube root would show 3.1726458322502")
    }

    @Test func theProofOfMSurvivesARestart() throws {
        let saved = session().state
        let text = try #require(saved.provedMemory)
        #expect(text.split(separator: " ").count == 2)
        var again = try CalculatorController(restoring: saved)
        again.displayLength = CalculatorController.keysDisplayLength
        again.press(.memory)
        again.press(.unary(.cubeRoot))
        #expect(again.display == "3.17264583225019")
        for bad in ["", "1 2 3", "1e0", "x 1e0", "1e0 " + String(repeating: "9", count: 300) + "e0"] {
            var state = saved
            state.provedMemory = bad
            #expect(throws: CalculatorController.StateError.self) { try CalculatorController(restoring: state) }
        }
    }

    @Test func aTypedOrExactMNeedsNoBall() {
        var c = CalculatorController()
        for key: CalculatorKey in [.digit(1), .binary(.divide), .digit(3), .equals, .storeMemory] { c.press(key) }
        #expect(c.state.provedMemory == nil && c.state.exactMemory != nil)
        c.press(.digit(7))
        c.press(.storeMemory)
        #expect(c.state.provedMemory == nil && c.memoryReadout == "7")
    }

    @Test func aVerdictIsNoNumberToStore() {
        var c = CalculatorController()
        for token in "2 ∛ x³ − 2 = →M".split(separator: " ") { c.press(CalculatorKey(token: String(token))!) }
        #expect(c.error == .tooCloseToZero && c.refusal == .nothingToStore && c.memoryReadout == nil)
    }
}
