import Calculator
import CalculatorBrain
import Testing

/// The faults found by trying the calculator as a hostile kiosk visitor, each fenced.
@Suite struct KioskProofTests {
    // MARK: ⌫ keeps undoing once the typed digits are gone

    @Test func backspaceTurnsIntoUndoWhenTheTypedNumberIsGone() {
        #expect(run("M sin + 3 ⌫ ⌫").description == "sin(M) =")
        var c = run("5 + 3 = 7")
        c.press(.undo)
        #expect(c.display == "8" && c.description == "5 + 3 =")
        c.press(.undo)
        #expect(c.description == "5 + 3 …")
        c.press(.undo)
        #expect(c.description == "5 + …")
    }

    // MARK: Descriptions read as they compute

    @Test(arguments: [
        ("2 xʸ 3 = xʸ 2 =", "(2^3)^2 =", "64"),
        ("2 xʸ 3 x² =", "2^3² =", "512"),
        ("2 x² x³", "(2²)³ =", "64"),
        ("3 →M M ± x²", "(-(M))² =", "9"),
        ("3 →M M ± xʸ 2 =", "(-(M))^2 =", "9"),
        ("8 − 2 ± =", "8 − (-2) =", "10"),
        ("8 × 2 ± =", "8 × (-2) =", "-16"),
        ("2 ± x²", "(-2)² =", "4"),
        ("2 eˣ x²", "(e^(2))² =", "54.598150033"),
        ("2 xʸ 2 eˣ =", "2^(e^(2)) =", "167.62065193"),
        ("1 − 2 = − =", "1 − 2 − (1 − 2) =", "0"),
    ])
    func descriptionsReadAsTheyCompute(_ keys: String, _ description: String, _ display: String) {
        let c = run(keys)
        #expect(c.description == description)
        #expect(c.display == display)
    }

    // MARK: Smaller faults

    @Test func storeWhileAnErrorShowsLeavesMAsItWas() {
        let unset = run("5 ÷ 0 = →M")
        #expect(unset.memoryReadout == nil)
        #expect(unset.said != nil)
        let kept = run("3 →M 5 ÷ 0 = →M")
        #expect(kept.memoryReadout == "3")
    }

    @Test func zeroHasNoSign() {
        #expect(run("0 ±").display == "0")
        #expect(run("0 ± 5").display == "5")
        #expect(run("5 ±").display == "-5")
    }

    @Test func minusFirstMeansANegativeNumber() {
        let c = run("− 5 =")
        #expect(c.display == "-5" && c.description == "-5 =")
        #expect(run("− 5 + 8 =").display == "3")
        #expect(run("− . 5 =").display == "-0.5")
        #expect(run("3 →M − M =").display == "-3")
        #expect(run("− π =").display == "-3.1415926536" && run("− π =").description == "-(π) =")
        #expect(run("7 = C − ans =").display == "-7")
        #expect(run("− ⌫").display == "0")
        #expect(run("− ⌫").brain.program.isEmpty)
        #expect(run("− −").typing == nil)
        // After a result, − subtracts from it.
        #expect(run("7 = − 2 =").display == "5")
    }

    @Test func aSecondOperatorReplacesTheFirst() {
        #expect(run("5 × − 3 =").display == "2")
        #expect(run("5 × − 3 =").description == "5 − 3 =")
    }

    /// A computed subnormal shows its true digits (2⁻¹⁰⁷⁴ is 4.9406564584…e-324); a typed one the decimal typed,
    /// which is what a visitor would type for it. The Double's own format keeps its shortest digits.
    @Test func theSmallestSubnormalShowsTheDigitsThatIdentifyIt() {
        #expect(run("2 xʸ 1074 ± =").display == "4.94066e-324")
        #expect(run("5 ee ± 3 2 4 =").display == "5e-324")
        #expect(CalculatorNumberFormat.string(Double.leastNormalMagnitude) == "2.22507e-308")
        #expect(CalculatorNumberFormat.string(-Double.leastNonzeroMagnitude * 3) == "-1.5e-323")
        #expect(CalculatorNumberFormat.string(Double.greatestFiniteMagnitude) == "1.79769e+308")
    }

    @Test func typingPastFifteenDigitsSaysSo() {
        let fifteen = String(repeating: "1 ", count: 15)
        #expect(run(fifteen).said == nil)
        let c = run(fifteen + "2")
        #expect(c.display == String(repeating: "1", count: 15))
        #expect(c.said == .refusal(.tooManyDigits(limit: 15)))
        #expect(run(fifteen + "2 ⌫").said == nil)
    }

    // MARK: Bounded cost

    @Test func repeatingAnOperandDoesNotDoubleTheWork() throws {
        // "1 + + + …": the second + replaces the first.
        var plus = CalculatorController()
        plus.press(.digit(1))
        for _ in 0..<10_000 { plus.press(.binary(.add)) }
        #expect(plus.description == "1 + …")
        // "1 + = + = …" doubles the value each time; the description stays bounded and says so.
        var doubling = CalculatorController()
        doubling.press(.digit(1))
        for _ in 0..<60 { doubling.press(.binary(.add)); doubling.press(.equals) }
        #expect(doubling.display == CalculatorNumberFormat.string(0x1p60))
        #expect(doubling.description.count <= DescriptionText.limit + 2)
        #expect(doubling.description.contains(DescriptionText.ellipsis))
        #expect(doubling.description.hasPrefix("1 + 1 + (1 + 1)") && doubling.description.hasSuffix(") =" ))
        let pressed = doubling.press(.graph)
        let request = try #require(pressed)
        #expect(request.expression.nodes.count == 61)
        #expect(request.expression.value(using: [:]) == 0x1p60)
        #expect(CompiledProgram(request.expression, variable: "M").value(at: 0) == 0x1p60)
        #expect(request.description.count <= DescriptionText.limit)
    }

    @Test func aFullProgramRefusesMoreStepsAndEqualsStillFinishesIt() {
        var c = CalculatorController()
        c.press(.memory)
        for i in 0..<CalculatorController.maximumProgramLength + 5 {
            c.press(i % 2 == 0 ? .binary(.add) : .memory)
        }
        c.press(.memory)
        #expect(c.brain.program.count == CalculatorController.maximumProgramLength)
        #expect(c.said == .refusal(.tooManySteps(limit: CalculatorController.maximumProgramLength)))
        c.press(.undo)
        #expect(c.brain.program.count == CalculatorController.maximumProgramLength - 1)
        #expect(c.said == nil)
        // What the keys made is what the state accepts.
        #expect(throws: Never.self) { try CalculatorController(restoring: c.state) }
        c.press(.equals)
        #expect(c.brain.program.count == CalculatorController.maximumProgramLength && c.said == nil)
        // A new number after the result starts a new program: nothing stays refused.
        for key in [CalculatorKey.digit(7), .binary(.multiply), .digit(6), .equals] { c.press(key) }
        #expect(c.display == "42" && c.said == nil)
    }
}
