import Raster

/// Draws a function into a Raster canvas within `frame`: a title strip, then the plot
/// (background, grid, axes, labels, curve, dots, optional trace).
/// It remembers what it drew last, so a frame redraws only what changed: the title strip when
/// the title changes, the plot when the viewport, trace or function changes. Samples are
/// reused across pans through its `CurveSampler`.
public struct GraphView {
    public var frame: IntRect {
        didSet { if frame != oldValue { needsFullRedraw = true } }
    }
    public var viewport: Viewport
    public var title: String
    public var font: Font
    public var style: GraphStyle {
        didSet { needsFullRedraw = true }
    }
    /// Where a hold is, in canvas coordinates; nil when there is no trace.
    public var traceLocation: Point?

    public private(set) var sampler = CurveSampler()
    /// The last frame's samples, for reporting (evaluations, reuse).
    public private(set) var lastCurve: SampledCurve?

    private var needsFullRedraw = true
    private var plotDirty = true
    private var drawnTitle: String?
    private var drawnViewport: Viewport?
    private var drawnTrace: Point??
    private var drawnAxes: AxesLayout?

    public init(frame: IntRect, viewport: Viewport = .standard, title: String, font: Font, style: GraphStyle = GraphStyle()) {
        self.frame = frame
        self.viewport = viewport
        self.title = title
        self.font = font
        self.style = style
    }

    /// The title strip at the top of the frame; empty when the style shows no title.
    public var titleRect: IntRect {
        let h = style.showsTitle ? Int(font.metrics.lineHeight.rounded(.up)) + 10 : 0
        return IntRect(x: frame.x, y: frame.y, width: frame.width, height: min(h, frame.height))
    }

    /// Where the graph itself is drawn; the viewport's origin is relative to its centre.
    public var plotRect: IntRect {
        let t = titleRect
        return IntRect(x: frame.x, y: t.maxY, width: frame.width, height: frame.height - t.height)
    }

    /// The last frame ran out of budget with columns left that another frame would resolve: draw again,
    /// even though nothing changed, and the picture completes over a few frames.
    public var needsRefinement: Bool { lastCurve?.refinesNextFrame ?? false }

    /// The next `draw` repaints title and plot (the canvas was cleared or replaced).
    public mutating func invalidate() {
        needsFullRedraw = true
    }

    /// Call when the function changes: its samples are forgotten and the plot redrawn.
    public mutating func functionChanged() {
        sampler.invalidate()
        plotDirty = true
    }

    /// Draws what changed since the last call and records it as damage on the canvas.
    public mutating func draw(_ function: some GraphableFunction, into canvas: inout Canvas) {
        let full = needsFullRedraw
        if style.showsTitle && (full || drawnTitle != title) {
            let saved = canvas.clip
            canvas.clip = saved.intersection(titleRect.offsetBy(dx: canvas.originX, dy: canvas.originY))
            drawTitle(into: &canvas)
            canvas.clip = saved
            canvas.markDamaged(titleRect)
            drawnTitle = title
        }
        if full || plotDirty || needsRefinement || drawnViewport != viewport || drawnTrace.map({ $0 != traceLocation }) ?? true {
            let plot = plotRect
            // Clipped by hand: a closure capturing this mutating view would overlap its own access.
            let saved = canvas.clip
            canvas.clip = saved.intersection(plot.offsetBy(dx: canvas.originX, dy: canvas.originY))
            if !full, !plotDirty, !needsRefinement, traceLocation == nil, drawnTrace == .some(nil),
               let drawnViewport, let drawnAxes, let shift = Self.scrollShift(from: drawnViewport, to: viewport, plot: plot) {
                scrollPlot(function, by: shift, previousAxes: drawnAxes, into: &canvas)
            } else {
                drawPlot(function, into: &canvas, regions: [plot])
            }
            canvas.clip = saved
            canvas.markDamaged(plot)
            drawnViewport = viewport
            drawnTrace = .some(traceLocation)
            plotDirty = false
        }
        needsFullRedraw = false
    }

    private func drawTitle(into canvas: inout Canvas) {
        let r = titleRect
        canvas.fill(r, style.titleBackground)
        let layout = TextLayout(title, font: font)
        let m = font.metrics
        let baseline = Double(r.y) + (Double(r.height) + m.ascent - m.descent) / 2
        canvas.draw(layout, x: Double(r.x) + 10, baseline: baseline.rounded(), style.title)
    }

    /// The shift in whole pixels from the drawn viewport to `new`, when the plot can be scrolled: the same
    /// scale, and a move smaller than the plot.
    static func scrollShift(from old: Viewport, to new: Viewport, plot: IntRect) -> (dx: Int, dy: Int)? {
        guard old.pixelsPerUnitX == new.pixelsPerUnitX, old.pixelsPerUnitY == new.pixelsPerUnitY else { return nil }
        let dx = new.originOffsetX - old.originOffsetX, dy = new.originOffsetY - old.originOffsetY
        guard dx == dx.rounded(), dy == dy.rounded(), abs(dx) < Double(plot.width) / 2, abs(dy) < Double(plot.height) / 2 else { return nil }
        // Whole-pixel offsets only: then every position on screen moves by exactly (dx, dy).
        let o = old.originOffsetX, p = old.originOffsetY
        guard o == o.rounded(), p == p.rounded(), abs(o) < 1e9, abs(p) < 1e9 else { return nil }
        return (Int(dx), Int(dy))
    }

    /// A pan: the picture moves by `shift`, and only what does not move with it is drawn again: the strips it
    /// uncovers and the stretch by each edge whose curve a pan changes (the polyline's partial first and
    /// last stretches, the sampler's margin column, strokes and markers reaching in), the axes and their
    /// labels where they were and where they are (pinned to an edge they stay put), all as a full redraw
    /// would draw them there.
    private mutating func scrollPlot(_ function: some GraphableFunction, by shift: (dx: Int, dy: Int),
                                     previousAxes old: AxesLayout, into canvas: inout Canvas) {
        let plot = plotRect
        canvas.scroll(plot, dx: shift.dx, dy: shift.dy)
        let axes = AxesLayout(viewport: viewport, plot: Rect(plot), font: font, minimumSpacing: style.minimumTickSpacing)
        let edgeX = CurveSampler.anchorSpacing + 6 + Int(style.curveWidth.rounded(.up)) + 6
        let edgeY = 6 + Int(style.curveWidth.rounded(.up)) + 6
        var regions: [IntRect] = [
            IntRect(x: plot.x, y: plot.y, width: max(0, shift.dx) + edgeX, height: plot.height),
            IntRect(x: plot.maxX - max(0, -shift.dx) - edgeX, y: plot.y, width: max(0, -shift.dx) + edgeX, height: plot.height),
        ]
        if shift.dy != 0 {
            regions.append(IntRect(x: plot.x, y: plot.y, width: plot.width, height: max(0, shift.dy) + edgeY))
            regions.append(IntRect(x: plot.x, y: plot.maxY - max(0, -shift.dy) - edgeY, width: plot.width, height: max(0, -shift.dy) + edgeY))
        }
        // The axes with their ticks and labels, the old ones as the scroll moved them and the new ones.
        // One band each way holds both (they lie a pan apart, or the pinned axis did not move).
        var vertical = IntRect.zero, horizontal = IntRect.zero
        for (layout, dx, dy) in [(old, shift.dx, shift.dy), (axes, 0, 0)] {
            let yAxis = Int(layout.yAxisX.rounded(.down)) + dx, xAxis = Int(layout.xAxisY.rounded(.down)) + dy
            vertical = vertical.union(IntRect(x: yAxis - 3, y: plot.y, width: 7, height: plot.height))
            horizontal = horizontal.union(IntRect(x: plot.x, y: xAxis - 3, width: plot.width, height: 7))
            for label in layout.yLabels { vertical = vertical.union(Self.pixels(label.rect).offsetBy(dx: dx, dy: dy)) }
            for label in layout.xLabels { horizontal = horizontal.union(Self.pixels(label.rect).offsetBy(dx: dx, dy: dy)) }
        }
        regions.append(vertical)
        regions.append(horizontal)
        drawPlot(function, into: &canvas, regions: regions, axes: axes)
    }

    /// The whole pixels a label's text may touch (glyphs overhang their advance a little).
    private static func pixels(_ r: Rect) -> IntRect {
        let x0 = Int(r.x.rounded(.down)) - 4, y0 = Int(r.y.rounded(.down)) - 4
        return IntRect(x: x0, y: y0, width: Int(r.maxX.rounded(.up)) + 4 - x0, height: Int(r.maxY.rounded(.up)) + 4 - y0)
    }

    /// Draws the plot as a whole frame would, within each of `regions` (plot coordinates) only.
    private mutating func drawPlot(_ function: some GraphableFunction, into canvas: inout Canvas, regions: [IntRect],
                                   axes known: AxesLayout? = nil) {
        let plot = plotRect
        let area = Rect(plot)
        let axes = known ?? AxesLayout(viewport: viewport, plot: area, font: font, minimumSpacing: style.minimumTickSpacing)
        let curve = sampler.sample(function, viewport: viewport, frame: area)
        lastCurve = curve
        drawnAxes = axes
        let saved = canvas.clip
        for region in regions {
            canvas.clip = saved.intersection(region.intersection(plot).offsetBy(dx: canvas.originX, dy: canvas.originY))
            guard !canvas.clip.isEmpty else { continue }
            paintPlot(function, axes: axes, curve: curve, into: &canvas)
        }
        canvas.clip = saved
    }

    private func paintPlot(_ function: some GraphableFunction, axes: AxesLayout, curve: SampledCurve, into canvas: inout Canvas) {
        let plot = plotRect
        canvas.fill(plot, style.background)
        if style.showsGrid { axes.drawGrid(into: &canvas, color: style.grid) }
        axes.drawAxes(into: &canvas, color: style.axis)
        // Labels under the curve, so they never hide it.
        axes.drawLabels(into: &canvas, color: style.label)

        for (index, line) in curve.polylines.enumerated() {
            stroke(line, breaks: index < curve.strokeBreaks.count ? curve.strokeBreaks[index] : [], into: &canvas)
        }
        for dot in curve.dots {
            if dot.isFilled {
                canvas.fillCircle(center: dot.center, radius: 3.5, style.curve)
            } else {
                canvas.fillCircle(center: dot.center, radius: 3.5, style.background)
                canvas.strokeCircle(center: dot.center, radius: 3.5, width: 1.5, style.curve)
            }
        }
        if let hold = traceLocation { drawTrace(function, at: hold, curve: curve, into: &canvas) }
    }

    /// Long polylines go in short runs, so each stroke's bounding box stays small; a run also ends at each
    /// of the curve's stroke breaks, so runs lie at the same world places from frame to frame.
    private func stroke(_ line: [Point], breaks: [Int], into canvas: inout Canvas) {
        let run = 16
        line.withUnsafeBufferPointer { points in
            guard let base = points.baseAddress else { return }
            var start = 0
            var nextBreak = 0
            while start < points.count - 1 {
                while nextBreak < breaks.count && breaks[nextBreak] <= start { nextBreak += 1 }
                let end = min(start + run, points.count - 1, nextBreak < breaks.count ? breaks[nextBreak] : Int.max)
                canvas.strokePolyline(UnsafeBufferPointer(start: base + start, count: end - start + 1),
                                      width: style.curveWidth, style.curve)
                start = end
            }
        }
    }

    private func drawTrace(_ function: some GraphableFunction, at hold: Point, curve: SampledCurve, into canvas: inout Canvas) {
        let area = Rect(plotRect)
        guard let nearest = Self.nearestPoint(to: hold, in: curve) else { return }
        let x = viewport.worldX(forScreenX: nearest.x, in: area)
        let y = function.value(at: x)
        guard y.isFinite else { return }
        let p = viewport.screenPoint(x: x, y: y, in: area)
        canvas.strokeDashedLine(from: Point(x: p.x, y: area.y), to: Point(x: p.x, y: area.maxY), width: 1, dash: 4, gap: 3, style.trace)
        canvas.strokeDashedLine(from: Point(x: area.x, y: p.y), to: Point(x: area.maxX, y: p.y), width: 1, dash: 4, gap: 3, style.trace)
        canvas.fillCircle(center: p, radius: 4, style.trace)
        let text = "(" + NumberLabel.format(x) + ", " + NumberLabel.format(y) + ")"
        let layout = TextLayout(text, font: font)
        let boxWidth = layout.width + 12, boxHeight = font.metrics.lineHeight + 8
        let box = Rect(x: area.maxX - boxWidth - 8, y: area.y + 8, width: boxWidth, height: boxHeight)
        canvas.fill(box, style.background.withAlpha(230), cornerRadius: 4)
        canvas.draw(layout, x: box.x + 6, baseline: (box.y + 4 + font.metrics.ascent).rounded(), style.trace)
    }

    /// The drawn curve point nearest a screen point (for the trace).
    public static func nearestPoint(to p: Point, in curve: SampledCurve) -> Point? {
        var best: Point?
        var bestDistance = Double.infinity
        for line in curve.polylines {
            for q in line {
                let d = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
                if d < bestDistance { bestDistance = d; best = q }
            }
        }
        for dot in curve.dots where dot.isFilled {
            let d = (dot.center.x - p.x) * (dot.center.x - p.x) + (dot.center.y - p.y) * (dot.center.y - p.y)
            if d < bestDistance { bestDistance = d; best = dot.center }
        }
        return best
    }
}
