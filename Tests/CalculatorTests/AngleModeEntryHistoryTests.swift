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
        #expect(run("30 sin").display == "-0.9880316241")
        #expect(CalculatorController().angleMode == .radians)
        #expect(CalculatorController().angleMode == .radians)
        #expect(run("deg").readouts.angleMode == .degrees)
    }

    @Test func togglingChangesTheKeysToComeNotTheAnswersGiven() {
        var c = run("3 0 sin")
        c.press(.toggleAngleMode)
        #expect(c.display == "-0.9880316241")
        #expect(c.description == "sin(30) =")
        #expect(c.angleMode == .degrees)
        c.press(.toggleAngleMode)
        #expect(c.angleMode == .radians)
        #expect(run("deg deg").angleMode == .degrees)
        #expect(run("deg rad").angleMode == .radians)
        #expect(run("drg drg").angleMode == .radians)
    }

    /// The issue's two examples: sin 30° stays 0.5 once shown, whatever the mode of the keys after it.
    @Test func eachTrigKeyKeepsTheModeItWasPressedIn() {
        let a = run("deg 30 sin = drg + 1 =")
        #expect(a.display == "1.5" && a.description == "sin(30°) + 1 =")
        let b = run("deg 30 sin + rad 30 sin =")
        #expect(b.display == "-0.4880316241" && b.description == "sin(30°) + sin(30) =")
        #expect(run("deg 1 sin⁻¹ rad + 1 =").display == "91")
        #expect(run("deg 1 sin⁻¹").description == "sin⁻¹(1)° =")
        // ⌫ and →M re-read the program in the modes its keys were pressed in.
        var c = run("deg M sin drg + M sin =")
        c.press(.digit(3)); c.press(.digit(0)); c.press(.storeMemory)
        #expect(c.display == "-0.4880316241")
        c.press(.undo)
        #expect(c.description == "sin(M°) + sin(M) …" && c.display == "-0.9880316241")
    }

    @Test func theGraphFollowsTheModeAndItsTitleSaysSo() {
        var c = run("deg M sin")
        let degrees = c.press(.graph)
        #expect(degrees?.expression == .unary(.sineDegrees, .variable("M")))
        #expect(degrees?.description == "sin(M°)")
        var r = run("M sin")
        let radians = r.press(.graph)
        #expect(radians?.expression == .unary(.sine, .variable("M")))
        #expect(radians?.description == "sin(M)")
        #expect(degrees != radians)
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
        let state = try CalculatorController.State(upgrading: CalculatorBrain(program: [.operand(30), .operation("sin")]), memory: nil,
                                                    typing: "4", angleMode: nil, history: nil)
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
        #expect(run("2 ee 3 0 0 0").said == .refusal(.tooManyExponentDigits(limit: 3)))
        #expect(run("2 ee 3 0 9").display == "2e30")
        #expect(run("2 ee 3 0 9").said == .refusal(.exponentTooLarge))
        #expect(run("2 ee 9 9 ⌫ ⌫ ⌫ ⌫").display == "0")
        #expect(run("5 ee ± ⌫").display == "5e")
        #expect(run("5 ee + 1 =").display == "6")
        #expect(run("1 ee ± 3 0 0 ± ±").display == "1e-300")
        // Flipping 9e-308 to 9e308 would overflow: refused.
        #expect(run("9 ee ± 3 0 8 ±").display == "9e-308")
        #expect(run("9 ee ± 3 0 8 ±").said == .refusal(.exponentTooLarge))
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
        #expect(c.said == .refusal(.noSuchHistoryEntry))
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
