import CalculatorBrain
import Grapher
import Raster

/// The table of values, in the plot's place while the table tool is on: a column of x and one column a
/// shown curve, oldest first, each under a band of its colour and its title, on a faint wash of it. Rows are
/// x = start + i · step; a drag scrolls them a pixel at a time; a value that is not a number reads
/// "undefined". Only the rows on screen are computed: a frame costs rows × curves values, whatever the scroll.
enum ValueTableView {
    /// A row's height on a plot this tall: a twelfth of it, between 20 and 48 pixels.
    static func rowHeight(plotHeight: Int) -> Double {
        Double(min(max(plotHeight / 12, 20), 48))
    }

    static func draw(_ position: TablePosition, curves: [GraphCurve], in rect: IntRect, style: ViewStyle,
                     pixelsPerMillimetre: Double?, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        canvas.fill(rect, palette.graphFace)
        let shown = curves.filter { !$0.isHidden }
        let rowHeight = rowHeight(plotHeight: rect.height)
        let header = IntRect(x: rect.x, y: rect.y, width: rect.width, height: Int(rowHeight))
        let columns = columnRects(count: shown.count + 1, in: rect)
        let textSize = Int(rowHeight * 0.55)
        let smallest = max(7, min(textSize, FittedText.readableMinimum(maxPixelSize: textSize, pixelsPerMillimetre: pixelsPerMillimetre) * 3 / 4))
        for (column, curve) in zip(columns.dropFirst(), shown) {
            canvas.fill(IntRect(x: column.x, y: rect.y, width: column.width, height: rect.height), curve.color.withAlpha(22))
            let band = max(3, Int(rowHeight) / 8)
            canvas.fill(IntRect(x: column.x, y: header.maxY - band, width: column.width, height: band), curve.color)
            let title = IntRect(x: column.x + 3, y: header.y, width: column.width - 6, height: header.height - band)
            FittedText(curve.title, glyphs: glyphs, maxPixelSize: textSize, width: title.width, height: title.height,
                       minPixelSize: smallest, elision: .middle)
                .draw(in: &canvas, rect: title, alignment: .center, palette.graphTitle)
        }
        FittedText("x", glyphs: glyphs, maxPixelSize: textSize, width: columns[0].width, height: header.height)
            .draw(in: &canvas, rect: IntRect(x: columns[0].x, y: header.y, width: columns[0].width, height: header.height),
                  alignment: .center, palette.graphTitle)
        canvas.fill(IntRect(x: rect.x, y: header.maxY, width: rect.width, height: 1), palette.axis)

        let body = IntRect(x: rect.x, y: header.maxY + 1, width: rect.width, height: rect.maxY - header.maxY - 1)
        let saved = canvas.clip
        canvas.clip = saved.intersection(body.offsetBy(dx: canvas.originX, dy: canvas.originY))
        let first = Int(position.firstRow.rounded(.down))
        let visible = Int((Double(body.height) / rowHeight).rounded(.up)) + 1
        for i in first..<(first + visible) {
            let top = Double(body.y) + (Double(i) - position.firstRow) * rowHeight
            let row = IntRect(x: rect.x, y: Int(top.rounded()), width: rect.width, height: Int(rowHeight))
            canvas.fill(IntRect(x: rect.x, y: row.maxY - 1, width: rect.width, height: 1), palette.grid)
            let x = position.x(row: i)
            var texts = [CalculatorNumberFormat.string(x)]
            for curve in shown {
                let y = curve.function.value(at: x)
                texts.append(y.isFinite ? CalculatorNumberFormat.string(y) : "undefined")
            }
            for (text, column) in zip(texts, columns) {
                let cell = IntRect(x: column.x + 4, y: row.y, width: column.width - 8, height: row.height - 1)
                cellText(text, glyphs: glyphs, size: textSize, smallest: smallest, cell: cell)
                    .draw(in: &canvas, rect: cell, alignment: .trailing, text == "undefined" ? palette.tickText : palette.graphTitle)
            }
        }
        canvas.clip = saved
        for column in columns.dropFirst() {
            canvas.fill(IntRect(x: column.x, y: rect.y, width: 1, height: rect.height), palette.grid)
        }
    }

    /// Equal columns across the rect, the x column as wide as the others.
    static func columnRects(count: Int, in rect: IntRect) -> [IntRect] {
        (0..<count).map { i in
            let x0 = rect.x + rect.width * i / count, x1 = rect.x + rect.width * (i + 1) / count
            return IntRect(x: x0, y: rect.y, width: x1 - x0, height: rect.height)
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
