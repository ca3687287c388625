import Calculator
import CalculatorBrain
import Foundation
import Testing

/// Degrees, scientific entry and the history, through the controller's keys.
@Suite struct AngleModeTests {
    @Test func degreesAreExactAndRadiansStayTheDefault() {
        #expect(run("deg 30 sin").display == "0.5")
        #expect(run("deg 1 sin⁻¹").display == "90")
        #expect(run("deg 6 0 cos").display == "0.5")
        #expect(run("deg 4 0 5 tan").display == "1")
        #expect(run("30 sin").display == CalculatorNumberFormat.string(sin(30.0)))
        #expect(CalculatorController().angleMode == .radians)
        #expect(CalculatorController().angleReadout == nil)
        #expect(run("deg").angleReadout == "DEG")
    }

    @Test func togglingReReadsTheProgram() {
        var c = run("3 0 sin")
        c.press(.toggleAngleMode)
        #expect(c.display == "0.5")
        #expect(c.description == "sin(30) =")
        c.press(.toggleAngleMode)
        #expect(c.angleMode == .radians)
        #expect(c.display != "0.5")
        #expect(run("deg deg").angleMode == .degrees)
        #expect(run("deg rad").angleMode == .radians)
        #expect(run("drg drg").angleMode == .radians)
    }

    @Test func theGraphFollowsTheMode() {
        var c = run("deg M sin")
        #expect(c.press(.graph)?.expression == .unary(.sineDegrees, .variable("M")))
        var r = run("M sin")
        #expect(r.press(.graph)?.expression == .unary(.sine, .variable("M")))
    }

    @Test func clearKeepsTheModeAndTheStateSavesIt() throws {
        var c = run("deg 3 0 sin")
        c.press(.clear)
        #expect(c.angleMode == .degrees)
        let restored = try CalculatorController(restoring: run("deg 3 0 sin").state)
        #expect(restored.display == "0.5")
        #expect(restored == run("deg 3 0 sin"))
    }

    @Test func aStateSavedBeforeDegreesReadsAsRadians() throws {
        let old = #"{"program":[30,"sin"],"typing":"4"}"#
        let state = try JSONDecoder().decode(CalculatorController.State.self, from: Data(old.utf8))
        let c = try CalculatorController(restoring: state)
        #expect(c.angleMode == .radians)
        #expect(c.history.entries.isEmpty)
        #expect(c.display == "4")
    }
}

@Suite struct ExponentEntryTests {
    @Test func theIssuesExamples() {
        #expect(run("6.02 ee 23 =").display == "6.02e+23")
        #expect(run("6.02 ee ± 23 =").display == "6.02e-23")
        #expect(run("6.02 ee 23 ± =").display == "6.02e-23")
        #expect(run("6.02 ee 2").display == "6.02e2")
    }

    @Test func editsStayWithinWhatTheKeysAllow() {
        #expect(run("ee 3 =").display == "1000")
        #expect(run("- ee 3 =").display == "-1000")
        #expect(run("2 ee ee 3 =").display == "2000")
        #expect(run("2 ee 3 . 5 =").display == "2e+35")
        #expect(run("2 ee 3 0 0 0").display == "2e300")
        #expect(run("2 ee 3 0 0 0").errorMessage == "At most 3 exponent digits")
        #expect(run("2 ee 3 0 9").display == "2e30")
        #expect(run("2 ee 3 0 9").errorMessage == "Exponent too large")
        #expect(run("2 ee 9 9 ⌫ ⌫ ⌫ ⌫").display == "0")
        #expect(run("5 ee ± ⌫").display == "5e")
        #expect(run("5 ee + 1 =").display == "6")
        #expect(run("1 ee ± 3 0 0 ± ±").display == "1e-300")
        // Flipping 9e-308 to 9e308 would overflow: refused.
        #expect(run("9 ee ± 3 0 8 ±").display == "9e-308")
        #expect(run("9 ee ± 3 0 8 ±").errorMessage == "Exponent too large")
    }

    @Test func aTypedExponentSavesAndRestores() throws {
        for keys in ["6.02 ee", "6.02 ee ±", "6.02 ee ± 2 3", "- ee 5"] {
            let c = run(keys)
            #expect(try CalculatorController(restoring: c.state) == c, "\(keys)")
        }
        var bad = run("1").state
        for typing in ["1e999", "0x10", "1e1e1", "nan", "1e12345"] {
            bad.typing = typing
            #expect(throws: CalculatorController.StateError.self, "\(typing)") { try CalculatorController(restoring: bad) }
        }
    }
}

@Suite struct HistoryTests {
    @Test func equalsRecordsResultsNewestFirst() {
        let c = run("7 + 9 = √ = 2 × 3 =")
        #expect(c.history.entries.map(\.description) == ["2 × 3 =", "√(7 + 9) =", "7 + 9 ="])
        #expect(c.history.entries.map(\.value) == [6, 4, 16])
        #expect(run("7 + 9 = = =").history.entries.count == 1)
        #expect(run("1 ÷ 0 =").history.entries.isEmpty)
        #expect(run("7 +").history.entries.isEmpty)
    }

    @Test func theHistoryIsBounded() {
        let c = run(Array(repeating: "1 + 1 = +", count: 50).joined(separator: " "))
        #expect(c.history.entries.count == CalculatorHistory.capacity)
        #expect(CalculatorHistory.capacity >= 20)
    }

    @Test func anEntryIsAnOperandAndMStaysTheVariable() {
        var c = run("7 + 9 = 2 × 3 = M +")
        c.press(.history(1))
        c.press(.equals)
        #expect(c.description == "M + 16 =")
        #expect(c.display == "16")
        c.press(.history(7))
        #expect(c.errorMessage == "No such history entry")
        #expect(run("7 + 9 = ans × 2 =").display == "32")
        #expect(run("7 + 9 = C − ans =").display == "-16")
    }

    @Test func clearKeepsTheHistoryAndTheStateSavesIt() throws {
        var c = run("7 + 9 =")
        c.press(.clear)
        #expect(c.history.entries.count == 1)
        let restored = try CalculatorController(restoring: c.state)
        #expect(restored.history == c.history)
        var bad = c.state
        bad.history = try CalculatorHistory(validating: Array(repeating: .init(description: "1 =", value: 1), count: 20))
        #expect(throws: Never.self) { try CalculatorController(restoring: bad) }
        #expect(throws: CalculatorController.StateError.self) {
            try CalculatorHistory(validating: Array(repeating: .init(description: "1 =", value: 1), count: 21))
        }
        #expect(throws: CalculatorController.StateError.self) {
            try CalculatorHistory(validating: [.init(description: "1 =", value: .infinity)])
        }
    }
}
