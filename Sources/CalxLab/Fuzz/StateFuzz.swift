import CalxApp
import Calculator
import Kiosk
import SeededRandom

extension FuzzTarget {
    /// State files: a real session's save, mutated, its checksum fixed up so that the payload is
    /// what gets tested. Whatever loads must save and load again; whatever does not is set aside.
    /// Half the cases change the bytes (`StateMutator`), half the structure (`StateStructureMutator`: valid
    /// JSON, plausible programs with one thing wrong); a state no keys could make must not load.
    static let state = FuzzTarget(name: "state", hangSeconds: 5, outputLimit: 4_096) { rng in
        let storage = MemoryStateStorage()
        let size = [(800, 480), (480, 800), (480, 320)][rng.below(3)]
        let app = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: storage)
        var time = 1.0
        for _ in 0..<rng.below(40) {
            time += 0.1
            app.handle(key: stateKeys[rng.below(stateKeys.count)], time: time)
        }
        app.handle(key: .graph, time: time + 1)
        app.saveNow()
        guard let saved = storage.bytes else { return Outcome(problem: "nothing saved") }
        var mutated = StateMutator.mutate(saved, &rng)
        var structural: StateStructureMutator.Mutation?
        if rng.below(2) == 0, let header = StateMutator.headerLength(saved),
           let mutation = StateStructureMutator.mutate(Array(saved[header...]), &rng) {
            structural = mutation
            mutated = Array("calx-state 9\nfnv1a64 \(stateFileChecksum(mutation.payload))\n".utf8) + mutation.payload
        }
        let loading = MemoryStateStorage(bytes: mutated)
        let loaded = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: loading)
        var outcome = Outcome(outputBytes: loaded.messages.joined().utf8.count)
        if loading.setAsideCopies.isEmpty, let structural, structural.certainlyWrong {
            outcome.problem = "loaded a state no keys make: \(structural.name)"
        } else if loading.setAsideCopies.isEmpty {
            loaded.saveNow()
            let again = MemoryStateStorage(bytes: loading.bytes)
            let reloaded = KioskApp(width: size.0, height: size.1, glyphs: NoGlyphs(), storage: again)
            if !again.setAsideCopies.isEmpty { outcome.problem = "loaded, saved, then refused: \(reloaded.messages)" }
            else if reloaded.display != loaded.display || reloaded.graph != loaded.graph { outcome.problem = "reloads differently" }
        } else if loaded.messages.isEmpty {
            outcome.problem = "set aside without a message"
        }
        return outcome
    }
}

/// Every key, the keypad's and those only text reaches (angle mode, EE, history), so saves carry them all.
private let stateKeys = CalculatorKey.all + CalculatorKey.offKeypad

/// Changes a saved state the ways a torn write, an editor or an attacker would.
enum StateMutator {
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        guard let headerEnd = headerLength(bytes) else { return bytes }
        var payload = Array(bytes[headerEnd...])
        for _ in 0..<rng.below(4) + 1 {
            let at = rng.below(payload.count + 1)
            switch rng.below(9) {
            case 0 where !payload.isEmpty: payload[min(at, payload.count - 1)] ^= UInt8(1 << rng.below(8))
            case 1: payload.insert(contentsOf: junk(&rng), at: at)
            case 2 where !payload.isEmpty: payload.removeSubrange(min(at, payload.count - 1)..<min(payload.count, at + rng.below(64) + 1))
            case 3: payload.insert(contentsOf: Array(hostileValues[rng.below(hostileValues.count)].utf8), at: at)
            case 4: payload.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "["), count: rng.below(100_000)), at: at)
            case 5: payload.insert(contentsOf: Array(String(repeating: "M", count: rng.below(200_000)).utf8), at: at)
            case 6 where payload.count > 8:
                let start = rng.below(payload.count - 4)
                let piece = payload[start..<min(payload.count, start + rng.below(200) + 1)]
                for _ in 0..<rng.below(50) { payload.insert(contentsOf: piece, at: min(at, payload.count)) }
            case 7: payload = Array(payload.prefix(at)) // torn
            case 8 where rng.below(2) == 0:
                payload.insert(contentsOf: Array(#""curves":[{"color":9,"hidden":true,"graph":{"program":["M","sin","+"],"angleMode":"degrees","variable":"M"}}],"#.utf8), at: at)
            case 8:
                payload.insert(contentsOf: Array(#""curves":[{"color":9,"hidden":true,"graph":{"description":"x","expression":[["c",1],["u","sin",0]],"variable":"M"}}],"#.utf8), at: at)
            default: payload.insert(contentsOf: Array(#""graph":{"description":"x","expression":[["c",1],["u","sin",0]],"variable":"M"},"#.utf8), at: at)
            }
        }
        let header = rng.below(20) == 0 ? "calx-state \(rng.below(10))\n" : "calx-state 9\n"
        return Array((header + "fnv1a64 \(stateFileChecksum(payload))\n").utf8) + payload
    }

    private static let hostileValues = ["1e308", "-1e308", "NaN", "null", "[]", "{}", "\"\"", "9999999999999999999", "-0", "1e-320"]

    private static func junk(_ rng: inout SplitMix64) -> [UInt8] {
        (0..<rng.below(32) + 1).map { _ in rng.byte() }
    }

    static func headerLength(_ bytes: [UInt8]) -> Int? {
        var newlines = 0
        for (i, b) in bytes.enumerated() where b == 10 {
            newlines += 1
            if newlines == 2 { return i + 1 }
        }
        return nil
    }
}
