import Calculator
import Grapher
import Locales
import ProgramGraphs
import Raster

/// The plot under the graph pane's title: Grapher's `GraphView`, kept alive across frames so that a pan
/// reuses the samples of the columns still on screen and a frame repaints only when the view changed.
/// The kiosk draws its own title strip above it (with the back key), so the view shows no title.
struct GraphPlot {
    private(set) var view: GraphView
    private(set) var curves = GraphedCurves()
    /// Whether the title strip numbers the curves: then each is tagged with its number on the plot.
    private(set) var isNumbered = false
    /// Each curve's compiled function (with what proves its points of interest), by curve id.
    private var functions: [Int: (program: GraphRequest, function: ProvableProgramFunction)] = [:]
    /// Each curve's integrand (its derivatives to the fourth), by curve id: made when an integral first asks.
    private var integrands: [Int: (program: GraphRequest, function: ProgramIntegralFunction)] = [:]
    private let palette: Palette
    /// How the curves' titles write their numbers (the trace box shows them).
    private let locale: CalxLocale
    /// What the view was built for; a change of either builds a new one.
    let frame: IntRect
    let theme: Theme
    let textScale: Double

    init(frame: IntRect, theme: Theme, palette: Palette, glyphs: any GlyphSource, locale: CalxLocale = .english, viewport: Viewport,
         pixelsPerMillimetre: Double? = nil, textScale: Double = 1) {
        self.frame = frame
        self.theme = theme
        self.textScale = textScale
        self.palette = palette
        self.locale = locale
        let labelSize = Int(Double(max(9, min(18, min(frame.width, frame.height) / 28))) * textScale)
        var style = GraphPlot.style(palette, locale: locale, plotHeight: frame.height, pixelsPerMillimetre: pixelsPerMillimetre)
        // Larger labels want their ticks further apart, or more of them would be left out; half as much
        // further, so a small plot keeps a few ticks (the axes leave out any label that would overlap).
        style.minimumTickSpacing *= 1 + (textScale - 1) / 2
        view = GraphView(frame: frame, viewport: viewport, title: "", font: Font(source: glyphs, pixelSize: labelSize), style: style)
    }

    static func style(_ palette: Palette, locale: CalxLocale = .english, plotHeight: Int, pixelsPerMillimetre: Double? = nil) -> GraphStyle {
        var style = GraphStyle()
        // The grapher knows no language: it is told how to write numbers and what to call the points.
        style.numbers = NumberLabel.Style(decimalSeparator: locale.decimalSeparator, pairSeparator: locale.listSeparator + " ",
                                          undefined: locale[.undefined])
        style.pointNames = PointNames(zero: locale[.zero], minimum: locale[.minimum], maximum: locale[.maximum],
                                      intersection: locale[.intersection])
        style.toolWords = ToolWords(from: locale[.fromField], to: locale[.toField], integralUncertain: locale[.integralUncertain],
                                    slopeUndefined: locale[.slopeUndefined])
        style.showsTitle = false
        style.background = palette.graphFace
        style.grid = palette.grid
        style.axis = palette.axis
        style.label = palette.tickText
        style.title = palette.graphTitle
        style.curve = palette.curve
        style.trace = palette.traceText
        style.curveWidth = max(2, Double(plotHeight) / 220)
        style.markRadius = max(5, Double(plotHeight) / 90)
        // The trace snaps to a point within 5 mm of the finger.
        style.snapRadius = 5 * (pixelsPerMillimetre ?? 5)
        return style
    }

    /// Shows `curves`, compiling only the programs not already shown; `numbered` when the title strip lists
    /// them by number (newest first, from 1), which then tags each curve.
    mutating func show(_ curves: GraphedCurves, numbered: Bool = false) {
        guard curves != self.curves || numbered != isNumbered else { return }
        self.curves = curves
        isNumbered = numbered
        var compiled: [Int: (program: GraphRequest, function: ProvableProgramFunction)] = [:]
        var reused = true
        for c in curves.curves {
            if let known = functions[c.id], known.program == c.program {
                compiled[c.id] = known
            } else {
                // An id the view knows under another program (a list restored afresh): its samples are stale.
                if functions[c.id] != nil { reused = false }
                compiled[c.id] = (c.program, ProvableProgramFunction(expression: c.program.plotted, variable: c.program.variable))
            }
        }
        functions = compiled
        if !reused { view.functionChanged() }
        let count = curves.curves.count
        view.curves = curves.curves.enumerated().map { index, c in
            GraphCurve(id: c.id, title: locale.description(c.program.description), color: palette.curves[c.colorIndex % palette.curves.count],
                       isHidden: c.isHidden, tag: numbered ? String(count - index) : nil, function: compiled[c.id]!.function)
        }
    }

    /// The next draw repaints the whole plot (the screen under it was cleared).
    mutating func invalidate() {
        view.invalidate()
    }

    /// Draws what changed since the last call; the view records its own damage on the canvas.
    mutating func draw(viewport: Viewport, trace: Point?, tools: GraphTools = GraphTools(), into canvas: inout Canvas) {
        view.viewport = viewport
        view.traceLocation = trace
        view.markings = markings(tools)
        view.draw(into: &canvas)
    }

    /// The tools' marks: the value's x, or the integral's area over every curve, each with its integrand.
    private mutating func markings(_ tools: GraphTools) -> PlotMarkings {
        guard let area = tools.area else { return PlotMarkings(valueX: tools.valueX) }
        var made: [Int: any IntegrableFunction] = [:]
        for c in curves.curves {
            if let known = integrands[c.id], known.program == c.program {
                made[c.id] = known.function
            } else {
                let function = ProgramIntegralFunction(expression: c.program.plotted, variable: c.program.variable)
                integrands[c.id] = (c.program, function)
                made[c.id] = function
            }
        }
        integrands = integrands.filter { id, _ in made[id] != nil }
        return PlotMarkings(valueX: tools.valueX, area: PlotArea(from: area.from, to: area.to, functions: made))
    }

    /// How many evaluations the last drawn frame spent, and how many columns it took from the cache.
    var lastCurve: SampledCurve? { view.lastCurve }
    /// The values and enclosures alone, which `calx bench` reads every frame instead of the whole curve.
    var lastEvaluations: (values: Int, enclosures: Int)? { view.lastCurve.map { ($0.valueEvaluations, $0.enclosureEvaluations) } }
}
