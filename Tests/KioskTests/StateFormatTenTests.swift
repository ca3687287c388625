import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// State format 10 holds the parameter A: the calculator's, and each curve's that reads it. A file of 9 or
/// older loads with A = 1; one that holds A is no save of ours.
@Suite struct StateFormatTenTests {
    private func press(_ tokens: String, into app: KioskApp) {
        guard case .success(let keys) = KeyTokens.parse(tokens) else { Issue.record("no keys '\(tokens)'"); return }
        for (i, key) in keys.enumerated() { app.handle(key: key, time: 1 + Double(i) / 10) }
    }

    @Test func aAndACurveThatReadsItSurviveARestart() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        press("0.5 →A M sin × A = graph 3 →A", into: app)
        #expect(app.graph?.parameter == 0.5)
        app.saveNow()
        let saved = String(decoding: try #require(storage.bytes), as: UTF8.self)
        #expect(saved.hasPrefix("calx-state 10\n") && saved.contains(#""parameter":0.5"#), "\(saved)")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage(bytes: storage.bytes))
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.graph == app.graph && again.calculatorState == app.calculatorState)
        #expect(again.calculatorState.parameter == 3)
        press("A + 1 =", into: again)
        #expect(again.display == "4")
    }

    @Test func anOlderFormatLoadsWithAAsOneAndRefusesA() throws {
        let plain = StateFormatEightTests.calculatorFile(9, #"{"program":[1,"+",2,"="]}"#)
        let state = try PersistedState.decode(plain, by: calxStateCoder())
        #expect(try CalculatorController(restoring: try #require(state.calculator)).parameterReadout == "1")
        for holding in [#"{"program":[1,"+",2,"="],"parameter":2}"#, #"{"program":["A","+",2,"="]}"#] {
            let file = StateFormatEightTests.calculatorFile(9, holding)
            #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
        }
    }
}
