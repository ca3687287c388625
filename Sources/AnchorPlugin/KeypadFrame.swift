import Raster
import Typeface

/// The bench-peers "keypad" scene (../shared/bench-peers/README.md), drawn with Raster and Typeface:
/// an 800x100 display strip (rounded panel, 52 px number right-aligned) above 5x6 rounded keys
/// with 26 px labels. Static labels are laid out once; the number is laid out and measured every frame.
/// `strip_only` redraws just the strip, as a dirty-rect update would.
@_cdecl("anchor_keypad_frame")
public func anchorKeypadFrame(_ px: UnsafeMutablePointer<UInt32>, _ w: Int32, _ h: Int32, _ stride: Int32,
                              _ stripOnly: Int32, _ display: UnsafePointer<CChar>) -> Int32 {
    guard let buffer = PixelBuffer(base: UnsafeMutableRawPointer(px), width: Int(w), height: Int(h),
                                   strideBytes: Int(stride)) else { return 1 }
    guard let scene = KeypadScene.shared(width: buffer.width, height: buffer.height) else { return 2 }
    var canvas = Canvas(buffer: buffer)
    scene.draw(on: &canvas, display: String(cString: display), stripOnly: stripOnly != 0)
    return 0
}

/// The keypad scene's layout, computed once per buffer size. One per process, not thread-safe:
/// the bench harness calls the plugin from one thread.
final class KeypadScene {
    static let stripHeight = 100
    static let columns = 5
    static let rows = 6

    enum KeyClass { case digit, operation, function, clear, memory, equals, graph }

    /// The bench's keys, in reading order.
    static let keys: [(label: String, kind: KeyClass)] = [
        ("sin", .function), ("cos", .function), ("tan", .function), ("ln", .function), ("\u{1F4C8}", .graph),
        ("eˣ", .function), ("x²", .function), ("x⁻¹", .function), ("√", .function), ("π", .function),
        ("7", .digit), ("8", .digit), ("9", .digit), ("÷", .operation), ("C", .clear),
        ("4", .digit), ("5", .digit), ("6", .digit), ("×", .operation), ("⌫", .clear),
        ("1", .digit), ("2", .digit), ("3", .digit), ("−", .operation), ("→M", .memory),
        ("0", .digit), ("±", .digit), ("=", .equals), ("+", .operation), ("M", .memory),
    ]

    static func color(_ r: Double, _ g: Double, _ b: Double) -> Color {
        func channel(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        return Color(red: channel(r), green: channel(g), blue: channel(b))
    }

    static func fill(_ kind: KeyClass) -> Color {
        switch kind {
        case .digit: return color(0.93, 0.93, 0.94)
        case .operation: return color(1.00, 0.62, 0.04)
        case .function: return color(0.30, 0.32, 0.36)
        case .clear: return color(0.85, 0.26, 0.22)
        case .memory, .graph: return color(0.22, 0.45, 0.70)
        case .equals: return color(0.18, 0.62, 0.32)
        }
    }

    static func ink(_ kind: KeyClass) -> Color { kind == .digit ? color(0.08, 0.08, 0.10) : Color.white }

    static let background = color(0.11, 0.12, 0.13)
    static let panel = color(0.86, 0.90, 0.84)
    static let displayInk = color(0.07, 0.08, 0.07)

    struct Key {
        let rect: Rect
        let fill: Color
        let ink: Color
        /// nil for the graph key, whose label no font has: it is drawn as an icon.
        let label: TextLayout?
        let penX: Double
        let baseline: Double
    }

    let width: Int
    let height: Int
    let keys: [Key]
    let displayFont: Font

    nonisolated(unsafe) private static var cached: KeypadScene?

    static func shared(width: Int, height: Int) -> KeypadScene? {
        if let cached, cached.width == width, cached.height == height { return cached }
        guard let face = try? Typeface.default() else { return nil }
        cached = KeypadScene(face: face, width: width, height: height)
        return cached
    }

    init(face: Typeface, width: Int, height: Int) {
        self.width = width
        self.height = height
        displayFont = Font(source: face, pixelSize: 52)
        let labelFont = Font(source: face, pixelSize: 26)
        let metrics = labelFont.metrics
        let keyWidth = Double(width) / Double(Self.columns)
        let keyHeight = Double(height - Self.stripHeight) / Double(Self.rows)
        keys = Self.keys.enumerated().map { i, key in
            let x = Double(i % Self.columns) * keyWidth
            let y = Double(Self.stripHeight) + Double(i / Self.columns) * keyHeight
            let rect = Rect(x: x + 4, y: y + 4, width: keyWidth - 8, height: keyHeight - 8)
            let cx = x + keyWidth / 2, cy = y + keyHeight / 2
            // Ink box centred horizontally; one baseline per row from the font metrics.
            let baseline = (cy + (metrics.ascent - metrics.descent) / 2 - 0.05 * metrics.lineHeight).rounded()
            guard key.kind != .graph else {
                return Key(rect: rect, fill: Self.fill(key.kind), ink: Self.ink(key.kind), label: nil, penX: cx, baseline: cy)
            }
            let layout = TextLayout(key.label, font: labelFont)
            let ink = layout.inkBounds ?? IntRect(x: 0, y: 0, width: Int(layout.width), height: 0)
            let penX = (cx - (Double(ink.x) + Double(ink.width) / 2)).rounded()
            return Key(rect: rect, fill: Self.fill(key.kind), ink: Self.ink(key.kind), label: layout,
                       penX: penX, baseline: baseline)
        }
    }

    func draw(on canvas: inout Canvas, display: String, stripOnly: Bool) {
        if stripOnly {
            canvas.withClip(IntRect(x: 0, y: 0, width: width, height: Self.stripHeight)) { strip in
                drawStrip(on: &strip, display: display)
            }
            return
        }
        canvas.clear(Self.background)
        drawStrip(on: &canvas, display: display)
        for key in keys {
            canvas.fill(key.rect, key.fill, cornerRadius: 8)
            if let label = key.label {
                canvas.draw(label, x: key.penX, baseline: key.baseline, key.ink)
            } else {
                drawGraphIcon(on: &canvas, centerX: key.penX, centerY: key.baseline, key.ink)
            }
        }
    }

    private func drawStrip(on canvas: inout Canvas, display: String) {
        let strip = Double(Self.stripHeight)
        canvas.fill(IntRect(x: 0, y: 0, width: width, height: Self.stripHeight), Self.background)
        canvas.fill(Rect(x: 8, y: 8, width: Double(width) - 16, height: strip - 16), Self.panel, cornerRadius: 10)
        let layout = TextLayout(display, font: displayFont)
        let x = (Double(width) - 24 - layout.width).rounded()
        let ink = layout.inkBounds ?? IntRect(x: 0, y: -Int(layout.ascent), width: 0, height: Int(layout.ascent))
        let baseline = (strip / 2 - (Double(ink.y) + Double(ink.height) / 2)).rounded()
        canvas.draw(layout, x: x, baseline: baseline, Self.displayInk)
    }

    /// 📈 is in no installed font: axes and a rising line, as the cairo peer draws it.
    private func drawGraphIcon(on canvas: inout Canvas, centerX cx: Double, centerY cy: Double, _ ink: Color) {
        canvas.strokePolyline([Point(x: cx - 14, y: cy - 14), Point(x: cx - 14, y: cy + 13), Point(x: cx + 15, y: cy + 13)],
                              width: 2, ink)
        canvas.strokePolyline([Point(x: cx - 10, y: cy + 7), Point(x: cx - 3, y: cy - 1), Point(x: cx + 3, y: cy + 4),
                               Point(x: cx + 13, y: cy - 10)], width: 3, ink)
    }
}
