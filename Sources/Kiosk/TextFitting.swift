import Raster

/// Text that fits its box: it shrinks, but not below a minimum size, and past that it is elided with "…",
/// so it never spills over its neighbours. What must fit is the ink as well as the advance: a glyph's ink
/// can reach a pixel or two past the pen (an italic-like tail, a wide last digit).
struct FittedText {
    let layout: TextLayout
    let font: Font
    /// What is shown: the text, or the part of it that fits around an ellipsis.
    let shown: String

    /// Which part gives way: the end kept for a calculator's history, both ends for an expression.
    typealias Elision = TextElision

    /// The smallest text the kiosk draws for running text (descriptions, titles): half the box's natural
    /// size, and never below 12 px, nor below 2 mm where the screen's size is known (12 px is 2.3 mm on a
    /// 7-inch 800x480 panel). Never above the natural size itself.
    static func readableMinimum(maxPixelSize: Int, pixelsPerMillimetre: Double?) -> Int {
        let millimetres = pixelsPerMillimetre.map { Int(($0 * 2).rounded(.up)) } ?? 0
        return min(maxPixelSize, max(12, maxPixelSize / 2, millimetres))
    }

    /// The smallest a message or a title may shrink to, whatever its line's natural size: 12 px, or 2 mm where
    /// the screen's size is known (a long error on a tall display line shrinks that far before it elides).
    static func absoluteMinimum(maxPixelSize: Int, pixelsPerMillimetre: Double?) -> Int {
        readableMinimum(maxPixelSize: min(maxPixelSize, 24), pixelsPerMillimetre: pixelsPerMillimetre)
    }

    /// How wide `text` is at `pixelSize`, estimated for layouts made without glyphs (`calx layout`): in the
    /// kiosk's face (DejaVu Sans) capitals are about 0.75 em, most small letters 0.62, i, l, t and their like
    /// 0.42, m and w 1. LocaleFitTests checks every word with the real font.
    static func estimatedWidth(_ text: String, pixelSize: Int) -> Int {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "m", "w", "M", "W": ems += 1
            case "f", "i", "j", "l", "r", "t", "I", ".", ",", ":", ";", "'", " ", "-": ems += 0.42
            case "A"..."Z", "À"..."Þ": ems += 0.75
            default: ems += 0.62
            }
        }
        return Int((ems * Double(pixelSize)).rounded(.up))
    }

    init(_ text: String, glyphs: any GlyphSource, maxPixelSize: Int, width: Int, height: Int, minPixelSize: Int = 6,
         elision: Elision = .trailing) {
        var size = max(minPixelSize, min(maxPixelSize, Int(Double(height) * 0.8)))
        var font = Font(source: glyphs, pixelSize: size)
        var layout = TextLayout(text, font: font)
        var steps = 0
        while (Self.span(layout) > Double(width) || layout.ascent + abs(layout.descent) > Double(height) * 1.05)
                && size > minPixelSize && steps < 40 {
            let byWidth = layout.width > 0 ? Int(Double(size) * Double(width) / Self.span(layout)) : size
            size = max(minPixelSize, min(size - 1, byWidth))
            font = Font(source: glyphs, pixelSize: size)
            layout = TextLayout(text, font: font)
            steps += 1
        }
        var shown = text
        if Self.span(layout) > Double(width) {
            (shown, layout) = TextLayout.elided(text, font: font, width: Double(width), elision)
            // Elided by advances: where the ink reaches further, again to a width that leaves room for it.
            let overhang = Self.span(layout) - layout.width
            if Self.span(layout) > Double(width) {
                (shown, layout) = TextLayout.elided(text, font: font, width: Double(width) - overhang, elision)
            }
        }
        self.layout = layout
        self.font = font
        self.shown = shown
    }

    /// How wide the text is, its advance and its ink together.
    static func span(_ layout: TextLayout) -> Double {
        let ink = layout.ink(x: 0, baseline: 0)
        return ink.isEmpty ? layout.width : max(layout.width, Double(ink.maxX)) - min(0, Double(ink.x))
    }

    enum Alignment { case leading, center, trailing }

    /// Draws the text vertically centred in `rect` (its glyphs copied from `composed` where they land on its ground).
    func draw(in canvas: inout Canvas, rect: IntRect, alignment: Alignment, _ color: Color,
              composed: (glyphs: ComposedGlyphs, ground: ComposedGlyphs.Ground)? = nil) {
        let x: Double
        switch alignment {
        case .leading: x = Double(rect.x)
        case .center: x = Double(rect.x) + (Double(rect.width) - layout.width) / 2
        case .trailing: x = Double(rect.maxX) - layout.width
        }
        let descent = abs(layout.descent)
        let centred = Double(rect.y) + (Double(rect.height) + layout.ascent - descent) / 2
        // Measured where it is drawn, and moved back inside the box by whole pixels where it reaches out.
        var pen = x, baseline = Int(centred.rounded())
        let ink = layout.ink(x: pen, baseline: baseline)
        if ink.width <= rect.width {
            if ink.maxX > rect.maxX { pen -= Double(ink.maxX - rect.maxX) } else if ink.x < rect.x { pen += Double(rect.x - ink.x) }
        }
        if ink.height <= rect.height {
            if ink.maxY > rect.maxY { baseline -= ink.maxY - rect.maxY } else if ink.y < rect.y { baseline += rect.y - ink.y }
        }
        if let composed {
            canvas.draw(layout, x: pen, baseline: Double(baseline), color, box: rect, composedOver: composed.ground, from: composed.glyphs)
        } else {
            canvas.draw(layout, x: pen, baseline: Double(baseline), color, box: rect)
        }
    }
}

/// ASCII spellings for labels whose glyphs the face lacks.
let asciiLabel: [String: String] = [
    "xʸ": "x^y", "x²": "x^2", "x³": "x^3", "x⁻¹": "1/x", "∛": "cbrt", "√": "sqrt",
    "sin⁻¹": "asin", "cos⁻¹": "acos", "tan⁻¹": "atan", "log₁₀": "log", "eˣ": "e^x", "10ˣ": "10^x",
    "π": "pi", "→M": "->M", "−": "-", "×": "*", "÷": "/", "±": "+/-",
]

/// The label as the face can draw it.
func drawableLabel(_ label: String, glyphs: any GlyphSource) -> String {
    let layout = TextLayout(label, font: Font(source: glyphs, pixelSize: 24))
    if layout.missing.isEmpty { return label }
    return asciiLabel[label] ?? label
}
