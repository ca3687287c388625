import Calculator
import Locales

/// The attract screen's demonstration: a calculation typed key by key, then two programs typed and graphed,
/// each curve drawing itself from left to right; then again from the start. It has its own controller, so
/// nothing of the visitor's session is read or written. Its time is counted in tenths of a second and
/// its picture changes at most once a tenth: at most 10 frames a second.
final class AttractDemo {
    /// What the demonstration shows at one moment; two moments that show the same are equal.
    struct Frame: Equatable {
        /// Which pass of the loop.
        var loop: Int
        /// How many of the pass's keys are pressed.
        var keys: Int
        /// How far the newest curve has drawn itself, in tenths from 0 to `revealTenths`.
        var reveal: Int
    }

    /// What a frame shows: the readout's two lines and the curves, the newest one `revealed` of the way.
    struct Scene {
        var description: String
        var display: String
        var curves: GraphedCurves
        /// 0 to 1 of the newest curve's width; 1 once it is drawn whole (or when there are no curves).
        var revealed: Double
        /// How many graph keys the pass has pressed: the curves' stage.
        var stage: Int
    }

    static let framesPerSecond = 10
    /// A key every 0.6 s, a curve drawn in 3 s.
    static let keyTenths = 6
    static let revealTenths = 30

    /// The pass's keys, each at the tenth it is pressed, and the pass's length in tenths.
    static let (pressed, loopTenths): ([(tenth: Int, key: CalculatorKey)], Int) = {
        let m = CalculatorKey.memory
        let beats: [[CalculatorKey]] = [
            [.digit(7), .binary(.multiply), .digit(6), .equals],
            [.clear, m, .unary(.sine), .graph],
            [.clear, m, .unary(.square), .binary(.divide), .digit(4), .binary(.subtract), .digit(1), .equals, .graph],
        ]
        var timed: [(Int, CalculatorKey)] = []
        var tenth = 5
        for beat in beats {
            for key in beat {
                timed.append((tenth, key))
                tenth += keyTenths
            }
            // A result stays in view, a curve draws itself and stays.
            tenth += beat.last == .graph ? revealTenths + 15 : 15
        }
        return (timed, tenth + 15)
    }()

    /// How many whole tenths of a second the attract screen has been up at `clock` (a hair early, so a
    /// deadline met exactly counts as met).
    static func tenth(since: Double, clock: Double) -> Int {
        let tenths = (clock - since) * Double(framesPerSecond) + 1e-6
        return tenths.isFinite ? Int(min(max(tenths, 0), 1e12).rounded(.down)) : 0
    }

    /// The frame at `tenth` tenths of a second into the attract screen.
    static func frame(atTenth tenth: Int) -> Frame {
        let t = max(0, tenth)
        let loop = t / loopTenths, local = t % loopTenths
        let keys = pressed.prefix { $0.tenth <= local }.count
        let lastGraph = pressed.prefix(keys).last { $0.key == .graph }
        let reveal = lastGraph.map { min(revealTenths, local - $0.tenth) } ?? revealTenths
        return Frame(loop: loop, keys: keys, reveal: reveal)
    }

    /// The first tenth after `tenth` whose frame differs from its frame.
    static func nextChange(afterTenth tenth: Int) -> Int {
        let now = frame(atTenth: tenth)
        let t = max(0, tenth)
        if now.reveal < revealTenths { return t + 1 }
        let local = t % loopTenths
        let nextKey = pressed.first { $0.tenth > local }?.tenth ?? loopTenths
        return t - local + nextKey
    }

    private var controller = ControllerModel()
    private var curves = GraphedCurves()
    /// Where the controller is: which pass, how many of its keys pressed.
    private var at = (loop: -1, keys: 0)

    /// What `frame` shows, the readout in `locale`. Keys are pressed on from the last frame asked for; a new
    /// pass starts afresh.
    func scene(_ frame: Frame, locale: CalxLocale) -> Scene {
        if frame.loop != at.loop || frame.keys < at.keys {
            controller = ControllerModel()
            curves = GraphedCurves()
            at = (frame.loop, 0)
        }
        for (_, key) in Self.pressed[at.keys..<min(frame.keys, Self.pressed.count)] {
            if let program = controller.press(key) { curves.add(program) }
        }
        at.keys = frame.keys
        let stage = Self.pressed.prefix(frame.keys).filter { $0.key == .graph }.count
        let shown = ShownReadouts(controller.readouts, locale: locale)
        return Scene(description: shown.description, display: shown.display, curves: curves,
                     revealed: Double(frame.reveal) / Double(Self.revealTenths), stage: stage)
    }
}
