import Calculator
import CalculatorBrain
import Locales
import Raster

/// The history list, over the keypad: a Back key, then the last results newest first, one to a keypad row
/// (so each is as tall as a key, 9 mm on a 7" panel). Tapping a result uses its value as an operand. The
/// rows show from `first` on: a drag scrolls the list a row at a time (the touch router decides the drag),
/// the title says which rows show of how many, and a bar at the side where they lie.
struct HistoryView {
    struct Row: Equatable {
        var description: String
        var result: String
    }
    struct Content: Equatable {
        var rows: [Row]
        var pressed: CalculatorKey?
        /// The row shown in the first place.
        var first = 0
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
    let pixelsPerMillimetre: Double?
    private(set) var drawn: Content?

    init(layout: ScreenLayout) {
        let rows = layout.keypadRows, pad = layout.keypadArea
        area = pad
        slop = layout.slop
        textScale = layout.textScale
        pixelsPerMillimetre = layout.pixelsPerMillimetre
        // Back is two columns of keys wide, or as wide as its word needs at the readable minimum (up to half the row).
        let header = rows[0]
        let wordSize = FittedText.readableMinimum(maxPixelSize: header.height / 2, pixelsPerMillimetre: pixelsPerMillimetre)
        let wordRoom = FittedText.estimatedWidth(layout.locale[.backKey], pixelSize: wordSize) + header.height
        let backWidth = min(max(layout.keypadColumnsWidth(2), wordRoom), header.width / 2)
        backKey = IntRect(x: header.x, y: header.y, width: backWidth, height: header.height)
        titleRect = IntRect(x: backKey.maxX + header.height / 3, y: header.y,
                            width: header.maxX - backKey.maxX - header.height / 3, height: header.height)
        entryRects = Array(rows.dropFirst())
    }

    static func rows(of history: CalculatorHistory, locale: CalxLocale) -> [Row] {
        history.entries.map {
            Row(description: locale.description($0.description), result: locale.numbers(CalculatorNumberFormat.string($0.value)))
        }
    }

    /// How far the rows lie apart: a drag this long scrolls one row.
    var rowPitch: Double { entryRects.count > 1 ? Double(entryRects[1].y - entryRects[0].y) : Double(max(1, entryRects.first?.height ?? 1)) }

    /// The first row that can show in the first place: the list scrolls no further than its last row in the last.
    func lastFirst(entryCount: Int) -> Int { max(0, entryCount - entryRects.count) }

    /// Where a finger lands: Back, or the list (an entry's `history(i)`, or nil between and below them).
    func landing(at p: Point, entryCount: Int, first: Int) -> TouchLanding {
        if backKey.covers(p) { return .key(.historyList) }
        return .list(key(at: p, entryCount: entryCount, first: first))
    }

    /// The key under a point: Back, an entry's `history(i)`, or nil.
    func key(at p: Point, entryCount: Int, first: Int = 0) -> CalculatorKey? {
        if backKey.covers(p) { return .historyList }
        guard let slot = entryRects.firstIndex(where: { $0.covers(p) }), first + slot < entryCount else { return nil }
        return .history(first + slot)
    }

    func isNear(_ key: CalculatorKey, _ p: Point, first: Int = 0) -> Bool {
        rect(of: key, first: first)?.isNear(p, slop: slop) ?? false
    }

    /// Where a key is with the list scrolled to `first`; nil for an entry not showing.
    func rect(of key: CalculatorKey, first: Int = 0) -> IntRect? {
        switch key {
        case .historyList: backKey
        case .history(let i) where entryRects.indices.contains(i - first): entryRects[i - first]
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
        backLabel(style).draw(in: &canvas, rect: backLabelRect, alignment: .center, palette.command.text)
        let count = content.rows.count
        title(count: count, first: content.first, style).draw(in: &canvas, rect: titleRect, alignment: .leading, palette.displayText)
        for (slot, rect) in entryRects.enumerated() where content.first + slot < count {
            let index = content.first + slot
            draw(content.rows[index], in: rect, pressed: content.pressed == .history(index), style, into: &canvas)
        }
        if count > entryRects.count { drawScrollBar(first: content.first, count: count, palette, into: &canvas) }
    }

    /// A bar in the margin beside the rows: as tall beside them as the share of the list that shows, as far
    /// down as the rows shown are.
    private func drawScrollBar(first: Int, count: Int, _ palette: Palette, into canvas: inout Canvas) {
        guard let top = entryRects.first, let bottom = entryRects.last else { return }
        let margin = area.maxX - top.maxX, width = max(2, min(4, margin - 2))
        let x = margin >= width + 2 ? top.maxX + (margin - width) / 2 : top.maxX - width - 2
        let track = Double(bottom.maxY - top.y)
        let y = Double(top.y) + track * Double(first) / Double(count)
        let height = track * Double(entryRects.count) / Double(count)
        canvas.fill(Rect(x: Double(x), y: y, width: Double(width), height: height), palette.tickText, cornerRadius: Double(width) / 2)
    }

    /// Beside the chevron, as the graph pane's Back key has it.
    var backLabelRect: IntRect {
        IntRect(x: backKey.x + backKey.height * 3 / 4, y: backKey.y + backKey.height / 5,
                width: backKey.width - backKey.height * 3 / 4 - backKey.height / 4, height: backKey.height * 3 / 5)
    }

    /// Back's word, no smaller than the kiosk's readable minimum.
    func backLabel(_ style: ViewStyle) -> FittedText {
        let room = backLabelRect
        return FittedText(style.locale[.backKey], glyphs: style.glyphs, maxPixelSize: backKey.height / 2, width: room.width,
                          height: room.height, minPixelSize: readableMinimum(backKey.height / 2))
    }

    /// "No results yet" over an empty list, "History: tap to use" where every row shows, else which rows
    /// show of how many: "History 1–6 of 20: tap, or drag", or where that is too long "History 1–6 of 20".
    /// The words to try, longest first.
    func titleWords(count: Int, first: Int, locale: CalxLocale) -> [String] {
        if count == 0 { return [locale[.historyEmpty]] }
        if count <= entryRects.count { return [locale[.historyTitle]] }
        let shown = min(entryRects.count, count - first)
        let values = [("first", String(first + 1)), ("last", String(first + shown)), ("count", String(count))]
        return [locale.text(.historyScrolled, values), locale.text(.historyScrolledShort, values)]
    }

    /// The longest of the title's words shown whole, no smaller than the kiosk's readable minimum.
    func title(count: Int, first: Int, _ style: ViewStyle) -> FittedText {
        let words = titleWords(count: count, first: first, locale: style.locale)
        var fitted: FittedText!
        for text in words {
            let largest = Int(Double(titleRect.height * 2 / 5) * textScale)
            fitted = FittedText(text, glyphs: style.glyphs, maxPixelSize: largest, width: titleRect.width,
                                height: titleRect.height, minPixelSize: readableMinimum(titleRect.height * 2 / 5))
            if fitted.shown == text { break }
        }
        return fitted
    }

    private func readableMinimum(_ size: Int) -> Int {
        FittedText.readableMinimum(maxPixelSize: size, pixelsPerMillimetre: pixelsPerMillimetre)
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
