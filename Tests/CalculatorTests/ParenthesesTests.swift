import Calculator
import CalculatorBrain
import Testing

/// "(" and ")" inside immediate execution: a group is computed on its own, as on a TI-30, and its value is
/// the operand of what waits outside it (issue 33).
@Suite struct ParenthesesTests {
    @Test(arguments: [
        ("3 →M ( M + 1 ) ÷ ( M − 1 ) =", "2", "(M + 1) ÷ (M − 1) ="),
        ("2 × ( 1 + 2 × 3 ) =", "18", "2 × ((1 + 2) × 3) ="),
        ("1 + 2 × 3 =", "9", "(1 + 2) × 3 ="),
        ("1 − ( 2 − 3 ) =", "2", "1 − (2 − 3) ="),
        ("1 + ( 2 × 3 ) =", "7", "1 + 2 × 3 ="),
        ("2 xʸ ( 1 + 1 ) =", "4", "2^(1 + 1) ="),
        ("( 1 + 2 ) x²", "9", "(1 + 2)² ="),
        ("2 × ( ( 1 + 2 ) × ( 3 − 1 ) ) =", "12", "2 × ((1 + 2) × (3 − 1)) ="),
        ("2 ± × ( 3 ± ) =", "6", "-2 × (-3) ="),
        ("( 5 ) =", "5", "5 ="),
        // "=" closes every open group, innermost first.
        ("2 × ( 3 + ( 4 =", "14", "2 × (3 + 4) ="),
        // Inside a group "7 + =" repeats 7, as it does outside.
        ("( 7 + ) =", "14", "7 + 7 ="),
    ])
    func groupsComputeAsTyped(keys: String, display: String, description: String) {
        let controller = run(keys)
        #expect(controller.display == display, "\(keys)")
        #expect(controller.description == description, "\(keys)")
        #expect(controller.error == nil && controller.refusal == nil, "\(keys)")
    }

    @Test func whileAGroupIsOpenTheDescriptionWaitsAndTheDisplayStartsAgain() {
        let open = run("2 × ( 1 + 2")
        #expect(open.description == "2 × (1 + …")
        #expect(open.readouts.openGroups == 1)
        #expect(run("2 × ( ( 1 +").readouts.openGroups == 2)
        #expect(run("2 × (").display == "0")
        #expect(run("2 × ( 1 + 2 )").readouts.openGroups == 0)
        // "−" first inside a group starts a negative number, as it does at the start.
        #expect(run("2 × ( − 3 ) =").display == "-6")
    }

    @Test func keysThatCannotBeUsedAreRefusedAndChangeNothing() {
        #expect(run(")").refusal == .noOpenGroup)
        #expect(run("5 )").refusal == .noOpenGroup && run("5 )").display == "5")
        // After a number nothing joins it to the group: no implicit product.
        let afterNumber = run("2 × 3 (")
        #expect(afterNumber.refusal == .operationBeforeGroup && afterNumber.display == "3")
        #expect(run("2 × ( 3 ) (").refusal == .operationBeforeGroup)
        #expect(run("( )").refusal == .numberFirst)
        // "=" in a group just opened changes nothing: it would leave no operand at all (the state fuzzer's seed
        // 20261207 found "( = 7 × 6 =" loading as one program).
        let opened = run("2 × ( =")
        #expect(opened.brain.program.count == 3 && opened.readouts.openGroups == 1)
        #expect(run("( 1 + 2 graph").refusal == .closeGroupsBeforeGraphing)
        var deep = CalculatorController()
        for _ in 0..<CalculatorController.maximumGroupDepth { deep.press(.openGroup) }
        #expect(deep.refusal == nil && deep.readouts.openGroups == 32)
        deep.press(.openGroup)
        #expect(deep.refusal == .tooManyGroups(limit: 32) && deep.readouts.openGroups == 32)
        deep.press(.digit(4))
        deep.press(.equals)
        #expect(deep.display == "4" && deep.readouts.openGroups == 0)
    }

    @Test func afterAFinishedResultAGroupStartsANewProgram() {
        let again = run("1 + 2 = ( 4 − 1 ) =")
        #expect(again.display == "3" && again.description == "4 − 1 =")
        // ⌫ steps back into the earlier program.
        var back = again
        for _ in 0..<5 { back.press(.undo) } // "=" after ")" changed nothing: five steps
        #expect(back.description == "1 + 2 =")
    }

    @Test func undoTakesBackAParenthesisAsAnyStep() {
        var c = run("2 × ( 1 + 3 )")
        c.press(.undo)
        #expect(c.readouts.openGroups == 1 && c.description == "2 × (1 + 3 …")
        c.press(.undo)
        c.press(.undo)
        c.press(.undo)
        #expect(c.readouts.openGroups == 1 && c.description == "2 × ( …")
        c.press(.undo)
        #expect(c.readouts.openGroups == 0 && c.description == "2 × …")
    }

    @Test func memoryAndExactValuesGoThroughGroups() {
        var c = run("( 1 ÷ 3 ) →M")
        #expect(c.exactVariables["M"] != nil)
        for key in [CalculatorKey.openGroup, .memory, .binary(.multiply), .digit(3), .closeGroup, .equals] { c.press(key) }
        #expect(c.display == "1" && c.readouts.exact == "1")
        // M changed later: the group's value follows it.
        c = run("2 →M ( M + 1 ) ÷ ( M − 1 ) =")
        #expect(c.display == "3")
        c.press(.digit(3))
        c.press(.storeMemory)
        #expect(c.display == "2")
    }

    @Test func theGraphKeyFreezesAGroupedProgram() throws {
        var c = run("( M + 1 ) ÷ ( M − 1 ) =")
        let pressed = c.press(.graph)
        let request = try #require(pressed)
        #expect(request.description == "(M + 1) ÷ (M − 1)")
        #expect(request.expression.value(using: ["M": 3]) == 2)
        #expect(request.expression.value(using: ["M": -1]) == 0)
        // The saved program is what the keys record, and reads back as itself.
        let again = try GraphRequest(validating: request.program, variable: "M")
        #expect(again == request)
    }
}
