import Calculator
import Raster

/// The whole Calx screen as a state machine: touch frames and keys in, pixels out.
/// It runs the same under tests, `calx shot` and the real display loop.
/// (Skeleton: the contract the display loop and `calx shot` are written against.)
public final class KioskApp {
    public private(set) var width: Int
    public private(set) var height: Int
    private let glyphs: any GlyphSource
    private let storage: any StateStorage
    private var needsFullRedraw = true

    /// Log lines for the caller to print (corrupt state set aside, save failures).
    public private(set) var messages: [String] = []

    public init(width: Int, height: Int, millimetres: (width: Double, height: Double)? = nil,
                theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage) {
        self.width = width
        self.height = height
        self.glyphs = glyphs
        self.storage = storage
    }

    /// A new screen size (hotplug, rotation).
    public func resize(width: Int, height: Int, millimetres: (width: Double, height: Double)?) {
        self.width = width
        self.height = height
        needsFullRedraw = true
    }

    /// One touch frame: every contact that changed at one SYN_REPORT.
    public func handle(_ touches: [TouchEvent]) {}

    /// A key from a keyboard or keypad.
    public func handle(key: CalculatorKey, time: Double) {}

    /// Runs timers (long press, debounced saves) due by `time`.
    public func advance(to time: Double) {}

    /// When `advance` next has work to do, or nil.
    public var nextDeadline: Double? { nil }

    /// True when `draw` would change pixels.
    public var needsRedraw: Bool { needsFullRedraw }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    public func draw(into buffer: PixelBuffer) -> [IntRect] {
        var canvas = Canvas(buffer: buffer)
        canvas.clear(Color.white)
        needsFullRedraw = false
        return canvas.damage.take()
    }

    /// Writes the state now, skipping the debounce (SIGTERM, shutdown).
    public func saveNow() {}
}

/// Light or dark.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
}
