import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// State format 8 keeps the exact values (typed numbers, M, the history, the programs ⌫ returns to, the
/// curves' programs) and brings them back; format 7, which kept Doubles only, still loads, approximate.
@Suite struct StateFormatEightTests {
    static func file(_ version: Int, _ payload: String) -> [UInt8] {
        let bytes = Array(payload.utf8)
        return Array("calx-state \(version)\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
    }

    static let viewport = #""graphPushed":false,"viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}"#

    /// A calculator-only state file of `version` whose calculator is the JSON text `calculator`.
    static func calculatorFile(_ version: Int, _ calculator: String) -> [UInt8] {
        file(version, #"{"calculator":\#(calculator),"curves":[],\#(viewport)}"#)
    }

    func press(_ tokens: String, into app: KioskApp) {
        guard case .success(let keys) = KeyTokens.parse(tokens) else { Issue.record("no keys '\(tokens)'"); return }
        var time = 1.0
        for key in keys {
            time += 0.1
            app.handle(key: key, time: time)
        }
    }

    @Test func exactValuesSurviveARestart() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        // M is 1/3, the history and an earlier program hold 2√2, and M × 3 is exactly 1.
        press("1 ÷ 3 = →M 8 √ = M × 3 =", into: app)
        let before = (app.display, app.exactReadout, app.descriptionText, app.memoryReadout, app.calculatorState)
        #expect(before.1 == "1" && before.3 == "0.3333333333", "\(before)")
        app.saveNow()
        let bytes = try #require(storage.bytes)
        let saved = String(decoding: bytes, as: UTF8.self)
        #expect(saved.hasPrefix("calx-state 10\n"))
        #expect(saved.contains(#""exactMemory":"1/3""#) && saved.contains(#""exact":"2/1*sqrt2""#) && saved.contains("exact:3/1"),
                "\(saved)")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage(bytes: storage.bytes))
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect((again.display, again.exactReadout, again.descriptionText, again.memoryReadout) == (before.0, before.1, before.2, before.3))
        #expect(again.calculatorState == before.4)
        // ⌫ back into the earlier program, and ans of the history: exact as they were.
        press("⌫ ⌫ ⌫ ⌫", into: again)
        #expect(again.exactReadout == "2√2", "\(again.display) \(again.descriptionText)")
        press("C ans3", into: again)
        #expect(again.exactReadout == "1/3")
    }

    @Test func formatSevenLoadsApproximate() throws {
        // As format 7 kept them: typed numbers and M as Doubles only.
        let seven = Self.calculatorFile(7, #"{"program":[0.1,"+",0.2,"="],"memory":{"M":0.5},"#
                                           + #""history":[{"description":"1 ÷ 3 =","value":0.3333333333333333}]}"#)
        let state = try PersistedState.decode(seven, by: calxStateCoder())
        let controller = try CalculatorController(restoring: try #require(state.calculator))
        #expect(controller.display == "0.3" && controller.readouts.exact == nil)
        #expect(controller.exactVariables[CalculatorController.memoryName] == nil && controller.memoryReadout == "0.5")
        var recalled = controller
        recalled.press(.history(0))
        #expect(recalled.readouts.exact == nil) // the entry has no exact value: ans is its Double
        // Typed again now, the same keys are exact.
        var typed = CalculatorController()
        for key in [CalculatorKey.point, .digit(1), .binary(.add), .point, .digit(2), .equals] { typed.press(key) }
        #expect(typed.readouts.exact == "3/10")
    }

    @Test(arguments: [
        // Format 7 wrote no exact value.
        (7, #"{"program":["exact:1/3"]}"#),
        (7, #"{"program":[0.5],"memory":{"M":0.5},"exactMemory":"1/2"}"#),
        // An exact value no rule makes, or one that is not its Double.
        (8, #"{"program":["exact:2/4"]}"#), (8, #"{"program":["exact:1/1*sqrt4"]}"#), (8, #"{"program":["exact:0/1*pi"]}"#),
        (8, #"{"program":[1],"memory":{"M":1},"exactMemory":"1/3"}"#), (8, #"{"program":[1],"exactMemory":"1/3"}"#),
        (8, #"{"program":[1],"history":[{"description":"1 ÷ 3 =","value":0.5,"exact":"1/3"}]}"#),
        (8, #"{"program":[1],"history":[{"description":"1 ÷ 3 =","value":0.5,"exact":"one half"}]}"#),
    ])
    func exactValuesNoKeysMakeAreUnreadable(version: Int, calculator: String) {
        #expect(throws: (any Error).self, "\(calculator)") {
            let state = try PersistedState.decode(Self.calculatorFile(version, calculator), by: calxStateCoder())
            _ = try CalculatorController(restoring: try #require(state.calculator))
        }
    }

    @Test func aCurveKeepsItsExactStepsAndDrawsItsDoubles() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        press("M + 0.1 = graph", into: app)
        app.saveNow()
        let bytes = try #require(storage.bytes)
        let saved = String(decoding: bytes, as: UTF8.self)
        #expect(saved.contains(#"["M","+","exact:1/10","="]"#), "\(saved)")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage(bytes: storage.bytes))
        #expect(again.messages.isEmpty && again.graph == app.graph)
        // What it draws is the Double 0.1, as before: the expression holds no exact value.
        #expect(again.graph?.expression.nodes.contains(Expression.Node.constant(0.1)) == true)
    }
}
