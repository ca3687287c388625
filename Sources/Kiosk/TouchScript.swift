import Calculator
/// A touch script: one event per line, as `calx shot --touch` and the whole-app tests read them.
///
///     down ID X Y | move ID X Y | up ID | wait MS
///     tap X Y | pan X1 Y1 X2 Y2 | pinch CX CY D1 D2 | hold X Y MS
///
/// Blank lines and lines starting with # are skipped. Every event line is one touch frame,
/// 16 ms after the previous one; `wait` lets timers (long press, saves) run.
public struct TouchScript: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case frame([TouchEvent])
        /// Run the app's timers up to this time.
        case advance(to: Double)
    }
    public var steps: [Step]
    public var endTime: Double

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    static let frameInterval = 0.016
    static let gestureSteps = 10

    public init(parsing text: String, startTime: Double = 1) throws(ParseError) {
        var steps: [Step] = []
        var t = startTime
        var syntheticID = 1_000
        var down: Set<Int> = []
        func frame(_ events: [(Int, Double, Double, TouchEvent.Phase)]) {
            t += Self.frameInterval
            steps.append(.frame(events.map { TouchEvent(id: $0.0, x: $0.1, y: $0.2, phase: $0.3, time: t) }))
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first, !verb.hasPrefix("#") else { continue }
            let args = Array(words.dropFirst())
            func numbers(_ count: Int) throws(ParseError) -> [Double] {
                guard args.count == count else {
                    throw ParseError(line: line, message: "'\(verb)' takes \(count) numbers, got \(args.count)")
                }
                var out: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite, abs(v) < 1e7 else {
                        throw ParseError(line: line, message: "'\(a)' is not a number")
                    }
                    out.append(v)
                }
                return out
            }
            func id(_ v: Double) throws(ParseError) -> Int {
                guard v == v.rounded(), v >= 0, v < 1e6 else { throw ParseError(line: line, message: "bad touch id") }
                return Int(v)
            }
            switch verb {
            case "down":
                let n = try numbers(3)
                let i = try id(n[0])
                guard !down.contains(i) else { throw ParseError(line: line, message: "touch \(i) is already down") }
                down.insert(i)
                frame([(i, n[1], n[2], .down)])
            case "move":
                let n = try numbers(3)
                let i = try id(n[0])
                guard down.contains(i) else { throw ParseError(line: line, message: "touch \(i) is not down") }
                frame([(i, n[1], n[2], .move)])
            case "up":
                let n = try numbers(1)
                let i = try id(n[0])
                guard down.remove(i) != nil else { throw ParseError(line: line, message: "touch \(i) is not down") }
                // Up carries no position in the script: the contact lifts where it last was.
                var last: (Double, Double) = (0, 0)
                for case .frame(let events) in steps.reversed() {
                    if let e = events.last(where: { $0.id == i }) { last = (e.x, e.y); break }
                }
                frame([(i, last.0, last.1, .up)])
            case "wait":
                let n = try numbers(1)
                guard n[0] >= 0 else { throw ParseError(line: line, message: "wait must not be negative") }
                t += n[0] / 1000
                steps.append(.advance(to: t))
            case "tap":
                let n = try numbers(2)
                syntheticID += 1
                frame([(syntheticID, n[0], n[1], .down)])
                frame([(syntheticID, n[0], n[1], .up)])
            case "hold":
                let n = try numbers(3)
                guard n[2] >= 0 else { throw ParseError(line: line, message: "hold must not be negative") }
                syntheticID += 1
                frame([(syntheticID, n[0], n[1], .down)])
                t += n[2] / 1000
                steps.append(.advance(to: t))
                frame([(syntheticID, n[0], n[1], .up)])
            case "pan":
                let n = try numbers(4)
                syntheticID += 1
                let i = syntheticID
                frame([(i, n[0], n[1], .down)])
                for s in 1...Self.gestureSteps {
                    let k = Double(s) / Double(Self.gestureSteps)
                    frame([(i, n[0] + (n[2] - n[0]) * k, n[1] + (n[3] - n[1]) * k, .move)])
                }
                frame([(i, n[2], n[3], .up)])
            case "pinch":
                let n = try numbers(4)
                guard n[2] > 0, n[3] > 0 else { throw ParseError(line: line, message: "pinch distances must be positive") }
                let a = syntheticID + 1, b = syntheticID + 2
                syntheticID += 2
                let cx = n[0], cy = n[1]
                frame([(a, cx - n[2] / 2, cy, .down), (b, cx + n[2] / 2, cy, .down)])
                for s in 1...Self.gestureSteps {
                    let d = n[2] + (n[3] - n[2]) * Double(s) / Double(Self.gestureSteps)
                    frame([(a, cx - d / 2, cy, .move), (b, cx + d / 2, cy, .move)])
                }
                frame([(a, cx - n[3] / 2, cy, .up), (b, cx + n[3] / 2, cy, .up)])
            default:
                throw ParseError(line: line, message: "unknown event '\(verb)'")
            }
        }
        self.steps = steps
        self.endTime = t
    }
}

extension KioskApp {
    /// Plays a script into the app, timers included.
    public func play(_ script: TouchScript) {
        for step in script.steps {
            switch step {
            case .frame(let events): handle(events)
            case .advance(let time): advance(to: time)
            }
        }
    }

    /// Where a key is on this screen, for scripts that tap keys by name.
    public func center(of key: CalculatorKey) -> (x: Double, y: Double)? {
        layout.center(of: key).map { ($0.x, $0.y) }
    }
}
