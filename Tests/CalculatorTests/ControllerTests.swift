import Calculator
import CalculatorBrain
import Testing

@Suite struct ControllerTests {
    @Test func launchStateIsBlankDescriptionAndZero() {
        let c = CalculatorController()
        #expect(c.display == "0")
        #expect(c.description == "")
        #expect(c.memoryReadout == nil)
        #expect(c.said == nil)
        #expect(!c.isGraphEnabled)
    }

    @Test func decimalEntryIsLegal() {
        #expect(run(". 5").display == "0.5")
        #expect(run("1 . 2 . 3").display == "1.23")
        #expect(run("0 0 7").display == "7")
        #expect(run("0 . 0 1").display == "0.01")
    }

    @Test func backspaceNeverLeavesTheDisplayBlank() {
        #expect(run("3 ⌫").display == "0")
        #expect(run("3 4 ⌫").display == "3")
        #expect(run("3 ± ⌫").display == "0")
        #expect(run("3 4 ± ⌫").display == "-3")
    }

    @Test func undoWithoutTypingRemovesTheLastStepIncludingAVariable() {
        let c = run("7 + M ⌫")
        #expect(c.description == "7 + …")
        #expect(c.brain.program == [.typed(7), .operation("+")])
    }

    @Test func undoNeverUndoesStoringM() {
        let c = run("M 5 →M ⌫") // the undo takes the variable operand back, not the store
        #expect(c.memoryReadout == "5")
        #expect(c.brain.program.isEmpty)
        #expect(run("M 5 →M").display == "5")
    }

    @Test func clearDropsTheDictionaryInsteadOfZeroingIt() {
        var c = run("M 5 →M")
        c.press(.clear)
        #expect(c.memoryReadout == nil)
        #expect(c == CalculatorController())
    }

    @Test func storeDoesNotSetAnOperand() {
        let c = run("M + 1 = 4 →M")
        #expect(c.brain.program.count == 4)
        #expect(c.display == "5")
    }

    @Test func graphKeyIsEnabledOnlyWhenNothingIsPending() {
        #expect(run("M sin").isGraphEnabled)
        #expect(!run("M sin +").isGraphEnabled)
        var c = run("M sin +")
        #expect(c.press(.graph) == nil)
    }

    @Test func graphFreezesTheProgramWithItsDescription() {
        var c = run("M sin")
        let request = c.press(.graph)
        #expect(request?.description == "sin(M)")
        #expect(request?.variable == "M")
        #expect(request?.expression == .unary(.sine, .variable("M")))
        c.press(.clear)
        #expect(request?.description == "sin(M)")
    }

    @Test func errorsNameTheProblem() {
        #expect(run("1 ÷ 0 =").said == .error(.divisionByZero))
        #expect(run("0 ln").said == .error(.logarithmOfNonPositive))
        #expect(run("0 x⁻¹").said == .error(.reciprocalOfZero))
        #expect(run("2 sin⁻¹").said == .error(.arcSineOutOfDomain))
        #expect(run("2 cos⁻¹").said == .error(.arcCosineOutOfDomain))
        #expect(run("1 0 0 0 eˣ").said == .error(.overflow))
        #expect(run("4 √").said == nil)
    }

    @Test func randStaysTheSameAcrossReevaluation() {
        let c = run("rand")
        let first = c.display
        #expect(c.display == first)
        guard case .random(let value) = c.brain.program.first else { Issue.record("no Rand step"); return }
        #expect((0..<1).contains(value))
        #expect(run("rand").brain.program.count == 1)
    }

    @Test func stateRoundTripsAndRefusesNonsense() throws {
        let c = run("9 + M = √ 7 →M 3 .")
        let restored = try CalculatorController(restoring: c.state)
        #expect(restored == c)
        var bad = c.state
        bad.typing = "abc"
        #expect(throws: CalculatorController.StateError.self) { try CalculatorController(restoring: bad) }
    }
}
