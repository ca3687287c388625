import Calculator
import Grapher
import Locales
import Raster

/// The graph pane: its title strip (the curves' titles, newest first, each after a swatch of its colour,
/// between the back key, when pushed, and the Tools, Fit and Reset keys), the tool bar while the Tools key
/// is on (`ToolBarView`), over the plot, or the table of values in its place (`ValueTableView`). It owns the
/// pane's rects and hit tests; the title repaints when the curves or a pressed key changed, the plot when
/// its view did.
struct GraphPaneView {
    struct Content: Equatable {
        var curves: GraphedCurves
        var viewport: Viewport
        var trace: Point?
        var pressedKey: PaneKey?
        var tools = GraphTools()
    }
    private(set) var layout: ScreenLayout
    /// The plot: the pane below its title strip, and below the tool bar when that shows.
    func plotRect(toolBar: Bool) -> IntRect {
        let pane = layout.graphPane, top = toolBar ? layout.toolBar.maxY : layout.graphTitle.maxY
        return IntRect(x: pane.x, y: top, width: pane.width, height: pane.maxY - top)
    }
    /// The plot as the viewport's frame: gestures and drawing share it.
    func plotFrame(toolBar: Bool) -> Rect { Rect(plotRect(toolBar: toolBar)) }
    /// The graph view behind the plot, kept across frames for its samples.
    private(set) var plot: GraphPlot?
    private(set) var drawn: Content?
    /// The titles' layout, shared by the hit tests of every touch frame and the title's draw.
    let legendCache = LegendCache()
    /// The table of values, in the plot's place while the table tool is on.
    private var table = ValueTableView()

    init(layout: ScreenLayout) { self.layout = layout }

    /// A new screen layout. The plot's view stays, with its samples, until a draw finds its frame changed.
    mutating func relayout(_ layout: ScreenLayout) {
        self.layout = layout
        drawn = nil
    }

    /// The pane's key under a point; the back key only while the graph is pushed over the calculator, the
    /// tool bar's while it shows.
    func key(at p: Point, pushed: Bool, tools: GraphTools) -> PaneKey? {
        if let key = ToolBarView.key(at: p, tools, layout: layout) { return key }
        guard let key = layout.paneKey(atX: p.x, y: p.y), key != .back || pushed else { return nil }
        return key
    }

    func contains(_ p: Point) -> Bool {
        layout.graphPane.contains(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
    }

    /// Whether a finger at `p` is still on `key`, grown by the slop.
    func isNear(_ key: PaneKey, _ p: Point, tools: GraphTools) -> Bool {
        (layout.rect(of: key) ?? ToolBarView.rect(of: key, tools, layout: layout)).map { $0.isNear(p, slop: layout.slop) } ?? false
    }

    /// Where the curves' titles go: between the back key (when pushed) and the Tools key, within the pane,
    /// so they never run under a key nor over the calculator beside the pane.
    func titlesRect(pushed: Bool, besideTools: Bool = true) -> IntRect {
        let title = layout.graphTitle
        let gap = title.height / 3
        var left = title.x + max(4, title.height / 4)
        if pushed, let back = layout.backKey { left = back.maxX + gap }
        let right = (besideTools ? layout.toolsKey.x : layout.fitKey.x) - gap
        return IntRect(x: left, y: title.y + title.height / 8, width: max(0, right - left), height: title.height - title.height / 4)
    }

    /// Where the curves' titles go: beside the keys as `titlesRect`, but the whole height of the strip, so a
    /// second or third row fits where one would elide.
    func legendRect(pushed: Bool) -> IntRect {
        let beside = titlesRect(pushed: pushed), title = layout.graphTitle
        return IntRect(x: beside.x, y: title.y + 2, width: beside.width, height: max(0, title.height - 5))
    }

    /// The curves' titles laid out, newest first; nil when there are none. Titles shrink to the kiosk's
    /// readable minimum (2 mm where the screen's size is known), take a second row where the strip is
    /// tall enough, then elide.
    func legend(_ curves: GraphedCurves, pushed: Bool, style: ViewStyle) -> CurveLegend? {
        guard !curves.isEmpty else { return nil }
        let rect = legendRect(pushed: pushed), title = layout.graphTitle
        let largest = title.height * 9 / 16
        // An absolute minimum (12 px, 2 mm where known), not half of a large strip's size.
        let smallest = FittedText.absoluteMinimum(maxPixelSize: largest, pixelsPerMillimetre: layout.pixelsPerMillimetre)
        return legendCache.legend(titles: curves.curves.reversed().map { style.locale.description($0.program.description) }, in: rect,
                                  glyphs: style.glyphs, maxPixelSize: largest, minPixelSize: smallest)
    }

    /// The curve whose title is under a point, by id.
    func curveTitle(at p: Point, curves: GraphedCurves, pushed: Bool, style: ViewStyle) -> Int? {
        guard let legend = legend(curves, pushed: pushed, style: style), let index = legend.entry(atX: p.x, y: p.y) else { return nil }
        return curves.curves[curves.curves.count - 1 - index].id
    }

    /// Whether a finger at `p` is still on the curve's title, grown by the slop.
    func isNear(curveTitle id: Int, _ p: Point, curves: GraphedCurves, pushed: Bool, style: ViewStyle) -> Bool {
        guard let legend = legend(curves, pushed: pushed, style: style),
              let position = curves.curves.firstIndex(where: { $0.id == id }),
              let entry = legend.entries.first(where: { $0.index == curves.curves.count - 1 - position }) else { return false }
        return entry.hitRect.isNear(p, slop: layout.slop)
    }

    /// When shown, whether a draw would change pixels (content, or a plot still refining its samples).
    func needsDraw(_ content: Content) -> Bool { drawn != content || plotIsWorking(content) }

    /// The plot's view has work of its own (refinement, a search for points of interest, an integral);
    /// not while the table covers it.
    private func plotIsWorking(_ g: Content) -> Bool { !g.tools.showsTable && plot?.view.needsRefinement == true }

    /// The pane is not on screen (the calculator covers it): the next time it is, it draws afresh.
    mutating func hide() { drawn = nil }

    mutating func show(_ g: Content, pushed: Bool, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        // A drag over the table changes only its scroll: the title and the bar stay.
        // Equal tools (every key frame) need no copies with the table's scroll set aside.
        // What changed since the last frame, each part compared once (a key frame compares them all and draws nothing).
        var sameTools = false, toolsChanged = true, sameTitle = false, samePlot = false
        if let drawn {
            sameTools = drawn.tools == g.tools
            toolsChanged = !sameTools && drawn.tools.ignoringScroll != g.tools.ignoringScroll
            let sameCurves = drawn.curves == g.curves
            sameTitle = sameCurves && drawn.pressedKey == g.pressedKey && !toolsChanged
            samePlot = sameTools && sameCurves && drawn.viewport == g.viewport && drawn.trace == g.trace
        }
        let titleChanged = full || !sameTitle
        if titleChanged {
            drawTitle(g, pushed: pushed, style, into: &canvas)
            if g.tools.isOpen { ToolBarView.draw(g.tools, pressed: g.pressedKey, layout: layout, style: style, into: &canvas) }
        }
        // A frame that changed only the calculator (a key) leaves the plot as it is, unless its view still
        // has work of its own (refinement, a search for points of interest, an integral).
        let plotUnchanged = !full && samePlot && plotFits(g, style) && !plotIsWorking(g)
        if !plotUnchanged { drawPlot(g, pushed: pushed, full: full || toolsChanged, style, into: &canvas) }
        // Neither redrawn, every part of the content is as drawn (a key frame's): the copy is spared.
        if titleChanged || !plotUnchanged { drawn = g }
    }

    private func drawTitle(_ g: Content, pushed: Bool, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette
        let title = layout.graphTitle
        canvas.fill(title, palette.graphFace)
        if pushed, let back = layout.backKey {
            drawKey(.back, rect: back, pressed: g.pressedKey == .back, enabled: true, style, into: &canvas)
        }
        // No Tools key on an empty graph: there is nothing to use a tool on, and its room goes to the words
        // that say how to plot.
        if Self.showsToolsKey(g) {
            drawKey(.tools, rect: layout.toolsKey, pressed: g.pressedKey == .tools, enabled: true, latched: g.tools.isOpen, style, into: &canvas)
        }
        drawKey(.fit, rect: layout.fitKey, pressed: g.pressedKey == .fit, enabled: g.curves.hasShown, style, into: &canvas)
        drawKey(.reset, rect: layout.resetKey, pressed: g.pressedKey == .reset, enabled: true, style, into: &canvas)
        if let legend = legend(g.curves, pushed: pushed, style: style) {
            let newestFirst = g.curves.curves.reversed()
            legend.draw(into: &canvas, colors: newestFirst.map { palette.curves[$0.colorIndex % palette.curves.count] },
                        hidden: newestFirst.map(\.isHidden), text: palette.graphTitle, hiddenText: palette.tickText)
        } else {
            emptyTitle(pushed: pushed, style: style).draw(in: &canvas, rect: titlesRect(pushed: pushed, besideTools: false),
                                                         alignment: .center, palette.graphTitle)
        }
        canvas.fill(IntRect(x: title.x, y: title.maxY - 1, width: title.width, height: 1), palette.grid)
        if layout.mode == .split {
            canvas.fill(IntRect(x: layout.graphPane.x, y: 0, width: 1, height: layout.graphPane.height), palette.grid)
        }
    }

    private func drawKey(_ key: PaneKey, rect: IntRect, pressed: Bool, enabled: Bool, latched: Bool = false,
                         _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette
        let colors = !enabled ? palette.disabled : latched ? palette.accent : palette.command
        canvas.fill(rect, palette.graphFace)
        canvas.fillRounded(rect, pressed ? colors.pressed : colors.face, radius: Double(rect.height) / 5)
        if key == .tools { return Icons.tools(in: &canvas, rect: rect, colors.text) }
        if key == .back { Icons.chevronLeft(in: &canvas, rect: rect, colors.text) }
        label(of: key, in: rect, style: style)?.draw(in: &canvas, rect: Self.labelRect(of: key, in: rect), alignment: .center, colors.text)
    }

    /// The Tools key shows while there is a curve to use it on, or its bar is open.
    static func showsToolsKey(_ g: Content) -> Bool { !g.curves.isEmpty || g.tools.isOpen }

    /// Where a pane key's word goes: inside its face, after the chevron on Back.
    static func labelRect(of key: PaneKey, in rect: IntRect) -> IntRect {
        guard key == .back else { return rect.insetBy(dx: PaneKey.labelInset(keyHeight: rect.height), dy: 0) }
        let start = PaneKey.backLabelStart(keyHeight: rect.height)
        return IntRect(x: rect.x + start, y: rect.y, width: rect.width - start - 4, height: rect.height)
    }

    /// A pane key's word in the locale, no smaller than the kiosk's readable minimum (the layout made the key
    /// wide enough for it: `PaneKeyWidths`); nil for the Tools key's icon.
    func label(of key: PaneKey, in rect: IntRect, style: ViewStyle) -> FittedText? {
        guard let text = key.text else { return nil }
        let room = Self.labelRect(of: key, in: rect)
        return FittedText(style.locale[text], glyphs: style.glyphs, maxPixelSize: rect.height / 2, width: room.width,
                          height: room.height,
                          minPixelSize: FittedText.readableMinimum(maxPixelSize: rect.height / 2, pixelsPerMillimetre: layout.pixelsPerMillimetre))
    }

    /// "Press the graph key to plot", in the locale, where the titles go.
    func emptyTitle(pushed: Bool, style: ViewStyle) -> FittedText {
        let titleRect = titlesRect(pushed: pushed, besideTools: false)
        let smallest = FittedText.readableMinimum(maxPixelSize: titleRect.height * 3 / 4, pixelsPerMillimetre: layout.pixelsPerMillimetre)
        return FittedText(style.locale[.emptyGraph], glyphs: style.glyphs, maxPixelSize: titleRect.height * 3 / 4, width: titleRect.width,
                          height: titleRect.height, minPixelSize: smallest, elision: .middle)
    }

    /// How many values and enclosures the plot's last drawn frame evaluated (for `calx bench`).
    var lastEvaluations: (values: Int, enclosures: Int)? { plot?.lastEvaluations }

    /// Whether the kept plot was made for this pane's rectangle (under the tool bar or not), theme and text scale.
    private func plotFits(_ g: Content, _ style: ViewStyle) -> Bool {
        plot?.frame == plotRect(toolBar: g.tools.isOpen) && plot?.theme == style.theme && plot?.textScale == layout.textScale
    }

    /// The plot repaints itself only when its viewport, trace, markings or program changed, or after a clear;
    /// the table, in its place, whenever the pane's content changed.
    private mutating func drawPlot(_ g: Content, pushed: Bool, full: Bool, _ style: ViewStyle, into canvas: inout Canvas) {
        let rect = plotRect(toolBar: g.tools.isOpen)
        if !plotFits(g, style) {
            plot = GraphPlot(frame: rect, theme: style.theme, palette: style.palette, glyphs: style.glyphs, locale: style.locale,
                             viewport: g.viewport, pixelsPerMillimetre: layout.pixelsPerMillimetre, textScale: layout.textScale)
        } else if full {
            plot?.invalidate()
        }
        // Where the title strip numbers the curves, the plot tags each with its number.
        let numbered = legend(g.curves, pushed: pushed, style: style)?.isNumbered ?? false
        plot?.show(g.curves, numbered: numbered)
        if g.tools.showsTable, let position = g.tools.table, let curves = plot?.view.curves {
            table.show(position, curves: curves, in: rect, full: full, style: style, pixelsPerMillimetre: layout.pixelsPerMillimetre,
                       into: &canvas)
            // The plot under it draws afresh when it comes back.
            plot?.invalidate()
            return
        }
        table.forget()
        plot?.draw(viewport: g.viewport, trace: g.trace, tools: g.tools, into: &canvas)
    }
}
