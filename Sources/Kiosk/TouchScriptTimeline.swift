import TouchScripts

/// Touch script commands into the steps they play as (`TouchScript.Step`), one command at a time, so
/// that a script read in pieces plays as it is read. Every event line is one touch frame, 16 ms after
/// the previous one; gestures (tap, hold, pan, pinch) are frames of fingers with ids no script line can
/// use; `wait` and `hold` let the app's timers run; `say` and `await` make nothing.
public struct TouchScriptTimeline: Sendable {
    /// The time of the last step made, in seconds.
    public private(set) var time: Double
    private var gestureID = TouchScriptParser.firstGestureID

    static let frameInterval = 0.016
    static let gestureSteps = 10

    public init(startTime: Double = 1) { time = startTime }

    /// The steps `command` plays as, in order, to `body`.
    public mutating func steps(for command: TouchCommand, _ body: (TouchScript.Step) -> Void) {
        func frame(_ events: [(Int, Double, Double, TouchEvent.Phase)]) {
            time += Self.frameInterval
            let t = time
            body(.frame(events.map { TouchEvent(id: $0.0, x: $0.1, y: $0.2, phase: $0.3, time: t) }))
        }
        func advance(milliseconds: Double) {
            time += milliseconds / 1000
            body(.advance(to: time))
        }
        switch command {
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

    private mutating func nextGestureID() -> Int {
        gestureID += 1
        return gestureID
    }
}
