import Calculator
@testable import CalxApp
@testable import CalxLab
import Kiosk
import SeededRandom
import Testing

/// The state fuzzer's structure-aware half: valid JSON, one thing wrong. Whatever no key sequence could
/// save is set aside with a message; whatever loads saves and loads again the same.
@Suite struct StateStructureFuzzTests {
    @Test func statesWithOneThingWrongAreSetAsideOrLoadAsTheKeysMakeThem() throws {
        var rng = SplitMix64(seed: 2026_12_22)
        var wrong = 0, setAside = 0, loaded = 0
        for _ in 0..<300 {
            let storage = MemoryStateStorage()
            let app = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: storage)
            var time = 1.0
            for token in ["M", "sin", "graph", "2", "+", "3", "=", "deg", "M", "cos", "graph", "7", "×", "M", "→M"]
                + (rng.below(2) == 0 ? ["C", "M", "x²", "graph", "1", "+", "1", "="] : ["4", "+"]) {
                time += 0.1
                app.handle(key: CalculatorKey(token: token)!, time: time)
            }
            app.saveNow()
            let saved = try #require(storage.bytes)
            let header = try #require(StateMutator.headerLength(saved))
            guard let mutation = StateStructureMutator.mutate(Array(saved[header...]), &rng) else { continue }
            let file = Array("calx-state 10\nfnv1a64 \(stateFileChecksum(mutation.payload))\n".utf8) + mutation.payload
            let loading = MemoryStateStorage(bytes: file)
            let again = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: loading)
            if mutation.certainlyWrong {
                wrong += 1
                #expect(loading.setAsideCopies == [file], "loaded a state no keys make: \(mutation.name)")
            }
            if loading.setAsideCopies.isEmpty {
                loaded += 1
                again.saveNow()
                let reloaded = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: MemoryStateStorage(bytes: loading.bytes))
                #expect(reloaded.messages.isEmpty && reloaded.display == again.display && reloaded.graph == again.graph, "\(mutation.name)")
            } else {
                setAside += 1
                #expect(again.messages.contains { $0.contains("unreadable") }, "\(again.messages)")
            }
        }
        #expect(wrong > 80 && setAside > 100 && loaded > 30, "\(wrong) certainly wrong, \(setAside) set aside, \(loaded) loaded")
    }
}
