import Raster

/// Where an axis's labels go: beside their ticks, never over each other, an axis or (for y) the x labels.
/// An axis written as offsets (`TickLabelStyle.reference`) must show the label they are offsets from: its
/// reference is placed first, and where it cannot be (over the other axis, or its labels), a tick beside it
/// becomes the reference; failing that, every tick is written in full.
struct AxisLabelPlacement {
    let viewport: Viewport
    let plot: Rect
    let font: Font
    let labels: AxisLabelCache
    let yAxisX: Double
    let xAxisY: Double
    private let gap = 4.0
    /// Asked once: a font's metrics come from its glyph source.
    private let textHeight: Double

    init(viewport: Viewport, plot: Rect, font: Font, labels: AxisLabelCache, yAxisX: Double, xAxisY: Double) {
        self.viewport = viewport
        self.plot = plot
        self.font = font
        self.labels = labels
        self.yAxisX = yAxisX
        self.xAxisY = xAxisY
        let m = font.metrics
        textHeight = m.ascent + m.descent
    }

    /// x labels below the axis, or above it when the axis is pinned to the bottom.
    func xLabels(_ ticks: [Double], style: TickLabelStyle) -> [AxesLayout.Label] {
        withReference(ticks, style) { placedX(ticks, $0) }
    }

    /// y labels right of the axis, or left of it when the axis is pinned to the right.
    func yLabels(_ ticks: [Double], style: TickLabelStyle, avoiding xs: [AxesLayout.Label]) -> [AxesLayout.Label] {
        withReference(ticks, style) { placedY(ticks, $0, avoiding: xs) }
    }

    /// The labels placed in `style`; in offset mode, with a reference that shows.
    private func withReference(_ ticks: [Double], _ style: TickLabelStyle,
                               place: (TickLabelStyle) -> [AxesLayout.Label]) -> [AxesLayout.Label] {
        guard let reference = style.reference else { return place(style) }
        let nearest = ticks.sorted { abs($0 - reference) < abs($1 - reference) }.prefix(4)
        for candidate in nearest {
            let chosen = TickLabelStyle(unit: style.unit, reference: candidate)
            let placed = place(chosen)
            if placed.contains(where: \.isReference) { return placed }
        }
        return place(TickLabelStyle(unit: style.unit, reference: nil))
    }

    /// The ticks in order, the reference of an axis written as offsets first: the others give way to it.
    private func referenceFirst(_ ticks: [Double], _ style: TickLabelStyle) -> [Double] {
        guard style.reference != nil, let i = ticks.firstIndex(where: style.isReference) else { return ticks }
        var ordered = ticks
        ordered.insert(ordered.remove(at: i), at: 0)
        return ordered
    }

    private func placedX(_ ticks: [Double], _ style: TickLabelStyle) -> [AxesLayout.Label] {
        let below = xAxisY + 4 + textHeight <= plot.maxY - 2
        var xs: [AxesLayout.Label] = []
        var taken: [Rect] = []
        for v in referenceFirst(ticks, style) {
            let label = labels.entry(v, style: style, font: font)
            let w = label.layout.width
            let cx = viewport.screenX(forWorldX: v, in: plot)
            var r = Rect(x: (cx - w / 2).rounded(), y: below ? xAxisY + 4 : xAxisY - 4 - textHeight, width: w, height: textHeight)
            r.x = min(max(r.x, plot.x + 2), (plot.maxX - 2 - w).rounded(.down))
            if taken.contains(where: { $0.x < r.maxX + 2 * gap && r.x < $0.maxX + 2 * gap }) { continue }
            // Never over the vertical axis.
            if r.x - gap < yAxisX && r.maxX + gap > yAxisX { continue }
            taken.append(r)
            xs.append(AxesLayout.Label(text: label.text, value: v, isReference: style.isReference(v), rect: r, layout: label.layout,
                                         halo: label.halo))
        }
        // In order along the axis (only an offset axis's reference came first).
        return style.reference == nil ? xs : xs.sorted { $0.rect.x < $1.rect.x }
    }

    private func placedY(_ ticks: [Double], _ style: TickLabelStyle, avoiding xs: [AxesLayout.Label]) -> [AxesLayout.Label] {
        var ys: [AxesLayout.Label] = []
        var taken: [Rect] = []
        let xRects = xs.map(\.rect)
        for v in referenceFirst(ticks, style) {
            let label = labels.entry(v, style: style, font: font)
            let w = label.layout.width
            let cy = viewport.screenY(forWorldY: v, in: plot)
            let right = yAxisX + 6 + w <= plot.maxX - 2
            // At a whole pixel, as the x labels: where the halo's mask is made for.
            var r = Rect(x: (right ? yAxisX + 6 : yAxisX - 6 - w).rounded(), y: (cy - textHeight / 2).rounded(), width: w, height: textHeight)
            r.y = min(max(r.y, plot.y + 2), plot.maxY - 2 - textHeight)
            if taken.contains(where: { $0.y < r.maxY + gap && r.y < $0.maxY + gap }) { continue }
            if r.y - gap < xAxisY && r.maxY + gap > xAxisY { continue }
            // Not over an x label either.
            if xRects.contains(where: { $0.x < r.maxX + gap && $0.maxX + gap > r.x && $0.y < r.maxY + gap && $0.maxY + gap > r.y }) { continue }
            taken.append(r)
            ys.append(AxesLayout.Label(text: label.text, value: v, isReference: style.isReference(v), rect: r, layout: label.layout,
                                         halo: label.halo))
        }
        return style.reference == nil ? ys : ys.sorted { $0.rect.y > $1.rect.y }
    }
}
