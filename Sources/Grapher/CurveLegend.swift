import Raster

/// The curves' titles laid out in a strip, each after a swatch of its curve's colour, in the order given
/// (a caller lists the newest first). They fit by shrinking, down to `minPixelSize`, onto as many rows
/// as the strip holds at that size; what still does not fit is elided in the middle, the longest titles
/// first, so nothing ever leaves `rect` (a caller's keys and neighbours beside it stay clear). Where that
/// would leave a title a bare "…" (six curves at 320x240), the entries are numbered instead, "1" to "n" in
/// the order given, each after its swatch: the caller shows the titles elsewhere (the kiosk tags each curve
/// with its number, and the trace names it).
public struct CurveLegend {
    public struct Entry: Equatable {
        /// Index into the titles given.
        public var index: Int
        /// The title as shown: whole, or elided.
        public var text: String
        public var swatch: IntRect
        /// Where the text starts, and its baseline.
        public var textX: Double
        public var baseline: Double
        public var textWidth: Double
        /// Where a tap selects this entry: its row's height, half the gap to each neighbour.
        public var hitRect: IntRect
    }
    public let rect: IntRect
    public let font: Font
    public let rows: Int
    public let entries: [Entry]
    /// The entries are the titles' numbers (1 for the first given), not the titles.
    public let isNumbered: Bool

    /// A row is this much taller than its text.
    static let rowLeading = 1.25

    public init(titles: [String], in rect: IntRect, glyphs: any GlyphSource, maxPixelSize: Int, minPixelSize: Int) {
        self.init(titles: titles, in: rect, glyphs: glyphs, maxPixelSize: maxPixelSize, minPixelSize: minPixelSize, numbersAllowed: true)
    }

    private init(titles: [String], in rect: IntRect, glyphs: any GlyphSource, maxPixelSize: Int, minPixelSize: Int,
                 numbersAllowed: Bool) {
        self.rect = rect
        let minimum = max(1, min(minPixelSize, maxPixelSize))
        let rowsAtMinimum = max(1, min(titles.count, Int(Double(rect.height) / (Double(minimum) * Self.rowLeading))))
        var chosen: (font: Font, rows: Int, entries: [Entry])?
        // The largest size over every row count; at a tie, fewer rows.
        for rows in 1...rowsAtMinimum {
            let largest = min(maxPixelSize, Int(Double(rect.height / rows) / Self.rowLeading))
            guard largest >= minimum else { break }
            // The widths shrink with the size: bisect for the largest size at which every title fits whole.
            var low = minimum, high = largest
            while low <= high {
                let size = (low + high) / 2
                let font = Font(source: glyphs, pixelSize: size)
                if let entries = Self.placedWhole(titles, font: font, rows: rows, in: rect, numbers: !numbersAllowed) {
                    if chosen == nil || size > chosen!.font.pixelSize { chosen = (font, rows, entries) }
                    low = size + 1
                } else {
                    high = size - 1
                }
            }
        }
        if let chosen {
            (font, rows, entries) = chosen
            isNumbered = false
            return
        }
        let small = Font(source: glyphs, pixelSize: minimum)
        let elided = Self.placedElided(titles, font: small, rows: rowsAtMinimum, in: rect, numbers: !numbersAllowed)
        if !numbersAllowed || zip(elided, titles).allSatisfy(Self.isReadable) {
            (font, rows, entries) = (small, rowsAtMinimum, elided)
            isNumbered = false
            return
        }
        // Numbers, as large as they fit whole (they always fit on as many rows as titles would).
        let numbers = titles.indices.map { String($0 + 1) }
        let numbered = CurveLegend(titles: numbers, in: rect, glyphs: glyphs, maxPixelSize: maxPixelSize, minPixelSize: minPixelSize,
                                   numbersAllowed: false)
        (font, rows, entries) = (numbered.font, numbered.rows, numbered.entries)
        isNumbered = true
    }

    /// An elided title still says something: whole, or at least four characters of it beside the "…".
    private static func isReadable(_ entry: Entry, _ title: String) -> Bool {
        entry.text == title || entry.text.filter { $0 != "…" }.count >= min(4, title.count)
    }

    /// The entry under a point, if any.
    public func entry(atX x: Double, y: Double) -> Int? {
        entries.first { e in
            Double(e.hitRect.x) <= x && x < Double(e.hitRect.maxX) && Double(e.hitRect.y) <= y && y < Double(e.hitRect.maxY)
        }?.index
    }

    /// Draws the entries; a hidden curve's swatch is hollow and its title struck through, so the state
    /// reads without telling colours apart.
    public func draw(into canvas: inout Canvas, colors: [Color], hidden: [Bool], text: Color, hiddenText: Color) {
        let saved = canvas.clip
        canvas.clip = saved.intersection(rect.offsetBy(dx: canvas.originX, dy: canvas.originY))
        for e in entries {
            let color = e.index < colors.count ? colors[e.index] : text
            let isHidden = e.index < hidden.count && hidden[e.index]
            if isHidden {
                let line = max(1, e.swatch.width / 6)
                canvas.fill(IntRect(x: e.swatch.x, y: e.swatch.y, width: e.swatch.width, height: line), color)
                canvas.fill(IntRect(x: e.swatch.x, y: e.swatch.maxY - line, width: e.swatch.width, height: line), color)
                canvas.fill(IntRect(x: e.swatch.x, y: e.swatch.y, width: line, height: e.swatch.height), color)
                canvas.fill(IntRect(x: e.swatch.maxX - line, y: e.swatch.y, width: line, height: e.swatch.height), color)
            } else {
                canvas.fill(e.swatch, color)
            }
            canvas.draw(TextLayout(e.text, font: font), x: e.textX, baseline: e.baseline, isHidden ? hiddenText : text)
            if isHidden {
                let y = Int((e.baseline - font.metrics.ascent * 0.35).rounded())
                canvas.fill(IntRect(x: Int(e.textX), y: y, width: Int(e.textWidth.rounded(.up)), height: max(1, font.pixelSize / 12)), hiddenText)
            }
        }
        canvas.clip = saved
    }

    // MARK: Placing

    private struct Metrics {
        let swatch: Int, swatchGap: Int, gap: Int
        /// Numbers sit closer than titles (a third of an em apart, not three quarters, a fifth from their
        /// swatches, not three tenths): six fit beside a strip's keys at 320x240, the Tools key's icon among
        /// them, with the keys' words at the readable minimum.
        init(_ size: Int, numbers: Bool) {
            swatch = max(4, size * 7 / 10)
            swatchGap = numbers ? max(2, size / 5) : max(2, size * 3 / 10)
            gap = numbers ? max(3, size / 3) : max(4, size * 3 / 4)
        }
    }

    /// Every title whole, row after row in order; nil when they need more rows than given.
    private static func placedWhole(_ titles: [String], font: Font, rows: Int, in rect: IntRect, numbers: Bool) -> [Entry]? {
        let m = Metrics(font.pixelSize, numbers: numbers)
        var rowOf: [Int] = [], widths: [Double] = []
        var row = 0, used = 0.0
        for title in titles {
            let w = TextLayout(title, font: font).width
            let need = Double(m.swatch + m.swatchGap) + w
            if need > Double(rect.width) { return nil }
            if used > 0 && used + Double(m.gap) + need > Double(rect.width) {
                row += 1
                used = 0
            }
            if row >= rows { return nil }
            used += (used > 0 ? Double(m.gap) : 0) + need
            rowOf.append(row)
            widths.append(w)
        }
        return layOut(titles, widths: widths, rowOf: rowOf, font: font, rows: rows, in: rect, numbers: numbers)
    }

    /// At the smallest size, as many titles to a row as evenly as the rows allow; each row's width is
    /// shared so short titles stay whole and the long ones share the rest, elided in the middle.
    private static func placedElided(_ titles: [String], font: Font, rows: Int, in rect: IntRect, numbers: Bool) -> [Entry] {
        let m = Metrics(font.pixelSize, numbers: numbers)
        let perRow = max(1, (titles.count + rows - 1) / rows)
        var shown = titles, widths: [Double] = [], rowOf: [Int] = []
        for (i, title) in titles.enumerated() {
            widths.append(TextLayout(title, font: font).width)
            rowOf.append(i / perRow)
        }
        for row in 0..<rows {
            let members = titles.indices.filter { rowOf[$0] == row }
            guard !members.isEmpty else { continue }
            var room = Double(rect.width) - Double(members.count) * Double(m.swatch + m.swatchGap) - Double(members.count - 1) * Double(m.gap)
            room = max(0, room)
            // Water-filling: the titles narrower than an equal share keep their width; the rest share what is left.
            var open = members.sorted { widths[$0] < widths[$1] }
            while let first = open.first, widths[first] <= room / Double(open.count) {
                room -= widths[first]
                open.removeFirst()
            }
            let share = open.isEmpty ? 0 : (room / Double(open.count)).rounded(.down)
            for i in open {
                let (text, layout) = TextLayout.elided(titles[i], font: font, width: share, .middle)
                shown[i] = text
                widths[i] = layout.width
            }
        }
        return layOut(shown, widths: widths, rowOf: rowOf, font: font, rows: rows, in: rect, numbers: numbers)
    }

    private static func layOut(_ texts: [String], widths: [Double], rowOf: [Int], font: Font, rows: Int, in rect: IntRect,
                               numbers: Bool) -> [Entry] {
        let m = Metrics(font.pixelSize, numbers: numbers)
        let rowHeight = rect.height / max(1, rows)
        let metrics = font.metrics
        var entries: [Entry] = []
        var x = Double(rect.x), currentRow = -1
        for (i, text) in texts.enumerated() {
            if rowOf[i] != currentRow {
                currentRow = rowOf[i]
                x = Double(rect.x)
            } else {
                x += Double(m.gap)
            }
            let top = rect.y + currentRow * rowHeight
            let baseline = (Double(top) + (Double(rowHeight) + metrics.ascent - abs(metrics.descent)) / 2).rounded()
            let swatchY = Int((baseline - metrics.ascent / 2).rounded()) - m.swatch / 2
            let swatch = IntRect(x: Int(x.rounded()), y: swatchY, width: m.swatch, height: m.swatch)
            let textX = x + Double(m.swatch + m.swatchGap)
            let right = textX + widths[i]
            // Rounded alike on both sides of a gap, so neighbours meet and never overlap.
            let hitLeft = max(rect.x, Int((x - Double(m.gap) / 2).rounded()))
            let hitRight = min(rect.maxX, Int((right + Double(m.gap) / 2).rounded()))
            entries.append(Entry(index: i, text: text, swatch: swatch, textX: textX, baseline: baseline, textWidth: widths[i],
                                 hitRect: IntRect(x: hitLeft, y: top, width: hitRight - hitLeft, height: rowHeight)))
            x = right
        }
        return entries
    }
}
