import EvdevInput
import Raster

/// The calibration screen, drawn whole from the session's state: the instruction and any notice, the
/// targets (the one to tap as a cross in a ring, the ones done as dots), and in the check step the ring that
/// follows the finger and the two buttons. Pure: a pixel buffer and glyphs in, pixels out, so `calx shot`
/// pictures it as the screen shows it.
public enum CalibrationScreen {
    static let background = Color(rgb: 0x1F2329), text = Color(rgb: 0xE8EAED), quiet = Color(rgb: 0x9AA0A6)
    static let accent = Color(rgb: 0x4FC3F7), warning = Color(rgb: 0xFFB74D), button = Color(rgb: 0x3A4150)
    static let keep = Color(rgb: 0x2E7D32)

    /// Draws the whole screen; returns it as the damage.
    public static func draw(_ session: CalibrationSession, into buffer: PixelBuffer, glyphs: any GlyphSource) -> [IntRect] {
        var canvas = Canvas(buffer: buffer)
        let layout = session.layout
        canvas.clear(background)
        let font = Font(source: glyphs, pixelSize: layout.textSize)
        let lineHeight = Double(layout.textSize) * 1.35
        let width = Double(layout.width)
        func lines(_ text: String, top: Double, _ color: Color) {
            for (i, line) in wrap(text, font, maxWidth: width * 0.9).enumerated() {
                let shaped = TextLayout(line, font: font)
                canvas.draw(shaped, x: ((width - shaped.width) / 2).rounded(), baseline: (top + lineHeight * Double(i + 1)).rounded(), color)
            }
        }
        // Between the targets: below the one a third of the way down, above the bottom corners.
        let instructionTop = Double(layout.height) * 0.42, noticeTop = Double(layout.height) * 0.58
        switch session.step {
        case .target(let index):
            // No break inside the count.
            lines("Tap the centre of the cross (\(index + 1)\u{A0}of\u{A0}\(layout.targets.count))", top: instructionTop, text)
            if let notice = noticeText(session.notice) { lines(notice, top: noticeTop, warning) }
            for (i, t) in layout.targets.enumerated() where session.samples[i] != nil && i != index {
                canvas.fillCircle(center: t, radius: 4, quiet)
            }
            cross(&canvas, at: layout.targets[index], radius: layout.targetRadius)
        case .check:
            lines("Try it: the ring follows your finger. Tap Keep to keep this calibration.", top: Double(layout.height) * 0.2, text)
            button(&canvas, layout.againButton, "Again", button, font)
            button(&canvas, layout.keepButton, "Keep", keep, font)
            if let p = session.trial {
                canvas.strokeCircle(center: p, radius: layout.targetRadius, width: 3, accent)
                canvas.fillCircle(center: p, radius: 3, accent)
            }
        case .done:
            lines("Calibrated", top: Double(layout.height) * 0.42, text)
        }
        return [buffer.bounds]
    }

    static func noticeText(_ notice: CalibrationSession.Notice) -> String? {
        switch notice {
        case .none: nil
        case .sameSpot: "That tap read where another did: tap this cross."
        case .farFromOthers: "That tap was far from where the others put it: tap this cross again."
        case .inLine: "Those taps lay on one line: starting again."
        case .again: "Starting again."
        case .timedOut: "Nothing was kept in \(Int(CalibrationSession.checkSeconds)) s: starting again."
        }
    }

    static func cross(_ canvas: inout Canvas, at p: Point, radius r: Double) {
        canvas.strokeCircle(center: p, radius: r * 0.6, width: 2, accent)
        canvas.strokeLine(from: Point(x: p.x - r, y: p.y), to: Point(x: p.x + r, y: p.y), width: 2, text)
        canvas.strokeLine(from: Point(x: p.x, y: p.y - r), to: Point(x: p.x, y: p.y + r), width: 2, text)
    }

    static func button(_ canvas: inout Canvas, _ rect: IntRect, _ label: String, _ color: Color, _ font: Font) {
        canvas.fill(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)), color,
                    cornerRadius: Double(rect.height) * 0.2)
        let shaped = TextLayout(label, font: font)
        canvas.draw(shaped, x: (Double(rect.x) + (Double(rect.width) - shaped.width) / 2).rounded(),
                    baseline: (Double(rect.y) + (Double(rect.height) + shaped.ascent - shaped.descent) / 2).rounded(), text)
    }

    /// Words onto lines no wider than `maxWidth` (a word longer than that gets a line of its own).
    static func wrap(_ text: String, _ font: Font, maxWidth: Double) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && TextLayout(candidate, font: font).width > maxWidth {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
