import Calculator
import Grapher
import Raster

/// The app's state as the screen shows it, asked for only as far as a frame needs it (a key frame never
/// builds the history list's rows). None of these may read the screen itself, which is being drawn while
/// they are asked.
protocol ScreenContent {
    var model: any CalculatorModel { get }
    var curves: GraphedCurves { get }
    var viewport: Viewport { get }
    var tracePoint: Point? { get }
    var isGraphPushed: Bool { get }
    var pressedKey: CalculatorKey? { get }
    var pressedPaneKey: PaneKey? { get }
    var isSecondPage: Bool { get }
    var isHistoryOpen: Bool { get }
    var isGraphVisible: Bool { get }
}

extension ScreenContent {
    var readoutContent: ReadoutView.Content {
        .init(description: model.descriptionText, display: model.display, memory: model.memoryReadout, error: model.errorMessage,
              angle: model.angleReadout)
    }
    var keypadContent: KeypadView.Content {
        .init(pressed: pressedKey, isGraphEnabled: model.isGraphEnabled, secondPage: isSecondPage)
    }
    var historyContent: HistoryView.Content {
        .init(rows: HistoryView.rows(of: model.state.history), pressed: pressedKey)
    }
    var graphContent: GraphPaneView.Content {
        .init(curves: curves, viewport: viewport, trace: tracePoint, pressedKey: pressedPaneKey)
    }
}

/// The kiosk's views and what the screen holds of them: the readout, the keypad (or the history list over
/// it) and the graph pane, each drawing only what changed since the last frame. Everything repaints when
/// the picture as a whole changed: a new size, layout or theme (`needsFullRedraw`), or the graph pushed
/// over the calculator or taken away. A class, so that asking a view does not copy the others.
final class KioskScreen {
    /// The size the views are laid out for; a buffer of another size is painted whole.
    private(set) var width: Int
    private(set) var height: Int
    private(set) var readout: ReadoutView
    private(set) var keypad: KeypadView
    private(set) var graphPane: GraphPaneView
    private(set) var history: HistoryView
    /// Whether the graph was pushed over the calculator when the screen was last drawn (nil before the
    /// first frame): a change repaints everything, so a frame need not compare the whole layout.
    private var drawnPushed: Bool?
    var needsFullRedraw = true
    /// The strokes' coverage memory, kept from frame to frame: a canvas of its own would allocate it, and
    /// zero as far as the strokes reach, every frame.
    private let strokeScratch = StrokeScratch()
    /// Where each frame's text goes, for tests (nil: not kept).
    var textLog: TextLog?

    init(width: Int, height: Int, layout: ScreenLayout) {
        self.width = width
        self.height = height
        readout = ReadoutView(layout: layout)
        keypad = KeypadView(layout: layout)
        graphPane = GraphPaneView(layout: layout)
        history = HistoryView(layout: layout)
    }

    /// A new screen size. The graph pane keeps its plot (and its samples) across the change.
    func relayout(width: Int, height: Int, layout: ScreenLayout) {
        self.width = width
        self.height = height
        readout = ReadoutView(layout: layout)
        keypad = KeypadView(layout: layout)
        history = HistoryView(layout: layout)
        graphPane.relayout(layout)
        needsFullRedraw = true
    }

    /// The history list opens on its first page.
    func openHistory() {
        history.forget()
    }

    /// The keypad comes back from under the history list: every key repaints.
    func closeHistory() {
        keypad.forget()
    }

    /// True when `draw` would change pixels.
    func needsRedraw(_ content: some ScreenContent) -> Bool {
        needsFullRedraw || drawnPushed != content.isGraphPushed || readout.needsDraw(content.readoutContent)
            || keypad.needsDraw(content.keypadContent)
            || (content.isHistoryOpen && history.needsDraw(content.historyContent))
            || (content.isGraphVisible ? graphPane.needsDraw(content.graphContent) : graphPane.drawn != nil)
    }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    func draw(_ content: some ScreenContent, style: ViewStyle, into buffer: PixelBuffer) -> [IntRect] {
        var canvas = Canvas(buffer: buffer)
        canvas.strokeScratch = strokeScratch
        canvas.textLog = textLog
        let pushed = content.isGraphPushed, historyOpen = content.isHistoryOpen
        let full = needsFullRedraw || drawnPushed != pushed || buffer.width != width || buffer.height != height
        if full { canvas.clear(style.palette.background) }
        readout.show(content.readoutContent, visible: !pushed, full: full, style: style, into: &canvas)
        keypad.show(content.keypadContent, visible: !pushed && !historyOpen, full: full, style: style, into: &canvas)
        if historyOpen && !pushed { history.show(content.historyContent, full: full, style: style, into: &canvas) }
        if content.isGraphVisible {
            graphPane.show(content.graphContent, pushed: pushed, full: full, style: style, into: &canvas)
        } else {
            graphPane.hide()
        }
        drawnPushed = pushed
        needsFullRedraw = false
        return canvas.damage.take()
    }

    /// What a finger at `p` lands on: where the graph shows, its pane's keys and curve titles; else the
    /// history list or the keypad.
    func landing(at p: Point, on content: some ScreenContent, style: ViewStyle) -> TouchLanding {
        if content.isGraphVisible {
            let pushed = content.isGraphPushed
            if let key = graphPane.key(at: p, pushed: pushed) { return .pane(key) }
            // Inside the pane first: laying out the titles is not worth it for a touch on the keypad.
            if graphPane.contains(p) {
                if let id = graphPane.curveTitle(at: p, curves: content.curves, pushed: pushed, style: style) {
                    return .curveTitle(id)
                }
                return .graph
            }
        }
        if content.isHistoryOpen { return .key(history.key(at: p, entryCount: content.model.state.history.entries.count)) }
        return .key(keypad.key(at: p, secondPage: content.isSecondPage))
    }

    /// Whether a finger at `p` is still on what it landed on, grown by the slop.
    func isNear(_ landing: TouchLanding, _ p: Point, on content: some ScreenContent, style: ViewStyle) -> Bool {
        switch landing {
        case .key(let key?): content.isHistoryOpen ? history.isNear(key, p) : keypad.isNear(key, p)
        case .pane(let key): graphPane.isNear(key, p)
        case .curveTitle(let id):
            graphPane.isNear(curveTitle: id, p, curves: content.curves, pushed: content.isGraphPushed, style: style)
        default: false
        }
    }
}
