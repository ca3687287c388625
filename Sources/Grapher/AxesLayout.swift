import Raster

/// Where the axes, ticks and labels of a plot go. Axes pin to the nearest edge when the origin is
/// off screen; labels that would overlap each other or an axis are left out.
public struct AxesLayout {
    public struct Label: Equatable {
        public var text: String
        /// The tick's value: what the text reads as (in full, or as an offset from the axis's reference label).
        public var value: Double
        /// On an axis written as offsets ("+1e-7"), the one label written in full that they are offsets from.
        public var isReference = false
        public var rect: Rect
        /// The text laid out once, drawn as it is (the same text makes the same layout: not compared).
        let layout: TextLayout
        /// Its halo, drawn first in the plot's background colour.
        let halo: TextHalo

        public static func == (a: Label, b: Label) -> Bool { a.text == b.text && a.rect == b.rect }
    }
    public let plot: Rect
    /// Screen position of the vertical axis (x = 0), pinned inside the plot.
    public let yAxisX: Double
    /// Screen position of the horizontal axis (y = 0), pinned inside the plot.
    public let xAxisY: Double
    public let xTicks: [Double]
    public let yTicks: [Double]
    public let xLabels: [Label]
    public let yLabels: [Label]
    let font: Font
    let viewport: Viewport

    public init(viewport: Viewport, plot: Rect, font: Font, minimumSpacing: Double = 60) {
        self.init(viewport: viewport, plot: plot, font: font, minimumSpacing: minimumSpacing, labels: AxisLabelCache())
    }

    /// `labels` keeps the labels of `font` laid out across frames.
    init(viewport: Viewport, plot: Rect, font: Font, minimumSpacing: Double = 60, labels: AxisLabelCache) {
        self.plot = plot
        self.font = font
        self.viewport = viewport
        let o = viewport.origin(in: plot)
        yAxisX = min(max(o.x.rounded(.down) + 0.5, plot.x + 0.5), plot.maxX - 0.5)
        xAxisY = min(max(o.y.rounded(.down) + 0.5, plot.y + 0.5), plot.maxY - 0.5)
        let left = viewport.worldX(forScreenX: plot.x, in: plot), right = viewport.worldX(forScreenX: plot.maxX, in: plot)
        let bottom = viewport.worldY(forScreenY: plot.maxY, in: plot), top = viewport.worldY(forScreenY: plot.y, in: plot)
        let xt = AxisTicks(lower: left, upper: right, pixelsPerUnit: viewport.pixelsPerUnitX, minimumSpacing: minimumSpacing)
        let yt = AxisTicks(lower: bottom, upper: top, pixelsPerUnit: viewport.pixelsPerUnitY, minimumSpacing: minimumSpacing)
        xTicks = xt.values.filter { $0 != 0 }
        yTicks = yt.values.filter { $0 != 0 }

        let placement = AxisLabelPlacement(viewport: viewport, plot: plot, font: font, labels: labels,
                                           yAxisX: yAxisX, xAxisY: xAxisY)
        xLabels = placement.xLabels(xTicks, style: TickLabelStyle(step: xt.step, lower: left, upper: right))
        yLabels = placement.yLabels(yTicks, style: TickLabelStyle(step: yt.step, lower: bottom, upper: top), avoiding: xLabels)
    }

    /// Solid one-pixel lines: a fill each, where dashes would cost a stroke per dash on every pan frame.
    func drawGrid(into canvas: inout Canvas, color: Color) {
        for v in xTicks {
            let x = Int(viewport.screenX(forWorldX: v, in: plot).rounded(.down))
            canvas.fill(IntRect(x: x, y: Int(plot.y), width: 1, height: Int(plot.height)), color)
        }
        for v in yTicks {
            let y = Int(viewport.screenY(forWorldY: v, in: plot).rounded(.down))
            canvas.fill(IntRect(x: Int(plot.x), y: y, width: Int(plot.width), height: 1), color)
        }
    }

    func drawAxes(into canvas: inout Canvas, color: Color) {
        canvas.fill(IntRect(x: Int(plot.x), y: Int(xAxisY.rounded(.down)), width: Int(plot.width), height: 1), color)
        canvas.fill(IntRect(x: Int(yAxisX.rounded(.down)), y: Int(plot.y), width: 1, height: Int(plot.height)), color)
        for v in xTicks {
            let x = Int(viewport.screenX(forWorldX: v, in: plot).rounded(.down))
            canvas.fill(IntRect(x: x, y: Int(xAxisY.rounded(.down)) - 3, width: 1, height: 7), color)
        }
        for v in yTicks {
            let y = Int(viewport.screenY(forWorldY: v, in: plot).rounded(.down))
            canvas.fill(IntRect(x: Int(yAxisX.rounded(.down)) - 3, y: y, width: 7, height: 1), color)
        }
    }

    /// Over the curves and marks, each on its halo in `background`: a curve through a label no longer hides it.
    func drawLabels(into canvas: inout Canvas, color: Color, background: Color) {
        let ascent = font.metrics.ascent
        let clip = canvas.clip
        for label in xLabels + yLabels {
            // A pan redraws a few strips: labels outside them are not drawn.
            let r = label.rect
            guard r.x - 4 < Double(clip.maxX - canvas.originX), r.maxX + 4 > Double(clip.x - canvas.originX),
                  r.y - 4 < Double(clip.maxY - canvas.originY), r.maxY + 4 > Double(clip.y - canvas.originY) else { continue }
            let x = Int(label.rect.x.rounded()), baseline = Int((label.rect.y + ascent).rounded())
            canvas.draw(label.halo, x: x, baseline: baseline, background)
            canvas.draw(label.layout, x: Double(x), baseline: Double(baseline), color)
        }
    }
}
