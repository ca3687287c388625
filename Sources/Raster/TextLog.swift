/// Where a canvas drew text, for tests that check no text spills out of its box or over another: each line
/// of text as it was drawn, with its ink unclipped (so a clipped text shows as one that leaves its box).
/// Off unless a caller sets `Canvas.textLog`; drawing keeps no log of its own.
public final class TextLog {
    public struct Entry: Sendable, Equatable {
        public var text: String
        /// The glyphs' masks together, in buffer pixels, before any clip.
        public var ink: IntRect
        /// The box the text was fitted to, in buffer pixels, when the caller gave one.
        public var box: IntRect?
        /// The size the text was drawn at.
        public var pixelSize: Int
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    func record(_ layout: TextLayout, x: Double, baseline: Int, box: IntRect?, originX: Int, originY: Int) {
        var text = ""
        for placed in layout.placed { text.unicodeScalars.append(placed.scalar) }
        entries.append(Entry(text: text, ink: layout.ink(x: x, baseline: baseline).offsetBy(dx: originX, dy: originY),
                             box: box?.offsetBy(dx: originX, dy: originY), pixelSize: layout.pixelSize))
    }
}
