import Calculator
import Grapher
import ProgramGraphs
import Raster

/// The graph as a visitor leaves it: the curves, the viewport, whether the graph is pushed over the
/// calculator (a stacked screen), and where a long press holds the trace. The graph pane draws it, the
/// state file keeps all of it but the trace, and the kiosk's intents change it only through these steps.
/// Any change of the curves, the viewport or the screen's layout lets go of the trace.
struct GraphSession {
    /// The frozen programs on the graph, oldest first, each with its colour and hidden flag.
    var curves = GraphedCurves()
    var viewport = Viewport.standard
    /// Stacked mode: the graph covers the calculator.
    var isPushed = false
    /// Where a long press holds the trace, in screen pixels; the graph marks the curve point nearest it.
    var tracePoint: Point?
    /// The tools behind the Tools key: value at x, the table, the integral (GraphSession+Tools).
    var tools = GraphTools()

    /// The graph key froze `program`: it is the newest curve, and a stacked screen shows the graph.
    mutating func add(_ program: GraphRequest, stacked: Bool) {
        curves.add(program)
        tracePoint = nil
        if stacked { isPushed = true }
    }

    /// Follows a gesture on the graph (a pan, a pinch, a double tap, a tap on a curve's title); false
    /// for an intent that is not the graph's to follow.
    mutating func follow(_ intent: TouchIntent, in plotFrame: Rect) -> Bool {
        switch intent {
        case .curveTitleTap(let id):
            curves.toggleHidden(id: id)
            tracePoint = nil
        case .pan(_, let dy) where tools.showsTable:
            tools.scrollTable(by: dy, rowHeight: ValueTableView.rowHeight(plotHeight: Int(plotFrame.height)))
        case .pinch where tools.showsTable, .doubleTap where tools.showsTable:
            return false
        case .pan(let dx, let dy):
            viewport = viewport.panned(by: dx, dy)
        case .pinch(let scale, let center, let dx, let dy):
            viewport = viewport.pinched(scaleFactor: scale, about: center, in: plotFrame).panned(by: dx, dy)
        case .doubleTap(let point):
            viewport = viewport.doubleTapped(at: point, in: plotFrame)
        case .keyTap, .paneTap, .trace, .listScroll, .twoFingerTap:
            return false
        }
        return true
    }

    /// A key of the graph pane: back to the calculator, the standard viewport, or the scale of the newest
    /// curve shown (the one just graphed, or the one a tap left showing); the Tools key and the tool bar's
    /// (GraphSession+Tools), whose numbers start from `calculator` (its M and angle mode). False when
    /// nothing changed (fit with no curve shown).
    mutating func press(_ key: PaneKey, in plotFrame: Rect, calculator: CalculatorController.State) -> Bool {
        switch key {
        case .tools, .valueTool, .tableTool, .integralTool, .toolChoice, .editX, .editStep, .editFrom, .editTo:
            return pressTool(key, in: plotFrame, calculator: calculator)
        case .back:
            isPushed = false
        case .reset:
            viewport = .standard
        case .fit:
            guard let graph = curves.newestShown else { return false }
            let function = ProgramFunction(expression: graph.plotted, variable: graph.variable)
            viewport = viewport.fitted(to: function, in: plotFrame)
        }
        tracePoint = nil
        return true
    }

    /// A new screen layout: a split screen shows the graph beside the calculator, never over it.
    mutating func relayout(_ mode: ScreenLayout.Mode) {
        if mode == .split { isPushed = false }
        tracePoint = nil
    }

    /// Nothing on the graph, as at a first start. Curve ids go on counting, so the graph view
    /// keeps no samples under a reused one.
    mutating func clear() {
        curves.removeAll()
        viewport = .standard
        isPushed = false
        tracePoint = nil
        tools = GraphTools()
    }
}
