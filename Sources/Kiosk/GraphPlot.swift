import Calculator
import Grapher
import Raster

/// The plot under the graph pane's title: Grapher's `GraphView`, kept alive across frames so that a pan
/// reuses the samples of the columns still on screen and a frame repaints only when the view changed.
/// The kiosk draws its own title strip above it (with the back key), so the view shows no title.
struct GraphPlot {
    private(set) var view: GraphView
    private(set) var program: GraphRequest?
    private var function: ProgramFunction?
    /// What the view was built for; a change of either builds a new one.
    let frame: IntRect
    let theme: Theme

    init(frame: IntRect, theme: Theme, palette: Palette, glyphs: any GlyphSource, viewport: Viewport) {
        self.frame = frame
        self.theme = theme
        let labelSize = max(9, min(18, min(frame.width, frame.height) / 28))
        view = GraphView(frame: frame, viewport: viewport, title: "", font: Font(source: glyphs, pixelSize: labelSize),
                         style: GraphPlot.style(palette, plotHeight: frame.height))
    }

    static func style(_ palette: Palette, plotHeight: Int) -> GraphStyle {
        var style = GraphStyle()
        style.showsTitle = false
        style.background = palette.graphFace
        style.grid = palette.grid
        style.axis = palette.axis
        style.label = palette.tickText
        style.curve = palette.curve
        style.trace = palette.traceText
        style.curveWidth = max(2, Double(plotHeight) / 220)
        return style
    }

    /// Shows `program`, compiling it only when it differs from the one shown.
    mutating func show(_ program: GraphRequest?) {
        guard program != self.program else { return }
        self.program = program
        function = program.map { ProgramFunction(expression: $0.expression, variable: $0.variable) }
        view.functionChanged()
    }

    /// The next draw repaints the whole plot (the screen under it was cleared).
    mutating func invalidate() {
        view.invalidate()
    }

    /// Draws what changed since the last call; the view records its own damage on the canvas.
    mutating func draw(viewport: Viewport, trace: Point?, into canvas: inout Canvas) {
        view.viewport = viewport
        view.traceLocation = trace
        if let function {
            view.draw(function, into: &canvas)
        } else {
            view.draw(NoFunction(), into: &canvas)
        }
    }

    /// How many evaluations the last drawn frame spent, and how many columns it took from the cache.
    var lastCurve: SampledCurve? { view.lastCurve }
}

/// The empty graph before the graph key was ever pressed: axes and grid, no curve.
private struct NoFunction: GraphableFunction {
    func value(at x: Double) -> Double { .nan }
    func enclosure(from lower: Double, to upper: Double) -> Enclosure? {
        Enclosure(lower: .nan, upper: .nan, isContinuous: false, definedness: .nowhere)
    }
}
