import Calculator
import CalculatorBrain
import Raster

/// The history list, over the keypad: a Back key, then the last results newest first, one to a keypad row
/// (so each is as tall as a key, 9 mm on a 7" panel). Tapping a result uses its value as an operand.
struct HistoryView {
    struct Row: Equatable {
        var description: String
        var result: String
    }
    struct Content: Equatable {
        var rows: [Row]
        var pressed: CalculatorKey?
    }

    /// Back: closes the list (it is the keypad's Hist key, pressed again).
    let backKey: IntRect
    /// Where the title goes, beside Back.
    let titleRect: IntRect
    /// One rect per entry that fits, newest first.
    let entryRects: [IntRect]
    let area: IntRect
    let slop: Double
    /// Text this much larger than usual, as far as each row holds it.
    let textScale: Double
    private(set) var drawn: Content?

    init(layout: ScreenLayout) {
        let grid = layout.keypad, rects = layout.keys.map(\.rect), pad = layout.keypadArea
        area = pad
        slop = layout.slop
        textScale = layout.textScale
        func row(_ r: Int) -> IntRect {
            let first = rects[r * grid.columns], last = rects[r * grid.columns + grid.columns - 1]
            return IntRect(x: first.x, y: first.y, width: last.maxX - first.x, height: first.height)
        }
        let header = row(0)
        let backWidth = rects[1].maxX - rects[0].x
        backKey = IntRect(x: header.x, y: header.y, width: backWidth, height: header.height)
        titleRect = IntRect(x: backKey.maxX + header.height / 3, y: header.y,
                            width: header.maxX - backKey.maxX - header.height / 3, height: header.height)
        entryRects = (1..<grid.rows).map(row)
    }

    static func rows(of history: CalculatorHistory) -> [Row] {
        history.entries.map { Row(description: $0.description, result: CalculatorNumberFormat.string($0.value)) }
    }

    /// The key under a point: Back, an entry's `history(i)`, or nil.
    func key(at p: Point, entryCount: Int) -> CalculatorKey? {
        if backKey.covers(p) { return .historyList }
        return entryRects.prefix(entryCount).firstIndex { $0.covers(p) }.map { .history($0) }
    }

    func isNear(_ key: CalculatorKey, _ p: Point) -> Bool {
        rect(of: key)?.isNear(p, slop: slop) ?? false
    }

    func rect(of key: CalculatorKey) -> IntRect? {
        switch key {
        case .historyList: backKey
        case .history(let i) where entryRects.indices.contains(i): entryRects[i]
        default: nil
        }
    }

    func needsDraw(_ content: Content) -> Bool { drawn != content }

    /// The next `show` paints everything (the keypad covered the list).
    mutating func forget() { drawn = nil }

    mutating func show(_ content: Content, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        if full || drawn != content { draw(content, style, into: &canvas) }
        drawn = content
    }

    private func draw(_ content: Content, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        canvas.fill(area, palette.background)
        let radius = Double(min(backKey.width, backKey.height)) / 7
        let back = content.pressed == .historyList ? palette.command.pressed : palette.command.face
        canvas.fillRounded(backKey, back, radius: radius)
        Icons.chevronLeft(in: &canvas, rect: IntRect(x: backKey.x, y: backKey.y, width: backKey.height, height: backKey.height),
                          palette.command.text)
        // Beside the chevron, as the graph pane's Back key has it.
        let backLabel = IntRect(x: backKey.x + backKey.height * 3 / 4, y: backKey.y + backKey.height / 5,
                                width: backKey.width - backKey.height * 3 / 4 - backKey.height / 4, height: backKey.height * 3 / 5)
        FittedText("Back", glyphs: glyphs, maxPixelSize: backKey.height / 2, width: backLabel.width, height: backLabel.height)
            .draw(in: &canvas, rect: backLabel, alignment: .center, palette.command.text)
        let title = content.rows.isEmpty ? "No results yet" : "History: tap to use"
        FittedText(title, glyphs: glyphs, maxPixelSize: Int(Double(titleRect.height * 2 / 5) * textScale), width: titleRect.width, height: titleRect.height)
            .draw(in: &canvas, rect: titleRect, alignment: .leading, palette.displayText)
        for (index, (rect, row)) in zip(entryRects, content.rows).enumerated() {
            draw(row, in: rect, pressed: content.pressed == .history(index), style, into: &canvas)
        }
    }

    private func draw(_ row: Row, in rect: IntRect, pressed: Bool, _ style: ViewStyle, into canvas: inout Canvas) {
        let colors = style.palette.digit, glyphs = style.glyphs
        canvas.fillRounded(rect, pressed ? colors.pressed : colors.face, radius: Double(min(rect.width, rect.height)) / 7)
        let inner = rect.insetBy(dx: max(4, rect.height / 4), dy: max(2, rect.height / 6))
        let result = FittedText(row.result, glyphs: glyphs, maxPixelSize: inner.height * 3 / 4,
                                width: inner.width / 2, height: inner.height)
        result.draw(in: &canvas, rect: inner, alignment: .trailing, colors.text)
        let used = Int(result.layout.width.rounded(.up)) + inner.height / 2
        let descriptionRect = IntRect(x: inner.x, y: inner.y, width: max(1, inner.width - used), height: inner.height)
        FittedText(row.description, glyphs: glyphs, maxPixelSize: Int(Double(inner.height / 2) * textScale), width: descriptionRect.width,
                   height: descriptionRect.height, minPixelSize: min(12, inner.height / 2), elision: .leading)
            .draw(in: &canvas, rect: descriptionRect, alignment: .leading, colors.text)
    }
}
