import Calculator
import Grapher
import Locales
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
    /// The history row shown first while the list is scrolled.
    var historyFirst: Int { get }
    var isGraphVisible: Bool { get }
    var tools: GraphTools { get }
    /// The session, the attract screen or the countdown (`IdleTimer`), and the clock they run by.
    var idlePhase: IdlePhase { get }
    var clock: Double { get }
    /// The words and number style the screen shows.
    var locale: CalxLocale { get }
}

extension ScreenContent {
    /// The calculator's readouts, or while a graph tool's number is typed, what it asks and what is typed.
    var readoutContent: ReadoutView.Content {
        if let entry = tools.entry { return entry.readout(locale: locale) }
        return ReadoutView.Content(ShownReadouts(model.readouts, locale: locale))
    }
    var keypadContent: KeypadView.Content {
        .init(pressed: pressedKey, isGraphEnabled: model.isGraphEnabled && tools.entry == nil, secondPage: isSecondPage)
    }
    var historyContent: HistoryView.Content {
        .init(rows: HistoryView.rows(of: model.state.history, locale: locale), pressed: pressedKey, first: historyFirst)
    }
    var graphContent: GraphPaneView.Content {
        .init(curves: curves, viewport: viewport, trace: tracePoint, pressedKey: pressedPaneKey, tools: tools)
    }
}

/// The kiosk's views and what the screen holds of them: the readout, the keypad (or the history list over
/// it) and the graph pane, each drawing only what changed since the last frame. Everything repaints when
/// the picture as a whole changed: a new size, layout or theme (`needsFullRedraw`), the graph pushed
/// over the calculator or taken away, or the session back from the attract screen or the countdown (which
/// comes over it). A class, so that asking a view does not copy the others.
final class KioskScreen {
    /// The size the views are laid out for; a buffer of another size is painted whole.
    private(set) var width: Int
    private(set) var height: Int
    private(set) var readout: ReadoutView
    private(set) var keypad: KeypadView
    private(set) var graphPane: GraphPaneView
    private(set) var history: HistoryView
    private(set) var attract: AttractView
    private(set) var countdown: CountdownView
    /// What the last frame showed: the session, the attract screen or the countdown over the session (nil
    /// before the first frame). Moving between them repaints the screen whole.
    private var shown: IdleKind?
    enum IdleKind { case session, attract, countdown }
    /// Whether the graph was pushed over the calculator when the screen was last drawn (nil before the
    /// first frame): a change repaints everything, so a frame need not compare the whole layout.
    private var drawnPushed: Bool?
    var needsFullRedraw = true
    /// The strokes' coverage memory, kept from frame to frame: a canvas of its own would allocate it, and
    /// zero as far as the strokes reach, every frame.
    private let strokeScratch = StrokeScratch()
    /// Where each frame's text goes, for tests (nil: not kept).
    var textLog: TextLog?
    /// Everything of the graph pane a finger can land on: its area, its tool bar and its keys. A touch beyond
    /// it asks none of the pane's hit tests (which took a copy of the whole pane view each).
    private var paneReach: IntRect

    private static func paneReach(_ layout: ScreenLayout) -> IntRect {
        [layout.toolBar, layout.fitKey, layout.resetKey, layout.toolsKey, layout.backKey ?? layout.graphPane]
            .reduce(layout.graphPane) { $0.union($1) }
    }

    init(width: Int, height: Int, layout: ScreenLayout) {
        self.width = width
        self.height = height
        readout = ReadoutView(layout: layout)
        keypad = KeypadView(layout: layout)
        graphPane = GraphPaneView(layout: layout)
        history = HistoryView(layout: layout)
        attract = AttractView(width: width, height: height, textScale: layout.textScale)
        countdown = CountdownView(width: width, height: height, textScale: layout.textScale)
        paneReach = Self.paneReach(layout)
    }

    /// A new screen size. The graph pane keeps its plot (and its samples) across the change.
    func relayout(width: Int, height: Int, layout: ScreenLayout) {
        self.width = width
        self.height = height
        readout = ReadoutView(layout: layout)
        keypad = KeypadView(layout: layout)
        history = HistoryView(layout: layout)
        attract = AttractView(width: width, height: height, textScale: layout.textScale)
        countdown = CountdownView(width: width, height: height, textScale: layout.textScale)
        graphPane.relayout(layout)
        paneReach = Self.paneReach(layout)
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
        switch content.idlePhase {
        case .attract(let since):
            return needsFullRedraw || shown != .attract || attract.needsDraw(atTenth: AttractDemo.tenth(since: since, clock: content.clock))
        case .countdown(let left):
            return needsFullRedraw || shown != .countdown || countdown.needsDraw(left)
        case .active:
            break
        }
        return needsFullRedraw || shown != .session || drawnPushed != content.isGraphPushed || readout.needsDraw(content.readoutContent)
            || keypad.needsDraw(content.keypadContent)
            || (content.isHistoryOpen && history.needsDraw(content.historyContent))
            || (content.isGraphVisible ? graphPane.needsDraw(content.graphContent) : graphPane.drawn != nil)
    }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    func draw(_ content: some ScreenContent, style: ViewStyle, into buffer: PixelBuffer) -> [IntRect] {
        var canvas = Canvas(buffer: buffer, strokeScratch: strokeScratch)
        canvas.textLog = textLog
        let whole = needsFullRedraw || buffer.width != width || buffer.height != height
        switch content.idlePhase {
        case .active:
            drawSession(content, full: whole || shown != .session, style: style, into: &canvas)
            shown = .session
        case .attract(let since):
            attract.show(atTenth: AttractDemo.tenth(since: since, clock: content.clock), full: whole || shown != .attract,
                         style: style, into: &canvas)
            shown = .attract
        case .countdown(let left):
            // The countdown comes over the session's picture, drawn whole under it.
            let coming = whole || shown != .countdown
            if coming { drawSession(content, full: true, style: style, into: &canvas) }
            countdown.show(left, full: coming, style: style, into: &canvas)
            shown = .countdown
        }
        needsFullRedraw = false
        return canvas.damage.take()
    }

    /// The session's views: what changed since the last frame, or everything.
    private func drawSession(_ content: some ScreenContent, full whole: Bool, style: ViewStyle, into canvas: inout Canvas) {
        let pushed = content.isGraphPushed, historyOpen = content.isHistoryOpen
        let full = whole || drawnPushed != pushed
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
    }

    /// What a finger at `p` lands on: where the graph shows, its pane's keys and curve titles; else the
    /// history list or the keypad.
    func landing(at p: Point, on content: some ScreenContent, style: ViewStyle) -> TouchLanding {
        if content.isGraphVisible && (content.isGraphPushed || paneReach.covers(p)) {
            let pushed = content.isGraphPushed
            if let key = graphPane.key(at: p, pushed: pushed, tools: content.tools) { return .pane(key) }
            // Inside the pane first: laying out the titles is not worth it for a touch on the keypad.
            if graphPane.contains(p) {
                if let id = graphPane.curveTitle(at: p, curves: content.curves, pushed: pushed, style: style) {
                    return .curveTitle(id)
                }
                return .graph
            }
        }
        if content.isHistoryOpen {
            return history.landing(at: p, entryCount: content.model.state.history.entries.count, first: content.historyFirst)
        }
        return .key(keypad.key(at: p, secondPage: content.isSecondPage))
    }

    /// Whether a finger at `p` is still on what it landed on, grown by the slop.
    func isNear(_ landing: TouchLanding, _ p: Point, on content: some ScreenContent, style: ViewStyle) -> Bool {
        switch landing {
        case .key(let key?): content.isHistoryOpen ? history.isNear(key, p) : keypad.isNear(key, p)
        case .list(let key?): history.isNear(key, p, first: content.historyFirst)
        case .pane(let key): graphPane.isNear(key, p, tools: content.tools)
        case .curveTitle(let id):
            graphPane.isNear(curveTitle: id, p, curves: content.curves, pushed: content.isGraphPushed, style: style)
        default: false
        }
    }
}
