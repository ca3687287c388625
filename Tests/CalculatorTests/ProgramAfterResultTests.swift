import Calculator
import CalculatorBrain
import Testing

/// A new operand after a finished result starts a new program; the step bound counts that program only;
/// ⌫ steps back into the earlier programs, of which a bounded number are kept; keys that change nothing
/// record nothing.
@Suite struct ProgramAfterResultTests {
    /// The example: a day of sums never locks the calculator.
    @Test func sixThousandSumsThenSevenTimesSix() {
        let c = run(Array(repeating: "1 + 1 =", count: 6_000).joined(separator: " ") + " 7 × 6 =")
        #expect(c.display == "42" && c.said == nil && c.description == "7 × 6 =")
        #expect(c.brain.program == [.typed(7), .operation("×"), .typed(6), .operation("=")])
    }

    @Test func everyOperandAfterAResultStartsANewProgram() {
        for (keys, program) in [("7 + 9 = 6", [ProgramStep.typed(6)]), ("7 + 9 = π", [.operation("π")]),
                                ("7 + 9 = M", [.variable("M")]), ("7 + 9 = ans", [.typed(16)]),
                                ("7 + 9 = √ 6 + 3 =", [.typed(6), .operation("+"), .typed(3), .operation("=")])] {
            var c = run(keys)
            c.press(.binary(.add)) // commits a typed number
            #expect(c.brain.program == program + [.operation("+")], "\(keys)")
            #expect(c.state.earlier.last?.program.first == .typed(7), "\(keys)")
        }
        // An operation after a result goes on with it.
        #expect(run("7 + 9 = + 6 =").brain.program.count == 7)
        #expect(run("7 + 9 = √").brain.program.count == 5)
    }

    @Test func undoStepsBackIntoEarlierResultsWithTheMOfNow() {
        var c = run("M cos π →M")
        c.press(.undo)
        #expect(c.description == "cos(M) =" && c.display == "-1")
        var d = run("2 + 3 = 4 × 5 = 6")
        for expected in ["20", "5", "4", "4", "5"] {
            d.press(.undo)
            #expect(d.display == expected)
        }
        #expect(d.description == "2 + 3 =")
        for _ in 0..<10 { d.press(.undo) }
        #expect(d.display == "0" && d.brain.program.isEmpty && d.said == nil)
    }

    @Test func whatUndoKeepsIsBounded() {
        var c = CalculatorController()
        for i in 0..<500 { for key in [CalculatorKey.digit(i % 9 + 1), .binary(.add), .digit(1), .equals] { c.press(key) } }
        #expect(c.state.earlier.count == 20)
        for _ in 0..<(21 * 4) { c.press(.undo) }
        #expect(c.brain.program.isEmpty && c.display == "0")
        // At most 10,000 steps among the earlier programs however long each is.
        var long = CalculatorController()
        for _ in 0..<3 {
            long.press(.memory)
            for _ in 0..<4_000 { long.press(.binary(.add)); long.press(.memory) }
            long.press(.equals)
        }
        long.press(.digit(1))
        long.press(.equals)
        #expect(long.state.earlier.count == 1 && long.state.earlier[0].program.count == 8_002)
        #expect(throws: Never.self) { try CalculatorController(restoring: long.state) }
    }

    @Test func keysThatChangeNothingRecordNothing() {
        #expect(run("sin sin M").brain.program == [.variable("M")])
        #expect(run("5 + + 3 =").brain.program == [.typed(5), .operation("+"), .typed(3), .operation("=")])
        #expect(run("5 = =").brain.program == [.typed(5)])
        #expect(run("× ÷ 5").brain.program.isEmpty)
        #expect(run("5 + sin").brain.program == [.typed(5), .operation("+")])
    }

    @Test func anOperationWithNothingToActOnSaysSo() {
        #expect(run("sin").said == .refusal(.numberFirst))
        #expect(run("×").said == .refusal(.numberFirst))
        #expect(run("5 + sin").said == .refusal(.numberFirst))
        #expect(run("5 + sin").display == "5")
        // = with nothing waiting, and + again, already are what they ask for: no message.
        #expect(run("5 = =").said == nil)
        #expect(run("5 + +").said == nil)
    }

    @Test func theStateKeepsTheEarlierProgramsAndLoadsOnlyWhatTheKeysMake() throws {
        let c = run("2 + 3 = M sin 4 →M")
        let restored = try CalculatorController(restoring: c.state)
        #expect(restored == c)
        var back = restored
        back.press(.undo)
        back.press(.undo)
        #expect(back.display == "5")
        var joined = c.state
        joined.program = CalculatorBrain(program: joined.earlier[0].program + joined.program.program)
        joined.earlier = []
        #expect(throws: CalculatorController.StateError.self) { try CalculatorController(restoring: joined) }
    }
}
