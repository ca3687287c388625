import Calculator
import CalculatorBrain
import Testing

/// The parameter A (issue 34): a second variable with its own keys, 1 until →A, kept through C, and fixed at
/// its value when the graph key freezes a curve that reads it.
@Suite struct ParameterTests {
    private func pressing(_ tokens: String, into c: inout CalculatorController) {
        for token in tokens.split(separator: " ") { c.press(CalculatorKey(token: String(token))!) }
    }

    private func controller(_ tokens: String) -> CalculatorController {
        var c = CalculatorController()
        pressing(tokens, into: &c)
        return c
    }

    @Test func theKeysAndTheirSpellings() {
        #expect(CalculatorKey(token: "A") == .parameter && CalculatorKey(token: "a") == .parameter)
        #expect(CalculatorKey(token: "→A") == .storeParameter && CalculatorKey(token: ">a") == .storeParameter)
        #expect(CalculatorKey.all.contains(.parameter) && CalculatorKey.all.contains(.storeParameter))
    }

    @Test func aIsOneUntilStoredAndExactlyWhatWasShown() {
        #expect(controller("A").display == "1")
        #expect(controller("").parameterReadout == "1" && controller("").memoryReadout == nil)
        let third = controller("1 ÷ 3 = →A A × 3 =")
        #expect(third.display == "1" && third.readouts.exact == "1", "A is 1/3 exactly, not its Double")
        #expect(third.parameterReadout == "0.3333333333")
        #expect(controller("2 →A 5 →M M × A =").display == "10", "M and A are two variables")
        #expect(controller("2 →A − A").display == "-2")
    }

    @Test func cDropsMAndKeepsA() {
        let c = controller("4 →A 5 →M C")
        #expect(c.memoryReadout == nil && c.parameterReadout == "4")
        #expect(controller("4 →A 5 →M C A + 1 =").display == "5")
    }

    @Test func aCurveIsDrawnWithAAsItWasWhenGraphed() throws {
        var c = controller("2 →A")
        pressing("M sin × A =", into: &c)
        let pressed = c.press(.graph)
        let request = try #require(pressed)
        #expect(request.description == "sin(M) × A" && request.usesParameter && request.parameter == 2)
        let drawn = CompiledProgram(request.plotted, variable: "M")
        #expect(drawn.value(at: 1) == 2 * UnaryFunction.sine.apply(1))
        #expect(request.withParameter(3) != request && CompiledProgram(request.withParameter(3).plotted, variable: "M").value(at: 1) == 3 * UnaryFunction.sine.apply(1))
        var sine = controller("M sin")
        let graphed = sine.press(.graph)
        let plain = try #require(graphed)
        #expect(!plain.usesParameter && plain.plotted == plain.expression)
    }

    @Test func setParameterTakesWhatTheKeysType() {
        var c = CalculatorController()
        #expect(c.setParameter(typed: "0.5") && c.exactVariables["A"]?.double == 0.5)
        #expect(!c.setParameter(typed: "x") && c.parameterReadout == "0.5")
    }

    @Test func theStateKeepsAAndItsProof() throws {
        let fresh = CalculatorController().state
        #expect(fresh.parameter == nil && fresh.exactParameter == nil, "A at 1 writes nothing: the file is as before A")
        let stored = controller("1 ÷ 3 = →A 7 →M").state
        #expect(stored.memory == ["M": 7] && stored.exactParameter != nil)
        var again = try CalculatorController(restoring: stored)
        #expect(again.parameterReadout == "0.3333333333")
        pressing("A × 3 =", into: &again)
        #expect(again.display == "1")
        let proved = controller("2 ln →A").state
        #expect(proved.provedParameter != nil && proved.exactParameter == nil)
        #expect(try CalculatorController(restoring: proved).parameterReadout == controller("2 ln →A").parameterReadout)
        // An older state has no A: it loads with A = 1.
        #expect(try CalculatorController(restoring: .init(memory: ["M": 3])).parameterReadout == "1")
        for bad in [CalculatorController.State(parameter: .infinity), .init(exactParameter: .one),
                    .init(parameter: 2, exactParameter: .one), .init(parameter: 2, provedParameter: "1 2 3")] {
            #expect(throws: CalculatorController.StateError.self) { try CalculatorController(restoring: bad) }
        }
    }

    @Test func theSecondPageHasAUnderMInBothLayouts() throws {
        for layout in [KeypadLayout.tall, .wide] {
            let m = try #require(layout.keys.firstIndex(of: .memory))
            let store = try #require(layout.keys.firstIndex(of: .storeMemory))
            #expect(layout.secondKeys[m] == .parameter && layout.secondKeys[store] == .storeParameter)
        }
    }
}
