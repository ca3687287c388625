import CalculatorBrain
import Locales
import Grapher
import Raster

/// The table of values, in the plot's place while the table tool is on: a column of x and one column a
/// shown curve, oldest first, each under a band of its colour and its title, on a faint wash of it. Rows are
/// x = start + i · step; a drag scrolls them a pixel at a time; a value that is not a number reads
/// "undefined". Only the rows on screen are computed; a drag moves the rows already drawn (`Canvas.scroll`)
/// and draws only the strip it uncovers, so a frame of it costs a row or two, whatever the scroll. The rows sit
/// at the scroll rounded to a whole pixel: what a move leaves in place is where a whole redraw puts it.
struct ValueTableView {
    /// What the table last drew, and where.
    private struct Drawn: Equatable {
        var position: TablePosition
        var columns: [Column]
        var rect: IntRect
        var theme: Theme
    }
    private struct Column: Equatable {
        var id: Int
        var title: String
        var color: Color
    }
    private var drawn: Drawn?

    /// The next `show` draws the whole table (something else was drawn where it is).
    mutating func forget() { drawn = nil }

    /// A row's height on a plot this tall: a twelfth of it, between 20 and 48 pixels.
    static func rowHeight(plotHeight: Int) -> Double {
        Double(min(max(plotHeight / 12, 20), 48))
    }

    mutating func show(_ position: TablePosition, curves: [GraphCurve], in rect: IntRect, full: Bool, style: ViewStyle,
                       pixelsPerMillimetre: Double?, into canvas: inout Canvas) {
        let shown = curves.filter { !$0.isHidden }
        let content = Drawn(position: position, columns: shown.map { Column(id: $0.id, title: $0.title, color: $0.color) },
                            rect: rect, theme: style.theme)
        let look = Look(rect: rect, columnCount: shown.count + 1, style: style, pixelsPerMillimetre: pixelsPerMillimetre)
        var old = content
        old.position.firstRow = drawn?.position.firstRow ?? 0
        let shift = look.offset(position) - look.offset(old.position)
        if !full, drawn == old, shift != 0, abs(shift) < Double(look.body.height) {
            // The rows already drawn move with the finger; the strip they uncover is drawn.
            let dy = -Int(shift)
            canvas.scroll(look.body, dx: 0, dy: dy)
            let strip = dy < 0 ? IntRect(x: rect.x, y: look.body.maxY + dy, width: rect.width, height: -dy)
                               : IntRect(x: rect.x, y: look.body.y, width: rect.width, height: dy)
            drawBody(position, shown, look, within: strip, into: &canvas)
        } else if full || drawn != content {
            drawHeader(shown, look, into: &canvas)
            drawBody(position, shown, look, within: look.body, into: &canvas)
        }
        drawn = content
    }

    /// Sizes and places that follow from the rect and the number of columns.
    private struct Look {
        let rowHeight: Double
        let header: IntRect
        let body: IntRect
        let columns: [IntRect]
        let textSize: Int
        let smallest: Int
        let style: ViewStyle

        init(rect: IntRect, columnCount: Int, style: ViewStyle, pixelsPerMillimetre: Double?) {
            rowHeight = ValueTableView.rowHeight(plotHeight: rect.height)
            header = IntRect(x: rect.x, y: rect.y, width: rect.width, height: Int(rowHeight))
            body = IntRect(x: rect.x, y: header.maxY + 1, width: rect.width, height: rect.maxY - header.maxY - 1)
            columns = (0..<columnCount).map { i in
                let x0 = rect.x + rect.width * i / columnCount, x1 = rect.x + rect.width * (i + 1) / columnCount
                return IntRect(x: x0, y: rect.y, width: x1 - x0, height: rect.height)
            }
            textSize = Int(rowHeight * 0.55)
            smallest = max(7, min(textSize, FittedText.readableMinimum(maxPixelSize: textSize, pixelsPerMillimetre: pixelsPerMillimetre) * 3 / 4))
            self.style = style
        }

        /// How far the rows are scrolled, in whole pixels.
        func offset(_ position: TablePosition) -> Double { (position.firstRow * rowHeight).rounded() }
    }

    private func drawHeader(_ shown: [GraphCurve], _ look: Look, into canvas: inout Canvas) {
        let palette = look.style.palette, glyphs = look.style.glyphs, header = look.header
        canvas.fill(header, palette.graphFace)
        for (column, curve) in zip(look.columns.dropFirst(), shown) {
            canvas.fill(IntRect(x: column.x, y: header.y, width: column.width, height: header.height), curve.color.withAlpha(22))
            let band = max(3, header.height / 8)
            canvas.fill(IntRect(x: column.x, y: header.maxY - band, width: column.width, height: band), curve.color)
            let title = IntRect(x: column.x + 3, y: header.y, width: column.width - 6, height: header.height - band)
            FittedText(curve.title, glyphs: glyphs, maxPixelSize: look.textSize, width: title.width, height: title.height,
                       minPixelSize: look.smallest, elision: .middle)
                .draw(in: &canvas, rect: title, alignment: .center, palette.graphTitle)
        }
        let x = look.columns[0]
        FittedText("x", glyphs: glyphs, maxPixelSize: look.textSize, width: x.width, height: header.height)
            .draw(in: &canvas, rect: IntRect(x: x.x, y: header.y, width: x.width, height: header.height), alignment: .center,
                  palette.graphTitle)
        canvas.fill(IntRect(x: header.x, y: header.maxY, width: header.width, height: 1), palette.axis)
        for column in look.columns.dropFirst() {
            canvas.fill(IntRect(x: column.x, y: header.y, width: 1, height: header.height), palette.grid)
        }
    }

    /// The rows that reach into `area` (part of the body), drawn within it alone.
    private func drawBody(_ position: TablePosition, _ shown: [GraphCurve], _ look: Look, within area: IntRect,
                          into canvas: inout Canvas) {
        let palette = look.style.palette, glyphs = look.style.glyphs, body = look.body
        let saved = canvas.clip
        canvas.clip = saved.intersection(area.intersection(body).offsetBy(dx: canvas.originX, dy: canvas.originY))
        defer { canvas.clip = saved }
        guard !canvas.clip.isEmpty else { return }
        canvas.fill(area, palette.graphFace)
        for (column, curve) in zip(look.columns.dropFirst(), shown) {
            canvas.fill(IntRect(x: column.x, y: area.y, width: column.width, height: area.height), curve.color.withAlpha(22))
        }
        let rowHeight = look.rowHeight, offset = look.offset(position)
        // The rows from the one at the area's top to the one at its bottom.
        let first = Int(((offset + Double(area.y - body.y)) / rowHeight).rounded(.down))
        let last = Int(((offset + Double(area.maxY - body.y)) / rowHeight).rounded(.down))
        for i in first...max(first, last) {
            let top = Double(body.y) + Double(i) * rowHeight - offset
            let row = IntRect(x: body.x, y: Int(top.rounded()), width: body.width, height: Int(rowHeight))
            canvas.fill(IntRect(x: body.x, y: row.maxY - 1, width: body.width, height: 1), palette.grid)
            let x = position.x(row: i)
            let locale = look.style.locale
            // Each cell's text, and whether it is a number (an undefined cell is written fainter).
            var cells = [(locale.numbers(CalculatorNumberFormat.string(x)), true)]
            for curve in shown {
                let y = curve.function.value(at: x)
                cells.append(y.isFinite ? (locale.numbers(CalculatorNumberFormat.string(y)), true) : (locale[.undefined], false))
            }
            for ((text, isNumber), column) in zip(cells, look.columns) {
                let cell = IntRect(x: column.x + 4, y: row.y, width: column.width - 8, height: row.height - 1)
                Self.cellText(text, glyphs: glyphs, size: look.textSize, smallest: look.smallest, cell: cell)
                    .draw(in: &canvas, rect: cell, alignment: .trailing, isNumber ? palette.graphTitle : palette.tickText)
            }
        }
        for column in look.columns.dropFirst() {
            canvas.fill(IntRect(x: column.x, y: area.y, width: 1, height: area.height), palette.grid)
        }
    }

    /// A number as the display writes it; where that cannot fit the cell even small, fewer significant
    /// digits (5, 4, 3), and only then an ellipsis.
    static func cellText(_ text: String, glyphs: any GlyphSource, size: Int, smallest: Int, cell: IntRect) -> FittedText {
        let fitted = FittedText(text, glyphs: glyphs, maxPixelSize: size, width: cell.width, height: cell.height, minPixelSize: smallest)
        guard fitted.shown != text, let value = Double(text) else { return fitted }
        for digits in [5, 4, 3] {
            let shorter = DecimalLabel.format(value, significantDigits: digits)
            let attempt = FittedText(shorter, glyphs: glyphs, maxPixelSize: size, width: cell.width, height: cell.height, minPixelSize: smallest)
            if attempt.shown == shorter { return attempt }
        }
        return FittedText(DecimalLabel.format(value, significantDigits: 3), glyphs: glyphs, maxPixelSize: size, width: cell.width,
                          height: cell.height, minPixelSize: smallest, elision: .middle)
    }
}
