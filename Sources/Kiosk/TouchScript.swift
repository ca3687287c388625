import Calculator
import TouchScripts

/// A touch script played into the app, as `calx shot --touch` and the whole-app tests use them.
/// The format is TouchScripts' (shared with calx-touchplay). Every event line is one touch frame,
/// 16 ms after the previous one; `wait` lets timers (long press, saves) run; `say` and `await`,
/// markers for the VM test, do nothing here. A script too long to hold whole plays a line at a time
/// through `TouchScriptTimeline`, which makes these steps.
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

    public init(parsing text: String, startTime: Double = 1) throws(ParseError) {
        let lines: [TouchScriptLine]
        do { lines = try TouchScriptParser.parse(text) } catch { throw ParseError(line: error.line, message: error.message) }
        var steps: [Step] = []
        var timeline = TouchScriptTimeline(startTime: startTime)
        for line in lines { timeline.steps(for: line.command) { steps.append($0) } }
        self.steps = steps
        self.endTime = timeline.time
    }
}

extension KioskApp {
    /// Plays a script into the app, timers included.
    public func play(_ script: TouchScript) {
        for step in script.steps { play(step) }
    }

    /// Plays one step of a script (`TouchScriptTimeline` makes them a line at a time).
    public func play(_ step: TouchScript.Step) {
        switch step {
        case .frame(let events): handle(events)
        case .advance(let time): advance(to: time)
        }
    }

    /// Where a key is on this screen, for scripts that tap keys by name.
    public func center(of key: CalculatorKey) -> (x: Double, y: Double)? {
        layout.center(of: key).map { ($0.x, $0.y) }
    }
}
