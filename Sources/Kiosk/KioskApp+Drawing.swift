import Calculator
import CalculatorBrain
import Grapher
import Raster

/// What each region showed when it was last drawn: a region is repainted only when its entry changes.
struct DrawnContent: Equatable {
    struct Readout: Equatable {
        var description: String
        var display: String
        var memory: String?
        var error: String?
    }
    struct GraphContent: Equatable {
        var program: GraphRequest?
        var viewport: Viewport
        var trace: Point?
        var pressedKey: PaneKey?
    }
    var layout: ScreenLayout
    var theme: Theme
    var pushed: Bool
    var readout: Readout
    /// Per key: pressed, enabled.
    var keys: [KeyState]
    var graph: GraphContent?

    struct KeyState: Equatable { var pressed: Bool; var enabled: Bool }
}

extension KioskApp {
    /// True when `draw` would change pixels.
    public var needsRedraw: Bool {
        needsFullRedraw || drawn != currentContent() || (isGraphVisible && plot?.view.needsRefinement == true)
    }

    func currentContent() -> DrawnContent {
        let graphEnabled = model.isGraphEnabled
        let keys = layout.keypad.keys.enumerated().map { index, key in
            DrawnContent.KeyState(pressed: pressedKeyIndex == index, enabled: key != .graph || graphEnabled)
        }
        return DrawnContent(
            layout: layout, theme: theme, pushed: isGraphPushed,
            readout: .init(description: model.descriptionText, display: model.display,
                           memory: model.memoryReadout, error: model.errorMessage),
            keys: keys,
            graph: isGraphVisible ? .init(program: graph, viewport: viewport, trace: tracePoint, pressedKey: pressedPaneKey) : nil)
    }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    public func draw(into buffer: PixelBuffer) -> [IntRect] {
        var canvas = Canvas(buffer: buffer)
        let now = currentContent()
        let full = needsFullRedraw || drawn == nil || drawn?.layout != now.layout || drawn?.theme != now.theme
            || drawn?.pushed != now.pushed || buffer.width != width || buffer.height != height
        if full { canvas.clear(palette.background) }
        if !isGraphPushed {
            if full || drawn?.readout != now.readout { drawReadout(&canvas, now.readout) }
            for (index, state) in now.keys.enumerated() where full || drawn?.keys[index] != state {
                drawKey(&canvas, index: index, state: state)
            }
        }
        if let g = now.graph {
            if full || drawn?.graph?.program != g.program || drawn?.graph?.pressedKey != g.pressedKey {
                drawGraphTitle(&canvas, g)
            }
            drawPlot(&canvas, g, full: full)
        }
        drawn = now
        needsFullRedraw = false
        return canvas.damage.take()
    }

    private func drawReadout(_ canvas: inout Canvas, _ r: DrawnContent.Readout) {
        let strip = layout.displayStrip
        canvas.fill(strip, palette.background)
        canvas.fillRounded(strip, palette.displayFace, radius: Double(min(strip.height, strip.width)) / 14)
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
        if !r.description.isEmpty {
            FittedText(r.description, glyphs: glyphs, maxPixelSize: desc.height * 3 / 4,
                       width: descriptionRect.width, height: desc.height, minPixelSize: smallest, elision: .leading)
                .draw(in: &canvas, rect: descriptionRect, alignment: .trailing, palette.descriptionText)
        }
        let line = layout.displayLine
        if let error = r.error {
            FittedText(error, glyphs: glyphs, maxPixelSize: line.height / 2, width: line.width, height: line.height)
                .draw(in: &canvas, rect: line, alignment: .trailing, palette.errorText)
        } else {
            FittedText(r.display, glyphs: glyphs, maxPixelSize: line.height * 4 / 5, width: line.width, height: line.height)
                .draw(in: &canvas, rect: line, alignment: .trailing, palette.displayText)
        }
    }

    private func drawKey(_ canvas: inout Canvas, index: Int, state: DrawnContent.KeyState) {
        let rect = layout.keyRects[index]
        let key = layout.keypad.keys[index]
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

    /// The strip above the plot: the graphed program's description between the back key (when pushed)
    /// and the Fit and Reset keys.
    private func drawGraphTitle(_ canvas: inout Canvas, _ g: DrawnContent.GraphContent) {
        let title = layout.graphTitle
        canvas.fill(title, palette.graphFace)
        let gap = title.height / 3
        var left = title.x + max(4, title.height / 4)
        if isGraphPushed, let back = layout.backKey {
            drawPaneKey(&canvas, .back, rect: back, pressed: g.pressedKey == .back, enabled: true)
            left = back.maxX + gap
        }
        drawPaneKey(&canvas, .fit, rect: layout.fitKey, pressed: g.pressedKey == .fit, enabled: g.program != nil)
        drawPaneKey(&canvas, .reset, rect: layout.resetKey, pressed: g.pressedKey == .reset, enabled: true)
        let right = layout.fitKey.x - gap
        let titleRect = IntRect(x: left, y: title.y + title.height / 8, width: right - left, height: title.height - title.height / 4)
        let text = g.program.map { $0.description } ?? "Press the graph key to plot"
        let smallest = FittedText.readableMinimum(maxPixelSize: titleRect.height * 3 / 4,
                                                  pixelsPerMillimetre: layout.pixelsPerMillimetre)
        FittedText(text, glyphs: glyphs, maxPixelSize: titleRect.height * 3 / 4, width: titleRect.width, height: titleRect.height,
                   minPixelSize: smallest, elision: .middle)
            .draw(in: &canvas, rect: titleRect, alignment: .center, palette.graphTitle)
        canvas.fill(IntRect(x: title.x, y: title.maxY - 1, width: title.width, height: 1), palette.grid)
        if layout.mode == .split {
            canvas.fill(IntRect(x: layout.graphPane.x, y: 0, width: 1, height: layout.graphPane.height), palette.grid)
        }
    }

    private func drawPaneKey(_ canvas: inout Canvas, _ key: PaneKey, rect: IntRect, pressed: Bool, enabled: Bool) {
        let colors = enabled ? palette.command : palette.disabled
        canvas.fill(rect, palette.graphFace)
        canvas.fillRounded(rect, pressed ? colors.pressed : colors.face, radius: Double(rect.height) / 5)
        var labelRect = rect.insetBy(dx: max(2, rect.height / 6), dy: 0)
        if key == .back {
            Icons.chevronLeft(in: &canvas, rect: rect, colors.text)
            labelRect = IntRect(x: rect.x + rect.height * 3 / 4, y: rect.y, width: rect.width - rect.height * 3 / 4 - 4,
                                height: rect.height)
        }
        let label = switch key { case .back: "Back"; case .fit: "Fit"; case .reset: "Reset" }
        FittedText(label, glyphs: glyphs, maxPixelSize: rect.height / 2, width: labelRect.width, height: labelRect.height)
            .draw(in: &canvas, rect: labelRect, alignment: .center, colors.text)
    }

    /// What the graph's last drawn frame sampled: evaluations, cache reuse (for `calx bench`).
    public var lastGraphCurve: SampledCurve? { plot?.lastCurve }

    /// The plot repaints itself only when its viewport, trace or program changed, or after a clear.
    private func drawPlot(_ canvas: inout Canvas, _ g: DrawnContent.GraphContent, full: Bool) {
        let frame = graphPlot
        if plot?.frame != frame || plot?.theme != theme {
            plot = GraphPlot(frame: frame, theme: theme, palette: palette, glyphs: glyphs, viewport: g.viewport)
        } else if full {
            plot?.invalidate()
        }
        plot?.show(g.program)
        plot?.draw(viewport: g.viewport, trace: g.trace, into: &canvas)
    }
}

