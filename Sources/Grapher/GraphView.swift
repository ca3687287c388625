import Raster

/// Draws functions into a Raster canvas within `frame`: a title strip, then the plot
/// (background, grid, axes, labels, curves, dots, marks of points of interest, optional trace).
/// It remembers what it drew last, so a frame redraws only what changed: the title strip when
/// the titles change, the plot when the viewport, trace, curves or their marks change. Samples are
/// reused across pans through a `CurveSampler` per curve. Points of interest are searched a budget
/// at a time, a little each frame (`needsRefinement` asks for the next frame while it runs).
public struct GraphView {
    public var frame: IntRect {
        didSet { if frame != oldValue { needsFullRedraw = true } }
    }
    public var viewport: Viewport
    public var title: String
    public var font: Font {
        didSet { axisLabels = AxisLabelCache(numbers: style.numbers) }
    }
    /// The axis labels of `font`, laid out once per tick value.
    private var axisLabels = AxisLabelCache()
    public var style: GraphStyle {
        didSet {
            needsFullRedraw = true
            if style.numbers != oldValue.numbers { axisLabels = AxisLabelCache(numbers: style.numbers) }
        }
    }
    /// Where a hold is, in canvas coordinates; nil when there is no trace.
    public var traceLocation: Point?
    /// What the tools mark: a value's x, an area with its integrals (GraphView+Markings).
    public var markings = PlotMarkings() {
        didSet { if markings != oldValue { plotDirty = true } }
    }
    /// The integrals of the marked area, run a frame's share at a time.
    var areas = AreaIntegrals()

    /// The curves, oldest first: the newest is drawn on top and listed first in the title strip.
    public var curves: [GraphCurve] = []

    private var samplers: [Int: CurveSampler] = [:]
    /// The last frame's samples of each visible curve, by id, for reporting (evaluations, reuse).
    public private(set) var lastCurves: [Int: SampledCurve] = [:]
    /// The last frame's samples of the newest visible curve.
    public private(set) var lastCurve: SampledCurve?
    /// The proved points of interest of the visible curves over the visible x-range (their `curves` hold
    /// curve ids). While a new search runs, the points of the last one whose curves are still shown stay:
    /// each is proved, wherever the view is.
    public internal(set) var pointsOfInterest: [PointOfInterest] = []
    var search: (key: PointSearchKey, job: PointsOfInterestSearch)?
    var searchedKey: PointSearchKey?

    private var needsFullRedraw = true
    var plotDirty = true
    /// Whether some curve has a tag to draw on the plot (set once a frame: the plot is painted region by region).
    private var tagsCurves = false
    /// True when drawn by `draw(into:)`: the title strip lists the curves, not `title`.
    private var listsCurves = false
    private var drawnTitle: TitleContent?
    private var drawnViewport: Viewport?
    private var drawnTrace: Point??
    private var drawnLooks: [GraphCurve.Look]?
    /// The axes as the plot last drew them: the trace's readout keeps clear of their labels.
    private(set) var drawnAxes: AxesLayout?

    private struct TitleContent: Equatable {
        var title: String
        var titles: [String]?
        var looks: [GraphCurve.Look]?
    }

    /// What a search of points of interest is for: the visible curves and x-range.
    struct PointSearchKey: Equatable {
        var ids: [Int]
        var lower: Double
        var upper: Double
    }

    public init(frame: IntRect, viewport: Viewport = .standard, title: String, font: Font, style: GraphStyle = GraphStyle()) {
        self.frame = frame
        self.viewport = viewport
        self.title = title
        self.font = font
        self.style = style
        axisLabels = AxisLabelCache(numbers: style.numbers)
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
    /// So does a search for points of interest still running.
    public var needsRefinement: Bool { samplesNeedRefinement || search != nil || areas.isRunning }

    private var samplesNeedRefinement: Bool { lastCurves.values.contains { $0.refinesNextFrame } }

    /// The next `draw` repaints title and plot (the canvas was cleared or replaced).
    public mutating func invalidate() {
        needsFullRedraw = true
    }

    /// Call when the function changes: its samples are forgotten and the plot redrawn.
    public mutating func functionChanged() {
        samplers = [:]
        search = nil
        searchedKey = nil
        pointsOfInterest = []
        areas.forget()
        plotDirty = true
    }

    /// Draws one function, titled `title`, in the style's curve colour.
    public mutating func draw(_ function: some GraphableFunction, into canvas: inout Canvas) {
        curves = [GraphCurve(id: 0, title: title, color: style.curve, function: function)]
        listsCurves = false
        drawChanges(into: &canvas)
    }

    /// Draws `curves`, the title strip listing their titles, newest first.
    public mutating func draw(into canvas: inout Canvas) {
        listsCurves = true
        drawChanges(into: &canvas)
    }

    /// Draws what changed since the last call and records it as damage on the canvas.
    private mutating func drawChanges(into canvas: inout Canvas) {
        let full = needsFullRedraw
        let looks = curves.map(\.look)
        let titleContent = TitleContent(title: title, titles: listsCurves ? curves.map(\.title) : nil,
                                        looks: listsCurves ? looks : nil)
        if style.showsTitle && (full || drawnTitle != titleContent) {
            let saved = canvas.clip
            canvas.clip = saved.intersection(titleRect.offsetBy(dx: canvas.originX, dy: canvas.originY))
            drawTitle(into: &canvas)
            canvas.clip = saved
            canvas.markDamaged(titleRect)
            drawnTitle = titleContent
        }
        samplers = samplers.filter { id, _ in curves.contains { $0.id == id } }
        searchPointsOfInterest()
        advanceAreas()
        if full || plotDirty || samplesNeedRefinement || drawnViewport != viewport || drawnLooks != looks
            || drawnTrace.map({ $0 != traceLocation }) ?? true {
            let plot = plotRect
            // Clipped by hand: a closure capturing this mutating view would overlap its own access.
            let saved = canvas.clip
            canvas.clip = saved.intersection(plot.offsetBy(dx: canvas.originX, dy: canvas.originY))
            // Tags follow their curves anywhere on the plot, not only in the strips a scroll redraws; the tools'
            // boxes stay where they are.
            tagsCurves = looks.contains { $0.tag != nil }
            if !full, !plotDirty, !samplesNeedRefinement, traceLocation == nil, drawnTrace == .some(nil), drawnLooks == looks,
               !tagsCurves, markings.isEmpty,
               let drawnViewport, let drawnAxes, let shift = Self.scrollShift(from: drawnViewport, to: viewport, plot: plot) {
                scrollPlot(by: shift, previousAxes: drawnAxes, into: &canvas)
            } else {
                drawPlot(into: &canvas, regions: [plot])
            }
            canvas.clip = saved
            canvas.markDamaged(plot)
            drawnViewport = viewport
            drawnLooks = looks
            drawnTrace = .some(traceLocation)
            plotDirty = false
        }
        needsFullRedraw = false
    }

    private func drawTitle(into canvas: inout Canvas) {
        let r = titleRect
        canvas.fill(r, style.titleBackground)
        if listsCurves {
            let newestFirst = Array(curves.reversed())
            CurveLegend(titles: newestFirst.map(\.title), in: r.insetBy(dx: 10, dy: 2), glyphs: font.source,
                        maxPixelSize: font.pixelSize, minPixelSize: min(font.pixelSize, style.minimumTitlePixelSize))
                .draw(into: &canvas, colors: newestFirst.map(\.color), hidden: newestFirst.map(\.isHidden),
                      text: style.title, hiddenText: style.label)
            return
        }
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
    private mutating func scrollPlot(by shift: (dx: Int, dy: Int),
                                     previousAxes old: AxesLayout, into canvas: inout Canvas) {
        let plot = plotRect
        let axes = AxesLayout(viewport: viewport, plot: Rect(plot), font: font, minimumSpacing: style.minimumTickSpacing,
                              labels: axisLabels)
        let marks = Int(style.markRadius.rounded(.up)) + 2
        let edgeX = CurveSampler.anchorSpacing + 6 + Int(style.curveWidth.rounded(.up)) + max(6, marks)
        let edgeY = max(6, marks) + Int(style.curveWidth.rounded(.up)) + 6
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
        // The strips are painted whole below: the scroll need not move pixels into them.
        canvas.scroll(plot, dx: shift.dx, dy: shift.dy, redrawn: regions)
        drawPlot(into: &canvas, regions: regions, axes: axes)
    }

    /// The whole pixels a label's text may touch (glyphs overhang their advance a little).
    private static func pixels(_ r: Rect) -> IntRect {
        let x0 = Int(r.x.rounded(.down)) - 4, y0 = Int(r.y.rounded(.down)) - 4
        return IntRect(x: x0, y: y0, width: Int(r.maxX.rounded(.up)) + 4 - x0, height: Int(r.maxY.rounded(.up)) + 4 - y0)
    }

    /// Draws the plot as a whole frame would, within each of `regions` (plot coordinates) only.
    private mutating func drawPlot(into canvas: inout Canvas, regions: [IntRect], axes known: AxesLayout? = nil) {
        let plot = plotRect
        let area = Rect(plot)
        let axes = known ?? AxesLayout(viewport: viewport, plot: area, font: font, minimumSpacing: style.minimumTickSpacing,
                                          labels: axisLabels)
        var sampled: [(curve: GraphCurve, samples: SampledCurve)] = []
        lastCurves = [:]
        lastCurve = nil
        for curve in curves where !curve.isHidden {
            let samples = samplers[curve.id, default: CurveSampler()].sample(curve.function, viewport: viewport, frame: area)
            sampled.append((curve, samples))
            lastCurves[curve.id] = samples
            lastCurve = samples
        }
        drawnAxes = axes
        // The runs' boxes only pay where several strips share them (a pan).
        let runs = regions.count > 1 ? sampled.map { StrokeRuns($0.samples) } : nil
        let saved = canvas.clip
        for region in regions {
            canvas.clip = saved.intersection(region.intersection(plot).offsetBy(dx: canvas.originX, dy: canvas.originY))
            guard !canvas.clip.isEmpty else { continue }
            paintPlot(axes: axes, sampled: sampled, runs: runs, into: &canvas)
        }
        canvas.clip = saved
    }

    private func paintPlot(axes: AxesLayout, sampled: [(curve: GraphCurve, samples: SampledCurve)], runs: [StrokeRuns]?,
                           into canvas: inout Canvas) {
        let plot = plotRect
        canvas.fill(plot, style.background)
        drawAreas(into: &canvas)
        if style.showsGrid { axes.drawGrid(into: &canvas, color: style.grid) }
        axes.drawAxes(into: &canvas, color: style.axis)

        for (index, (curve, samples)) in sampled.enumerated() {
            if let runs {
                runs[index].stroke(samples, width: style.curveWidth, curve.color, into: &canvas)
            } else {
                StrokeRuns.strokeAll(samples, width: style.curveWidth, curve.color, into: &canvas)
            }
            for dot in samples.dots {
                if dot.isFilled {
                    canvas.fillCircle(center: dot.center, radius: 3.5, curve.color)
                } else {
                    canvas.fillCircle(center: dot.center, radius: 3.5, style.background)
                    canvas.strokeCircle(center: dot.center, radius: 3.5, width: 1.5, curve.color)
                }
            }
        }
        for mark in visibleMarks() { drawMark(mark.point, at: mark.at, into: &canvas) }
        if tagsCurves { drawTags(sampled, into: &canvas) }
        // The labels over the ink, each on a halo of the background, so a curve or a mark never hides one.
        axes.drawLabels(into: &canvas, color: style.label, background: style.background)
        let boxes = drawMarkings(axes: axes, into: &canvas)
        if let reading = shownTrace {
            drawTrace(reading, clearOf: boxes, into: &canvas)
        }
    }
}
