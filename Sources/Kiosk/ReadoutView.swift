import Locales
import Raster

/// The display strip: description, M readout and display. It repaints only when what it shows changed.
struct ReadoutView {
    /// What it shows, in the locale.
    struct Content: Equatable {
        var description: String
        var display: String
        var memory: String?
        /// A's digits beside M's, where A is other than 1.
        var parameter: String? = nil
        /// A math error, on the number's line.
        var error: String?
        /// Why the last key did nothing, on the description's line: the number stays in view.
        var refusal: String?
        /// "DEG" in degrees, and the open "(" ("DEG (2"); nil in radians with none open.
        var angle: String?
        /// The exact form beside the number ("1/3", "2√2"), where it says more than the decimal.
        var exact: String? = nil

        init(description: String, display: String, memory: String? = nil, error: String? = nil, refusal: String? = nil,
             angle: String? = nil, exact: String? = nil) {
            (self.description, self.display, self.memory, self.error, self.refusal, self.angle, self.exact) =
                (description, display, memory, error, refusal, angle, exact)
        }

        init(_ shown: ShownReadouts) {
            self.init(description: shown.description, display: shown.display, memory: shown.memory, error: shown.error,
                      refusal: shown.refusal, angle: [shown.angle, shown.openGroups].compactMap(\.self).joined(separator: " ").nonEmpty,
                      exact: shown.exactBesideDisplay)
            parameter = shown.parameterBesideMemory
        }
    }
    let layout: ScreenLayout
    var rect: IntRect { layout.displayStrip }
    private(set) var drawn: Content?
    /// The empty strip (its rounded face), put back under each change instead of filled again.
    private let emptyStrip = ViewPictures<Theme>(limit: 1)
    /// Where the text drawn last touched pixels (local coordinates); nil when unknown (not shown since).
    private var inked: [IntRect]?
    /// The number's glyphs blended once over the empty face, copied where the face lies flat under them.
    private let numberGlyphs = ComposedGlyphs()
    /// Where the empty strip is one flat value (the rows between its rounded ends), for the theme it was found in.
    private var flat: (theme: Theme, ground: ComposedGlyphs.Ground?)?

    init(layout: ScreenLayout) { self.layout = layout }

    func needsDraw(_ content: Content) -> Bool { drawn != content }

    /// Shows `content`: paints it when `visible` and it changed (or `full`); remembers it either way.
    mutating func show(_ content: Content, visible: Bool, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        if visible && (full || drawn != content) {
            let strip = layout.displayStrip
            var ground: ComposedGlyphs.Ground?
            if full {
                drawEmpty(strip, style, into: &canvas)
            } else {
                // Outside the last text's ink the strip already shows its empty face: only the ink is put back.
                let empty = emptyStrip.picture(style.theme, at: strip, format: canvas.buffer.format) { drawEmpty(strip, style, into: &$0) }
                for stale in inked ?? [strip] { canvas.copy(empty.buffer, x: strip.x, y: strip.y, within: stale) }
                ground = flatGround(of: empty.buffer, style).map {
                    ComposedGlyphs.Ground(rect: $0.rect.offsetBy(dx: canvas.originX, dy: canvas.originY), pixel: $0.pixel)
                }
            }
            // The text's damage apart from the strip's (and the frame's), so its ink is known: the canvas's damage
            // is set aside while it draws (a canvas of its own cost one made a frame).
            let before = canvas.damage
            canvas.damage = DamageRegion()
            drawText(content, style, ground: ground, into: &canvas)
            let ink = canvas.damage.take()
            canvas.damage = before
            ink.forEach { canvas.damage.add($0) }
            inked = ink.map { $0.offsetBy(dx: -canvas.originX, dy: -canvas.originY) }
        }
        if !visible { inked = nil }
        drawn = content
    }

    private func drawEmpty(_ strip: IntRect, _ style: ViewStyle, into canvas: inout Canvas) {
        canvas.fill(strip, style.palette.background)
        canvas.fillRounded(strip, style.palette.displayFace, radius: Self.radius(strip))
    }

    private static func radius(_ strip: IntRect) -> Double { Double(min(strip.height, strip.width)) / 14 }

    /// Where the empty strip is one flat value, and that value: the rows its rounded face fills whole, when the face
    /// is opaque (its pixel read from the strip's picture). Local coordinates.
    private mutating func flatGround(of empty: PixelBuffer, _ style: ViewStyle) -> ComposedGlyphs.Ground? {
        if let flat, flat.theme == style.theme { return flat.ground }
        let strip = layout.displayStrip, middle = strip.roundedFillMiddle(radius: Self.radius(strip))
        var found: ComposedGlyphs.Ground?
        if style.palette.displayFace.alpha == 255, !middle.isEmpty, empty.format == .xrgb8888 {
            found = ComposedGlyphs.Ground(rect: middle, pixel: empty.row32(middle.y - strip.y)[middle.x - strip.x])
        }
        flat = (style.theme, found)
        return found
    }

    private func drawText(_ r: Content, _ style: ViewStyle, ground: ComposedGlyphs.Ground?, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        let desc = layout.descriptionLine
        let smallest = FittedText.readableMinimum(maxPixelSize: desc.height * 3 / 4,
                                                  pixelsPerMillimetre: layout.pixelsPerMillimetre)
        let (memoryText, descriptionRect) = memoryReadout(r.memory, parameter: r.parameter, glyphs: glyphs)
        memoryText?.draw(in: &canvas, rect: layout.memoryLine, alignment: .leading, palette.memoryText)
        // A refused key ("Exponent too large") keeps the number in view: its reason takes the description's line.
        // A math error takes the number's line.
        if let refusal = r.refusal {
            refusalText(refusal, in: descriptionRect, glyphs: glyphs)
                .draw(in: &canvas, rect: descriptionRect, alignment: .trailing, palette.errorText)
        } else if !r.description.isEmpty {
            descriptionText(r.description, in: descriptionRect, glyphs: glyphs)
                .draw(in: &canvas, rect: descriptionRect, alignment: .trailing, palette.descriptionText)
        }
        let (angleText, line) = angleReadout(r.angle, glyphs: glyphs)
        // Small, at the start of the number's line, where the number (drawn from the right) rarely reaches.
        angleText?.draw(in: &canvas, rect: IntRect(x: layout.displayLine.x, y: layout.displayLine.maxY - desc.height,
                                                   width: layout.displayLine.width / 4, height: desc.height),
                        alignment: .leading, palette.memoryText)
        if let error = r.error {
            errorText(error, in: line, glyphs: glyphs).draw(in: &canvas, rect: line, alignment: .trailing, palette.errorText)
        } else {
            let (number, exact) = numberAndExactForm(r, line: line, smallest: smallest, glyphs: glyphs)
            number.draw(in: &canvas, rect: line, alignment: .trailing, palette.displayText,
                        composed: ground.map { (numberGlyphs, $0) })
            if let exact {
                // Just before the number, on its baseline: "2√2 ≈ 2.828427" reads as one phrase.
                let baseline = Double(line.y) + (Double(line.height) + number.layout.ascent - abs(number.layout.descent)) / 2
                let x = Double(line.maxX) - number.layout.width - Double(layout.descriptionLine.height / 2) - exact.layout.width
                canvas.draw(exact.layout, x: x, baseline: baseline, palette.descriptionText)
            }
        }
    }

    /// The number, and the exact form beside it ("1/3 ≈") at the description's size, the number giving up to half
    /// its size for it (never below the form's); where both do not fit so, the form shrinks to two thirds of its
    /// size, then to the readable minimum; past that it is left out (the number always shows, as without it).
    func numberAndExactForm(_ r: Content, line: IntRect, smallest: Int, glyphs: any GlyphSource) -> (FittedText, FittedText?) {
        let numberSize = line.height * 4 / 5
        let number = FittedText(r.display, glyphs: glyphs, maxPixelSize: numberSize, width: line.width, height: line.height)
        guard let form = r.exact else { return (number, nil) }
        let label = form + " ≈"
        let gap = layout.descriptionLine.height / 2, height = layout.descriptionLine.height, labelSize = height * 3 / 4
        for labelMinimum in [labelSize, max(smallest, labelSize * 2 / 3), smallest] {
            let least = Int(TextLayout(label, font: Font(source: glyphs, pixelSize: labelMinimum)).width.rounded(.up))
            let numberRoom = line.width - gap - least
            let shown = FittedText(r.display, glyphs: glyphs, maxPixelSize: numberSize, width: numberRoom, height: line.height,
                                   minPixelSize: max(smallest, labelSize, number.font.pixelSize / 2))
            guard shown.shown == r.display, shown.layout.width <= Double(numberRoom) else { continue }
            let room = line.width - gap - Int(shown.layout.width.rounded(.up))
            let exact = FittedText(label, glyphs: glyphs, maxPixelSize: labelSize, width: room, height: height, minPixelSize: labelMinimum)
            if exact.shown == label && exact.layout.width <= Double(room) { return (shown, exact) }
        }
        return (number, nil)
    }
}

extension ReadoutView {
    /// The M readout, if M is set, with A's beside it where A is not 1 ("M = 5  A = 2"), and the description's
    /// line beside them.
    func memoryReadout(_ memory: String?, parameter: String? = nil, glyphs: any GlyphSource) -> (text: FittedText?, rest: IntRect) {
        let desc = layout.descriptionLine
        let parts = [memory.map { "M = " + $0 }, parameter.map { "A = " + $0 }].compactMap(\.self)
        guard !parts.isEmpty else { return (nil, desc) }
        let text = FittedText(parts.joined(separator: "  "), glyphs: glyphs, maxPixelSize: desc.height * 3 / 4, width: layout.memoryLine.width,
                              height: desc.height)
        let used = Int(text.layout.width.rounded(.up)) + desc.height / 2
        return (text, IntRect(x: desc.x + used, y: desc.y, width: desc.width - used, height: desc.height))
    }

    /// The angle readout, in degrees, and the number's line beside it.
    func angleReadout(_ angle: String?, glyphs: any GlyphSource) -> (text: FittedText?, rest: IntRect) {
        let line = layout.displayLine
        guard let angle else { return (nil, line) }
        let text = angleText(angle, glyphs: glyphs)
        let used = Int(text.layout.width.rounded(.up)) + layout.descriptionLine.height / 2
        return (text, IntRect(x: line.x + used, y: line.y, width: line.width - used, height: line.height))
    }

    /// The angle readout ("DEG"), small at the start of the number's line.
    func angleText(_ angle: String, glyphs: any GlyphSource) -> FittedText {
        let desc = layout.descriptionLine, line = layout.displayLine
        return FittedText(angle, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4, width: line.width / 4, height: desc.height,
                          minPixelSize: FittedText.readableMinimum(maxPixelSize: desc.height * 3 / 4,
                                                                    pixelsPerMillimetre: layout.pixelsPerMillimetre))
    }

    /// The description (or a graph tool's prompt) in `line`: the description's line, less the M readout's room;
    /// no smaller than the readable minimum, then it keeps its end.
    func descriptionText(_ description: String, in line: IntRect, glyphs: any GlyphSource) -> FittedText {
        let size = layout.descriptionLine.height * 3 / 4
        return FittedText(description, glyphs: glyphs, maxPixelSize: size, width: line.width, height: layout.descriptionLine.height,
                          minPixelSize: FittedText.readableMinimum(maxPixelSize: size, pixelsPerMillimetre: layout.pixelsPerMillimetre),
                          elision: .leading)
    }

    /// Why a key did nothing, in `line`: the description's line, less the M readout's room.
    func refusalText(_ refusal: String, in line: IntRect, glyphs: any GlyphSource) -> FittedText {
        let size = layout.descriptionLine.height * 3 / 4
        return FittedText(refusal, glyphs: glyphs, maxPixelSize: size, width: line.width, height: line.height,
                          minPixelSize: FittedText.absoluteMinimum(maxPixelSize: size, pixelsPerMillimetre: layout.pixelsPerMillimetre))
    }

    /// A math error, in `line`: the number's line, less the angle readout's room.
    func errorText(_ error: String, in line: IntRect, glyphs: any GlyphSource) -> FittedText {
        FittedText(error, glyphs: glyphs, maxPixelSize: line.height / 2, width: line.width, height: line.height,
                   minPixelSize: FittedText.absoluteMinimum(maxPixelSize: line.height / 2, pixelsPerMillimetre: layout.pixelsPerMillimetre))
    }
}

/// What every view draws with: the theme's colours, the glyphs and the locale's words. A class: every view and
/// hit test of a frame is handed it, and a struct's copy retained the glyphs and each of the locale's texts.
final class ViewStyle {
    let theme: Theme
    let palette: Palette
    let glyphs: any GlyphSource
    let locale: CalxLocale

    init(theme: Theme, palette: Palette, glyphs: any GlyphSource, locale: CalxLocale = .english) {
        (self.theme, self.palette, self.glyphs, self.locale) = (theme, palette, glyphs, locale)
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
