import Calculator
import Raster

/// The keypad: one button per key, each with its rect, hit test and look. A key repaints only when
/// its own pressed or enabled state changed.
struct KeypadView {
    /// A button is a key where the layout put it.
    typealias Button = KeyPlace
    struct Content: Equatable {
        var pressed: CalculatorKey?
        var isGraphEnabled: Bool
        var secondPage = false

        func state(of button: Button) -> ButtonState {
            let key = secondPage ? button.secondKey : button.key
            return ButtonState(key: key, pressed: pressed == key, enabled: key != .graph || isGraphEnabled,
                               latched: key == .secondPage && secondPage)
        }
    }
    /// `latched`: 2nd while the second page is up, drawn in the accent colour.
    struct ButtonState: Hashable { var key: CalculatorKey; var pressed: Bool; var enabled: Bool; var latched: Bool }
    /// A key's face as drawn: the key in its state, in which theme.
    struct Face: Hashable { var state: ButtonState; var theme: Theme }

    let buttons: [Button]
    /// The keypad's whole area, gaps included (the history list paints over the gaps too).
    let area: IntRect
    /// How far a finger may slide off a key and still activate it.
    let slop: Double
    /// Labels this much larger than usual, as far as the key's face holds them.
    let textScale: Double
    let pixelsPerMillimetre: Double?
    private(set) var drawn: Content?
    /// The faces of keys that changed state lately (a press shows two), copied back instead of drawn again.
    private let faces = ViewPictures<Face>(limit: 8)

    /// Where each key of either page is among `buttons`.
    private let buttonIndices: [CalculatorKey: [Int]]
    /// The graph key's buttons (it turns on and off as the calculator changes), found once.
    private let graphIndices: [Int]
    /// The buttons of the key `drawn` shows pressed, found when it was pressed: a key frame looks up one key at most.
    private var pressedIndices: [Int] = []

    init(layout: ScreenLayout) {
        buttons = layout.keys
        var indices: [CalculatorKey: [Int]] = [:]
        for (i, button) in layout.keys.enumerated() {
            indices[button.key, default: []].append(i)
            if button.secondKey != button.key { indices[button.secondKey, default: []].append(i) }
        }
        buttonIndices = indices
        graphIndices = indices[.graph] ?? []
        slop = layout.slop
        textScale = layout.textScale
        pixelsPerMillimetre = layout.pixelsPerMillimetre
        area = layout.keypadArea
    }

    /// The key under a point on the page shown, if any.
    func key(at p: Point, secondPage: Bool) -> CalculatorKey? {
        buttons.first { $0.rect.covers(p) }.map { secondPage ? $0.secondKey : $0.key }
    }

    /// Whether a finger at `p` is still on `key` (of either page), grown by the slop.
    func isNear(_ key: CalculatorKey, _ p: Point) -> Bool {
        buttonIndices[key]?.first.map { buttons[$0].rect.isNear(p, slop: slop) } ?? false
    }

    /// The next `show` paints every key (the history list covered them).
    mutating func forget() { drawn = nil }

    func needsDraw(_ content: Content) -> Bool { drawn != content }

    /// The buttons of `key` (of either page); none for nil.
    private func indices(of key: CalculatorKey?) -> [Int] { key.flatMap { buttonIndices[$0] } ?? [] }

    /// Shows `content`: paints the keys whose state changed (all with `full`) when `visible`.
    mutating func show(_ content: Content, visible: Bool, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        let pressedNow = drawn != nil && drawn?.pressed == content.pressed ? pressedIndices : indices(of: content.pressed)
        if visible {
            if drawn == nil && !full { canvas.fill(area, style.palette.background) }
            // Every key at once (a whole screen, or the keypad back from under the history list) draws each
            // face once: passing them all through the few kept pictures would draw, keep and evict each.
            if full || drawn == nil {
                for (i, button) in buttons.enumerated() {
                    let state = content.state(of: button)
                    // The graph key turns on and off with the calculator's program, with no finger on it: its face
                    // is kept from the start, so the first C after a whole frame copies it instead of drawing it.
                    if graphIndices.contains(i) {
                        faces.show(Face(state: state, theme: style.theme), at: button.rect, into: &canvas) {
                            draw(button.rect, state, style, into: &$0)
                        }
                    } else {
                        draw(button.rect, state, style, into: &canvas)
                    }
                }
            } else if let drawn {
                func update(_ i: Int) {
                    let button = buttons[i], state = content.state(of: button)
                    guard drawn.state(of: button) != state else { return }
                    faces.show(Face(state: state, theme: style.theme), at: button.rect, into: &canvas) {
                        draw(button.rect, state, style, into: &$0)
                    }
                }
                // The buttons whose state can differ: when the page stays, only those of the keys pressed before
                // and now, and the graph key's when it turns on or off (each button once), so a key frame looks
                // at two or three buttons instead of comparing every button's state.
                if drawn.secondPage != content.secondPage {
                    buttons.indices.forEach(update)
                } else {
                    let pressChanged = drawn.pressed != content.pressed
                    if pressChanged {
                        pressedIndices.forEach(update)
                        for i in pressedNow where !pressedIndices.contains(i) { update(i) }
                    }
                    if drawn.isGraphEnabled != content.isGraphEnabled {
                        for i in graphIndices where !pressChanged || !(pressedIndices.contains(i) || pressedNow.contains(i)) { update(i) }
                    }
                }
            }
        }
        drawn = content
        pressedIndices = pressedNow
    }

    private func draw(_ rect: IntRect, _ state: ButtonState, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette, glyphs = style.glyphs
        let key = state.key
        let colors = !state.enabled ? palette.disabled : state.latched ? palette.accent : palette.keyColors(KeyRole(key))
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
        let inner = Self.labelRect(rect)
        switch key {
        case .graph: Icons.graph(in: &canvas, rect: inner, colors.text)
        case .undo: Icons.backspace(in: &canvas, rect: inner, colors.text)
        default:
            Self.label(of: key, in: rect, style: style, pixelsPerMillimetre: pixelsPerMillimetre, textScale: textScale)
                .draw(in: &canvas, rect: inner, alignment: .center, colors.text)
        }
    }

    /// The room for a key's label inside its face.
    static func labelRect(_ rect: IntRect) -> IntRect {
        rect.insetBy(dx: max(2, rect.width / 10), dy: max(2, rect.height / 8))
    }

    /// A key's label in its face, in the locale: a short label large, a longer one smaller, `textScale` times
    /// larger as far as the face holds it; no smaller than the kiosk's readable minimum (a label that could not
    /// fit elides, which LocaleFitTests refuses).
    static func label(of key: CalculatorKey, in rect: IntRect, style: ViewStyle, pixelsPerMillimetre: Double?,
                      textScale: Double = 1) -> FittedText {
        let glyphs = style.glyphs, inner = labelRect(rect)
        let word = style.locale.label(of: key)
        let maxSize = Int(Double(min(rect.height, rect.width)) * (word.unicodeScalars.count > 2 ? 0.36 : 0.46) * textScale)
        return FittedText(drawableLabel(word, glyphs: glyphs), glyphs: glyphs, maxPixelSize: maxSize, width: inner.width,
                          height: inner.height,
                          minPixelSize: FittedText.readableMinimum(maxPixelSize: maxSize, pixelsPerMillimetre: pixelsPerMillimetre))
    }
}
