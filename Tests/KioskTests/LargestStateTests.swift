import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// Whatever the kiosk saves it can load again, even at every bound at once: six curves, each of the
/// longest program the keys allow, with long operands.
@Suite struct LargestStateTests {
    /// A power tower of `count` distinct operands as long as a Double's text gets, and x: as many nodes
    /// as the step limit allows, each as long as a node's text gets.
    func longestGraph(_ seed: Int, operands count: Int) -> GraphRequest {
        var builder = ExpressionBuilder()
        var root = builder.add(.variable("M"))
        for i in 0..<count {
            let operand = builder.add(.constant(-2.2250738585072014e-300 * (1 + Double(seed * count + i) * 1e-12)))
            root = builder.add(.binary(.power, root, operand))
        }
        let expression = builder.expression(root: root)
        return GraphRequest(expression: expression, description: String(repeating: "9", count: 160), variable: "M")
    }

    @Test func sixCurvesOfTheLongestProgramsSaveAndLoadAgain() {
        let storage = MemoryStateStorage()
        let app = makeApp(800, 480, storage: storage)
        // Each step of the program is one node at most: half operands, half additions.
        let operands = CalculatorBrain.maximumProgramLength / 2
        for n in 1...GraphedCurves.limit { app.showGraph(longestGraph(n, operands: operands)) }
        app.saveNow()
        #expect(app.messages.isEmpty, "\(app.messages)")
        let saved = storage.bytes?.count ?? 0
        #expect(saved > 0 && saved <= PersistedState.maximumFileSize, "saved \(saved) bytes")
        // The bound leaves room for the calculator's own program and history beside the curves.
        #expect(saved <= PersistedState.maximumFileSize * 3 / 4, "saved \(saved) bytes")
        let again = makeApp(800, 480, storage: storage)
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.curves.curves.count == GraphedCurves.limit)
        #expect(again.curves.curves.map(\.program) == app.curves.curves.map(\.program), "the curves differ after loading")
    }
}
