#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Calculator
import Kiosk
import Raster

/// Seeded randomness for the soak (xorshift64*): the same seed plays the same day on every machine.
struct SoakRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    /// Uniform in [lo, hi).
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53) }
    /// Uniform in lo...hi.
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
}

/// What the soak's visitors do to the screen, one frame (1/60 s) at a time: taps on every key and on the
/// graph pane's keys, taps and double taps on the graph, long presses that trace, pans, pinches, and pauses.
/// Gestures are planned from the kiosk's current layout, so they land where a visitor's finger would.
struct SoakVisitor {
    enum Gesture: String, CaseIterable {
        case keyTap = "key tap", paneKey = "pane key", graphTap = "graph tap", doubleTap = "double tap"
        case longPress = "long press", pan, pinch, pause
    }
    private var random: SoakRandom
    /// The frames of the gesture under way, last frame first.
    private var planned: [[FingerChange]] = []
    private(set) var counts: [Gesture: Int] = [:]
    /// Which calculator keys and pane keys have been tapped at least once.
    private(set) var keysTapped: Set<String> = []
    /// The last keys tapped, oldest first (to say what led to a runaway).
    private(set) var recentKeys: [String] = []
    /// Calculator keys tapped since the last C: the description can be no longer than these allow.
    private(set) var keysSinceClear = 0
    /// The calculator key the gesture under way taps: it counts once its finger lifts.
    private var tapping: CalculatorKey?

    init(seed: UInt64) { random = SoakRandom(seed: seed) }

    /// This frame's finger changes (often none).
    mutating func nextFrame(on app: KioskApp) -> [FingerChange] {
        if planned.isEmpty { plan(on: app) }
        let frame = planned.popLast() ?? []
        if planned.isEmpty, let key = tapping {
            keysSinceClear = key == .clear ? 0 : keysSinceClear + 1
            tapping = nil
        }
        return frame
    }

    /// The fingers were cancelled (the screen changed): the gesture under way is over.
    mutating func forgetGesture() { planned = []; tapping = nil }

    private mutating func plan(on app: KioskApp) {
        let layout = app.layout
        let keypadShown = layout.mode == .split || !app.isGraphPushed
        let roll = random.int(0, 99)
        let gesture: Gesture = switch roll {
        case ..<42: keypadShown ? .keyTap : .paneKey
        case ..<48: .paneKey
        case ..<55: .graphTap
        case ..<61: .doubleTap
        case ..<67: .longPress
        case ..<80: .pan
        case ..<90: .pinch
        default: .pause
        }
        counts[gesture, default: 0] += 1
        var frames: [[FingerChange]] = []
        let plot = app.plotRect
        switch gesture {
        case .keyTap:
            let index = random.int(0, layout.keys.count - 1)
            let key = layout.keypad.keys[index]
            noteKey(key.label)
            tapping = key
            frames = tap(in: layout.keys[index].rect)
        case .paneKey:
            // The title strip's keys and, while it shows, the tool bar's; Back twice as often (a visitor
            // goes back to the calculator).
            var keys = app.paneKeys
            if let back = keys.first(where: { $0.key == .back }) { keys.append(back) }
            guard !keys.isEmpty else { frames = Array(repeating: [], count: 2); break }
            let (key, rect) = keys[random.int(0, keys.count - 1)]
            noteKey(key.rawValue)
            frames = tap(in: rect)
            // A key that asks for a number: the visitor types one and = (the integral asks for two).
            let numbers = key == .integralTool ? 2 : [.valueTool, .editX, .editStep, .editFrom, .editTo].contains(key) ? 1 : 0
            for _ in 0..<numbers { frames += typedNumber(on: layout) }
        case .graphTap:
            frames = tap(in: plot)
        case .doubleTap:
            let first = tap(in: plot)
            let x = first[0][0].x, y = first[0][0].y
            frames = first + Array(repeating: [], count: random.int(2, 12))
                + tap(at: x + random.uniform(-3, 3), y + random.uniform(-3, 3), holding: random.int(2, 6))
        case .longPress:
            // Held past the long-press delay (0.5 s), wandering a little: the trace follows the finger.
            let (x, y) = point(in: plot)
            frames = [[FingerChange(slot: 0, phase: .down, x: x, y: y)]]
            var at = (x: x, y: y)
            for frame in 0..<random.int(35, 150) {
                if frame > 32 && random.int(0, 2) == 0 {
                    at = clamped(at.x + random.uniform(-8, 8), at.y + random.uniform(-8, 8), to: plot)
                    frames.append([FingerChange(slot: 0, phase: .move, x: at.x, y: at.y)])
                } else {
                    frames.append([])
                }
            }
            frames.append([FingerChange(slot: 0, phase: .up, x: at.x, y: at.y)])
        case .pan:
            let from = point(in: plot), to = point(in: plot)
            let steps = random.int(8, 60)
            frames = [[FingerChange(slot: 0, phase: .down, x: from.x, y: from.y)]]
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                frames.append([FingerChange(slot: 0, phase: .move, x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)])
            }
            frames.append([FingerChange(slot: 0, phase: .up, x: to.x, y: to.y)])
        case .pinch:
            let center = point(in: plot.insetBy(dx: plot.width / 4, dy: plot.height / 4))
            let reach = Double(min(plot.width, plot.height)) * 0.45
            let from = random.uniform(20, reach), to = random.uniform(20, reach), angle = random.uniform(0, 3.14159)
            let (dx, dy) = (cos(angle), sin(angle))
            func fingers(_ spread: Double, _ phase: FingerChange.Phase) -> [FingerChange] {
                [FingerChange(slot: 0, phase: phase, x: center.x - dx * spread / 2, y: center.y - dy * spread / 2),
                 FingerChange(slot: 1, phase: phase, x: center.x + dx * spread / 2, y: center.y + dy * spread / 2)]
            }
            let steps = random.int(8, 40)
            frames = [fingers(from, .down)]
            for step in 1...steps { frames.append(fingers(from + (to - from) * Double(step) / Double(steps), .move)) }
            frames.append(fingers(to, .up))
        case .pause:
            frames = Array(repeating: [], count: random.int(1, 120))
        }
        planned = frames.reversed()
    }

    /// One to three digits, then =, tapped on the keypad (where the keypad is: a pushed graph steps aside
    /// while a tool's number is typed).
    private mutating func typedNumber(on layout: ScreenLayout) -> [[FingerChange]] {
        var frames: [[FingerChange]] = []
        let digits = (0..<random.int(1, 3)).map { _ in CalculatorKey.digit(random.int(0, 9)) }
        for key in digits + [.equals] {
            guard let place = layout.keys.first(where: { $0.key == key }) else { continue }
            frames += Array(repeating: [], count: random.int(2, 10)) + tap(in: place.rect)
        }
        return frames
    }

    private mutating func noteKey(_ name: String) {
        keysTapped.insert(name)
        recentKeys.append(name)
        if recentKeys.count > 40 { recentKeys.removeFirst() }
    }

    /// A finger down somewhere inside `rect` (not on its very edge), held a few frames, lifted.
    private mutating func tap(in rect: IntRect) -> [[FingerChange]] {
        let (x, y) = point(in: rect)
        return tap(at: x, y, holding: random.int(2, 8))
    }

    private func tap(at x: Double, _ y: Double, holding frames: Int) -> [[FingerChange]] {
        [[FingerChange(slot: 0, phase: .down, x: x, y: y)]] + Array(repeating: [], count: frames)
            + [[FingerChange(slot: 0, phase: .up, x: x, y: y)]]
    }

    private mutating func point(in rect: IntRect) -> (x: Double, y: Double) {
        let inner = rect.insetBy(dx: rect.width / 6, dy: rect.height / 6)
        return (random.uniform(Double(inner.x), Double(inner.x + max(1, inner.width))),
                random.uniform(Double(inner.y), Double(inner.y + max(1, inner.height))))
    }

    private func clamped(_ x: Double, _ y: Double, to rect: IntRect) -> (x: Double, y: Double) {
        (min(max(x, Double(rect.x)), Double(rect.maxX - 1)), min(max(y, Double(rect.y)), Double(rect.maxY - 1)))
    }
}
