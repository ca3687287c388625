import Calculator
import Raster

/// The keypad: one button per key, each with its rect, hit test and look. A key repaints only when
/// its own pressed or enabled state changed.
struct KeypadView {
    struct Button {
        let key: CalculatorKey
        let rect: IntRect
    }
    struct Content: Equatable {
        var pressed: CalculatorKey?
        var isGraphEnabled: Bool

        func state(of key: CalculatorKey) -> ButtonState {
            ButtonState(pressed: pressed == key, enabled: key != .graph || isGraphEnabled)
        }
    }
    struct ButtonState: Hashable { var pressed: Bool; var enabled: Bool }
    /// A key's face as drawn: which key, in which state, in which theme.
    struct Face: Hashable { var key: CalculatorKey; var state: ButtonState; var theme: Theme }

    let buttons: [Button]
    /// How far a finger may slide off a key and still activate it.
    let slop: Double
    private(set) var drawn: Content?
    /// The faces of keys that changed state lately (a press shows two), copied back instead of drawn again.
    private let faces = ViewPictures<Face>(limit: 8)

    init(layout: ScreenLayout) {
        buttons = zip(layout.keypad.keys, layout.keyRects).map { Button(key: $0, rect: $1) }
        slop = layout.slop
    }

    /// The key under a point, if any.
    func key(at p: Point) -> CalculatorKey? {
        buttons.first { $0.rect.covers(p) }?.key
    }

    /// Whether a finger at `p` is still on `key`, grown by the slop.
    func isNear(_ key: CalculatorKey, _ p: Point) -> Bool {
        buttons.first { $0.key == key }.map { $0.rect.isNear(p, slop: slop) } ?? false
    }

    func needsDraw(_ content: Content) -> Bool { drawn != content }

    /// Shows `content`: paints the keys whose state changed (all with `full`) when `visible`.
    mutating func show(_ content: Content, visible: Bool, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        if visible {
            for button in buttons where full || drawn?.state(of: button.key) != content.state(of: button.key) {
                let state = content.state(of: button.key)
                if full {
                    // A whole screen draws each face once: keeping them all would only cost memory.
                    draw(button, state, style, into: &canvas)
                } else {
                    faces.show(Face(key: button.key, state: state, theme: style.theme), at: button.rect, into: &canvas) {
                        draw(button, state, style, into: &$0)
                    }
                }
            }
        }
        drawn = content
    }

    private func draw(_ button: Button, _ state: ButtonState, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        let rect = button.rect, key = button.key
        let colors = state.enabled ? palette.keyColors(KeyRole(key)) : palette.disabled
        canvas.fill(rect, palette.background)
        let face = state.pressed ? colors.pressed : colors.face
        let radius = Double(min(rect.width, rect.height)) / 7
        canvas.fillRounded(rect, face, radius: radius)
        if state.pressed {
            // Beyond colour, a pressed key shows a rim in its text colour.
            let rim = max(2, Double(min(rect.width, rect.height)) / 24)
            canvas.fill(Rect(x: Double(rect.x) + radius, y: Double(rect.maxY) - rim, width: Double(rect.width) - 2 * radius,
                             height: rim), colors.text.withAlpha(110))
        }
        let inner = rect.insetBy(dx: max(2, rect.width / 10), dy: max(2, rect.height / 8))
        switch key {
        case .graph: Icons.graph(in: &canvas, rect: inner, colors.text)
        case .undo: Icons.backspace(in: &canvas, rect: inner, colors.text)
        default:
            let label = drawableLabel(key.label, glyphs: glyphs)
            let maxSize = Int(Double(min(rect.height, rect.width)) * (key.label.count > 2 ? 0.36 : 0.46))
            FittedText(label, glyphs: glyphs, maxPixelSize: maxSize, width: inner.width, height: inner.height)
                .draw(in: &canvas, rect: inner, alignment: .center, colors.text)
        }
    }
}
