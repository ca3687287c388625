import SeededRandom
import Calculator
import CalculatorBrain
@testable import Kiosk
import Grapher
import Raster
import Testing

/// Whatever the app saves, it loads back: random sessions, saved, then a fresh start on the same file.
@Suite struct StateRoundTripTests {
    private static let keys: [CalculatorKey] = CalculatorKey.all.filter { $0 != .clear }

    private static func session(_ rng: inout SplitMix64, _ app: KioskApp, keys count: Int) {
        var time = 1.0
        for _ in 0..<count {
            time += 0.05
            switch rng.below(12) {
            case 0: app.handle(key: .graph, time: time)
            case 1, 2: app.handle(key: .memory, time: time)
            case 3: app.handle(key: [.unary(.sine), .unary(.tangent), .unary(.squareRoot)][rng.below(3)], time: time)
            default: app.handle(key: keys[rng.below(keys.count)], time: time)
            }
        }
        if rng.below(2) == 0 { app.handle(key: .graph, time: time + 1) }
    }

    @Test func randomSessionsLoadBackAsTheyWereSaved() {
        var rng = SplitMix64(state: 31_337)
        for round in 0..<120 {
            let storage = MemoryStateStorage()
            let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
            Self.session(&rng, app, keys: rng.below(round < 110 ? 60 : 3_000))
            app.saveNow()
            #expect(app.messages.isEmpty, "\(app.messages)")
            let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
            #expect(again.messages.isEmpty, "round \(round): \(again.messages)")
            #expect(storage.setAsideCopies.isEmpty)
            #expect(again.display == app.display && again.descriptionText == app.descriptionText)
            #expect(again.memoryReadout == app.memoryReadout)
            #expect(again.graph == app.graph)
            #expect(again.viewport == app.viewport)
        }
    }

    @Test func aDeepGraphLoadsBack() {
        // M then 2,001 × sin once set the whole state aside as "too deep".
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.handle(key: .memory, time: 1)
        for i in 0..<2_001 { app.handle(key: .unary(.sine), time: 1 + Double(i) * 0.001) }
        app.handle(key: .graph, time: 5)
        app.saveNow()
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.graph == app.graph)
        #expect(again.graph?.expression.nodes.count == 2_002)
    }

    @Test func aDoublingGraphStaysSmallOnDisk() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.handle(key: .memory, time: 1)
        for i in 0..<500 {
            app.handle(key: .binary(.add), time: 1 + Double(i) * 0.01)
            app.handle(key: .equals, time: 1.005 + Double(i) * 0.01)
        }
        app.handle(key: .graph, time: 10)
        app.saveNow()
        let size = try #require(storage.bytes).count
        #expect(size < 64 * 1_024, "\(size) bytes")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        #expect(again.graph == app.graph)
    }

    @Test func everyFieldIsBoundedOnLoad() throws {
        func state(description: String, variable: String = "M") -> [UInt8] {
            let payload = #"{"calculator":null,"graph":{"description":"\#(description)","expression":[["v","M"]],"variable":"\#(variable)"},"#
                + #""graphPushed":false,"viewport":{"originOffsetX":0,"originOffsetY":0,"pixelsPerUnitX":40,"pixelsPerUnitY":40}}"#
            let bytes = Array(payload.utf8)
            return Array("calx-state 3\nfnv1a64 \(hex16(fnv1a64(bytes)))\n".utf8) + bytes
        }
        #expect(throws: Never.self) { try PersistedState.decode(state(description: "M"), by: calxStateCoder()) }
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(state(description: String(repeating: "M", count: 400)), by: calxStateCoder()) }
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(state(description: "M", variable: String(repeating: "x", count: 40)), by: calxStateCoder()) }
        let huge = state(description: String(repeating: "M", count: 2 << 20))
        #expect(throws: PersistedState.Unreadable.self) { try PersistedState.decode(huge, by: calxStateCoder()) }
    }
}
