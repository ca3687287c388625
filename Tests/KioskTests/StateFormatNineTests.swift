import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// State format 9 holds what format 8 had no key for: parentheses in the programs and the curves, and M as far as
/// it was proved. A file of 8 (or 7) that holds them is no save of ours; format 8's own files still load.
@Suite struct StateFormatNineTests {
    private func press(_ tokens: String, into app: KioskApp) {
        guard case .success(let keys) = KeyTokens.parse(tokens) else { Issue.record("no keys '\(tokens)'"); return }
        for (i, key) in keys.enumerated() { app.handle(key: key, time: 1 + Double(i) / 10) }
    }

    @Test func groupsAndAProvedMSurviveARestart() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        press("( M + 1 ) ÷ ( M − 1 ) = graph 2 × ( 3 →M ( 1 +", into: app)
        #expect(app.graph?.description == "(M + 1) ÷ (M − 1)")
        app.saveNow()
        let saved = String(decoding: try #require(storage.bytes), as: UTF8.self)
        #expect(saved.hasPrefix("calx-state 10\n") && saved.contains(#""(""#), "\(saved)")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: MemoryStateStorage(bytes: storage.bytes))
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.graph == app.graph && again.descriptionText == app.descriptionText && again.calculatorState == app.calculatorState)
        press("4 =", into: again)
        #expect(again.display == "10")
    }

    @Test(arguments: [7, 8]) func anOlderFormatHoldingAGroupIsUnreadable(version: Int) {
        let file = StateFormatEightTests.calculatorFile(version, #"{"program":["(",1,"+",2,")"]}"#)
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(file, by: calxStateCoder()) }
        let plain = StateFormatEightTests.calculatorFile(version, #"{"program":[1,"+",2,"="]}"#)
        #expect(throws: Never.self) { try PersistedState.decode(plain, by: calxStateCoder()) }
    }
}
