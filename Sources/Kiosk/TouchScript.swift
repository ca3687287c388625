import Calculator
import TouchScripts

/// A touch script played into the app, as `calx shot --touch` and the whole-app tests use them.
/// The format is TouchScripts' (shared with calx-touchplay). Every event line is one touch frame,
/// 16 ms after the previous one; `wait` lets timers (long press, saves) run; `say` and `await`,
/// markers for the VM test, do nothing here.
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
        let lines: [TouchScriptLine]
        do { lines = try TouchScriptParser.parse(text) } catch { throw ParseError(line: error.line, message: error.message) }
        var steps: [Step] = []
        var t = startTime
        // Gesture fingers take ids no script line can use.
        var gestureID = TouchScriptParser.firstGestureID
        func nextGestureID() -> Int { gestureID += 1; return gestureID }
        func frame(_ events: [(Int, Double, Double, TouchEvent.Phase)]) {
            t += Self.frameInterval
            steps.append(.frame(events.map { TouchEvent(id: $0.0, x: $0.1, y: $0.2, phase: $0.3, time: t) }))
        }
        func advance(milliseconds: Double) {
            t += milliseconds / 1000
            steps.append(.advance(to: t))
        }
        for line in lines {
            switch line.command {
            case let .down(id, x, y): frame([(id, x, y, .down)])
            case let .move(id, x, y): frame([(id, x, y, .move)])
            case let .up(id, x, y): frame([(id, x, y, .up)])
            case let .wait(ms): advance(milliseconds: ms)
            case let .tap(x, y):
                let i = nextGestureID()
                frame([(i, x, y, .down)])
                frame([(i, x, y, .up)])
            case let .hold(x, y, ms):
                let i = nextGestureID()
                frame([(i, x, y, .down)])
                advance(milliseconds: ms)
                frame([(i, x, y, .up)])
            case let .pan(x0, y0, x1, y1):
                let i = nextGestureID()
                frame([(i, x0, y0, .down)])
                for s in 1...Self.gestureSteps {
                    let k = Double(s) / Double(Self.gestureSteps)
                    frame([(i, x0 + (x1 - x0) * k, y0 + (y1 - y0) * k, .move)])
                }
                frame([(i, x1, y1, .up)])
            case let .pinch(cx, cy, d0, d1):
                let a = nextGestureID(), b = nextGestureID()
                frame([(a, cx - d0 / 2, cy, .down), (b, cx + d0 / 2, cy, .down)])
                for s in 1...Self.gestureSteps {
                    let d = d0 + (d1 - d0) * Double(s) / Double(Self.gestureSteps)
                    frame([(a, cx - d / 2, cy, .move), (b, cx + d / 2, cy, .move)])
                }
                frame([(a, cx - d1 / 2, cy, .up), (b, cx + d1 / 2, cy, .up)])
            case .say, .awaitLine:
                break
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
