import Locales
import Raster

/// "Still there?": a panel over the dimmed session in the last seconds before an idle reset, with the
/// seconds left. It comes whole over the session's last picture; each second repaints only its count line.
struct CountdownView {
    let panel: IntRect
    let title: IntRect
    let count: IntRect
    let hint: IntRect
    let screen: IntRect
    private(set) var drawn: Int?

    init(width: Int, height: Int, textScale: Double) {
        let w = max(1, width), h = max(1, height), short = Double(min(w, h))
        screen = IntRect(x: 0, y: 0, width: w, height: h)
        var lines = [0.13, 0.09, 0.06].map { short * $0 * textScale }
        let padding = short * 0.05
        // At most nine tenths of the screen's height, lines and padding together.
        let total = lines.reduce(0, +) + 2 * padding
        if total > Double(h) * 0.9 { lines = lines.map { $0 * Double(h) * 0.9 / total } }
        let pad = Int(min(padding, Double(h) * 0.03).rounded())
        let panelWidth = min(w - 2 * max(2, w / 50), max(Int(short), w * 3 / 5))
        let heights = lines.map { Int($0.rounded()) }
        let panelHeight = heights.reduce(0, +) + 2 * pad
        panel = IntRect(x: (w - panelWidth) / 2, y: (h - panelHeight) / 2, width: panelWidth, height: panelHeight)
        let inner = panel.insetBy(dx: max(pad, panelWidth / 20), dy: pad)
        title = IntRect(x: inner.x, y: inner.y, width: inner.width, height: heights[0])
        count = IntRect(x: inner.x, y: title.maxY, width: inner.width, height: heights[1])
        hint = IntRect(x: inner.x, y: count.maxY, width: inner.width, height: heights[2])
    }

    func needsDraw(_ secondsLeft: Int) -> Bool { drawn != secondsLeft }

    /// The next `show` comes whole.
    mutating func forget() { drawn = nil }

    /// Whole (the screen under it dimmed, the panel and its three lines) when `full` or not shown yet;
    /// else only the count, when it changed.
    mutating func show(_ secondsLeft: Int, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        let colors = style.palette.accent
        let whole = full || drawn == nil
        if whole {
            canvas.fill(screen, style.palette.background.withAlpha(170))
            canvas.fillRounded(panel, colors.face, radius: Double(min(panel.width, panel.height)) / 12)
            line(style.locale[.stillThere], in: title, style, into: &canvas)
            line(style.locale[.touchToCarryOn], in: hint, style, into: &canvas)
        } else if drawn != secondsLeft {
            canvas.fill(count, colors.face)
        }
        if whole || drawn != secondsLeft { line(Self.countWords(secondsLeft, style.locale), in: count, style, into: &canvas) }
        drawn = secondsLeft
    }

    /// "Starting over in 7 s", in the locale.
    static func countWords(_ secondsLeft: Int, _ locale: CalxLocale) -> String {
        locale.text(.countdown, [("seconds", String(secondsLeft))])
    }

    private func line(_ text: String, in rect: IntRect, _ style: ViewStyle, into canvas: inout Canvas) {
        fitted(text, in: rect, glyphs: style.glyphs).draw(in: &canvas, rect: rect, alignment: .center, style.palette.accent.text)
    }

    /// One of the panel's lines in its place (`title`, `count` or `hint`), no smaller than the readable minimum
    /// (LocaleFitTests: every locale's words shown whole).
    func fitted(_ text: String, in rect: IntRect, glyphs: any GlyphSource) -> FittedText {
        let smallest = FittedText.readableMinimum(maxPixelSize: rect.height * 3 / 4, pixelsPerMillimetre: nil)
        return FittedText(text, glyphs: glyphs, maxPixelSize: rect.height * 3 / 4, width: rect.width, height: rect.height,
                          minPixelSize: smallest, elision: .middle)
    }
}
