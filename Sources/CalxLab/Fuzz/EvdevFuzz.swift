import CalxApp
import Platform
import Raster
import SeededRandom

extension FuzzTarget {
    /// Event streams as panels, broken panels and hostile devices send them, through the touch-frame
    /// assembler with a random mapping. Every point lands on the screen, and the contacts tell one
    /// consistent story: a down for a new id, then moves, then one up or cancel.
    static let evdev = FuzzTarget(name: "evdev", hangSeconds: 5, outputLimit: 1 << 20) { rng in
        let width = 1 + rng.below(4_000), height = 1 + rng.below(4_000)
        let lo = rng.below(4) == 0 ? Int(Int32.min) : rng.below(100) - 50
        let hi = rng.below(4) == 0 ? Int(Int32.max) : lo + rng.below(5_000)
        var calibration = Calibration.identity
        if rng.below(3) != 0 {
            let m = (0..<6).map { _ in rng.uniform(-3, 3) }
            calibration = Calibration(m[0], m[1], m[2], m[3], m[4], m[5])
        }
        let mapping = AxisMapping(xRange: lo...hi, yRange: lo...hi, screenWidth: width, screenHeight: height,
                                  rotation: ScreenRotation.allCases[rng.below(4)], calibration: calibration)
        var assembler = TouchFrameAssembler(mapping: mapping, idBase: rng.below(4) << 24)
        var live: Set<Int> = []
        var contacts = 0
        var problem: String?
        func check(_ frame: [TouchContact]) {
            for c in frame {
                contacts += 1
                if !(0...Double(width - 1)).contains(c.x) || !(0...Double(height - 1)).contains(c.y) { problem = problem ?? "off screen: \(c)" }
                switch c.phase {
                case .down: if live.insert(c.id).inserted == false { problem = problem ?? "down twice: \(c.id)" }
                case .move: if !live.contains(c.id) { problem = problem ?? "move of \(c.id), not down" }
                case .up, .cancel: if live.remove(c.id) == nil { problem = problem ?? "\(c.phase) of \(c.id), not down" }
                }
            }
        }
        let codes: [(UInt16, UInt16)] = [(3, 0x2f), (3, 0x39), (3, 0x35), (3, 0x36), (3, 0), (3, 1), (1, 0x14a), (1, 0x110), (0, 0), (0, 3)]
        for _ in 0..<rng.below(rng.below(10) == 0 ? 50_000 : 400) {
            let (type, code) = codes[rng.below(codes.count)]
            let value: Int32
            switch rng.below(10) {
            case 0: value = [Int32.min, Int32.max, -1, 0, 64, 255, 256, 100_000][rng.below(8)]
            default: value = code == 0x2f ? Int32(rng.below(12)) : code == 0x39 ? Int32(rng.below(6)) - 1 : Int32(lo + rng.below(max(1, min(hi - lo, 10_000))))
            }
            check(assembler.feed(type: type, code: code, value: value))
            if type == 0 && code == 3 && rng.below(2) == 0 {
                var snapshot: [Int: (trackingID: Int, x: Int, y: Int)] = [:]
                for slot in 0..<rng.below(5) { snapshot[slot] = (rng.below(4) - 1, rng.below(1_000), rng.below(1_000)) }
                check(assembler.resync(slots: snapshot))
            }
        }
        check(assembler.cancelAll())
        if problem == nil && !live.isEmpty { problem = "\(live.count) contacts left down after cancelAll" }
        return Outcome(outputBytes: contacts, problem: problem)
    }
}
