import Raster

/// The display strip: description, M readout and display. It repaints only when what it shows changed.
struct ReadoutView {
    struct Content: Equatable {
        var description: String
        var display: String
        var memory: String?
        var error: String?
        /// "DEG" in degrees, nil in radians.
        var angle: String?
    }
    let layout: ScreenLayout
    var rect: IntRect { layout.displayStrip }
    private(set) var drawn: Content?
    /// The empty strip (its rounded face), put back under each change instead of filled again.
    private let emptyStrip = ViewPictures<Theme>(limit: 1)
    /// Where the text drawn last touched pixels (local coordinates); nil when unknown (not shown since).
    private var inked: [IntRect]?

    init(layout: ScreenLayout) { self.layout = layout }

    func needsDraw(_ content: Content) -> Bool { drawn != content }

    /// Shows `content`: paints it when `visible` and it changed (or `full`); remembers it either way.
    mutating func show(_ content: Content, visible: Bool, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        if visible && (full || drawn != content) {
            let strip = layout.displayStrip
            if full {
                drawEmpty(strip, style, into: &canvas)
            } else {
                // Outside the last text's ink the strip already shows its empty face: only the ink is put back.
                let empty = emptyStrip.picture(style.theme, at: strip, format: canvas.buffer.format) { drawEmpty(strip, style, into: &$0) }
                for stale in inked ?? [strip] { canvas.copy(empty.buffer, x: strip.x, y: strip.y, within: stale) }
            }
            // The text on a canvas of its own, so its ink is known apart from the strip's.
            var text = Canvas(buffer: canvas.buffer)
            text.strokeScratch = canvas.strokeScratch
            text.clip = canvas.clip
            text.originX = canvas.originX
            text.originY = canvas.originY
            text.textLog = canvas.textLog
            drawText(content, style, into: &text)
            let ink = text.damage.take()
            ink.forEach { canvas.damage.add($0) }
            inked = ink.map { $0.offsetBy(dx: -canvas.originX, dy: -canvas.originY) }
        }
        if !visible { inked = nil }
        drawn = content
    }

    private func drawEmpty(_ strip: IntRect, _ style: ViewStyle, into canvas: inout Canvas) {
        canvas.fill(strip, style.palette.background)
        canvas.fillRounded(strip, style.palette.displayFace, radius: Double(min(strip.height, strip.width)) / 14)
    }

    private func drawText(_ r: Content, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        let desc = layout.descriptionLine
        var descriptionRect = desc
        let smallest = FittedText.readableMinimum(maxPixelSize: desc.height * 3 / 4,
                                                  pixelsPerMillimetre: layout.pixelsPerMillimetre)
        if let memory = r.memory {
            let text = FittedText("M = " + memory, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4,
                                  width: layout.memoryLine.width, height: desc.height)
            text.draw(in: &canvas, rect: layout.memoryLine, alignment: .leading, palette.memoryText)
            let used = Int(text.layout.width.rounded(.up)) + desc.height / 2
            descriptionRect = IntRect(x: desc.x + used, y: desc.y, width: desc.width - used, height: desc.height)
        }
        // A refused key ("Exponent too large") keeps the number in view: its reason takes the description's line.
        // A math error is what the display shows (`error == display`): it takes the number's line.
        let refusal = r.error.flatMap { $0 == r.display ? nil : $0 }
        if let refusal {
            FittedText(refusal, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4, width: descriptionRect.width, height: desc.height,
                       minPixelSize: smallest)
                .draw(in: &canvas, rect: descriptionRect, alignment: .trailing, palette.errorText)
        } else if !r.description.isEmpty {
            FittedText(r.description, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4,
                       width: descriptionRect.width, height: desc.height, minPixelSize: smallest, elision: .leading)
                .draw(in: &canvas, rect: descriptionRect, alignment: .trailing, palette.descriptionText)
        }
        var line = layout.displayLine
        if let angle = r.angle {
            // Small, at the start of the number's line, where the number (drawn from the right) rarely reaches.
            let text = FittedText(angle, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4, width: line.width / 4, height: desc.height)
            text.draw(in: &canvas, rect: IntRect(x: line.x, y: line.maxY - desc.height, width: line.width / 4, height: desc.height),
                      alignment: .leading, palette.memoryText)
            let used = Int(text.layout.width.rounded(.up)) + desc.height / 2
            line = IntRect(x: line.x + used, y: line.y, width: line.width - used, height: line.height)
        }
        if let error = r.error, refusal == nil {
            FittedText(error, glyphs: glyphs, maxPixelSize: line.height / 2, width: line.width, height: line.height)
                .draw(in: &canvas, rect: line, alignment: .trailing, palette.errorText)
        } else {
            FittedText(r.display, glyphs: glyphs, maxPixelSize: line.height * 4 / 5, width: line.width, height: line.height)
                .draw(in: &canvas, rect: line, alignment: .trailing, palette.displayText)
        }
    }
}

/// What every view draws with: the theme's colours and the glyphs.
struct ViewStyle {
    var theme: Theme
    var palette: Palette
    var glyphs: any GlyphSource
}
