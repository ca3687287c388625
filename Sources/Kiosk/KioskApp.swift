import Calculator
import CalculatorBrain
import Grapher
import Raster
import ProgramGraphs

/// The whole Calx screen as a state machine: touch frames and keys in, pixels out.
/// It runs the same under tests, `calx shot` and the real display loop. It coordinates: the touch
/// router turns fingers into intents, the views (readout, keypad, graph pane) draw themselves, the
/// state keeper keeps the state; what is left here is the app's own state and how intents change it.
public final class KioskApp {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var layout: ScreenLayout
    public private(set) var theme: Theme
    let model: any CalculatorModel
    let keeper: StateKeeper
    var style: ViewStyle

    /// The frozen programs on the graph, oldest first, each with its colour and hidden flag.
    public internal(set) var curves = GraphedCurves()
    /// The newest program on the graph, if any.
    public var graph: GraphRequest? { curves.newest }
    public internal(set) var viewport = Viewport.standard
    /// Stacked mode: the graph covers the calculator.
    public internal(set) var isGraphPushed = false
    /// Where a long press holds the trace, in screen pixels; the graph marks the curve point nearest it.
    public internal(set) var tracePoint: Point?
    /// 2nd holds the keypad's second page up, until the next key.
    public internal(set) var isSecondPage = false
    /// The history list covers the keypad.
    public internal(set) var isHistoryOpen = false

    var router = TouchRouter()
    /// Idle reset: after this many seconds without a touch or key, a fresh start (nil: never).
    public var idleResetSeconds: Double?
    /// Since when nobody has touched; nil before the first tick and once the screen is fresh again.
    var idleSince: Double?
    var idleClockStarted = false
    var clock = 0.0

    var readoutView: ReadoutView
    var keypadView: KeypadView
    var graphPaneView: GraphPaneView
    var historyView: HistoryView
    /// Whether the graph was pushed over the calculator when the screen was last drawn (nil before the
    /// first frame): a change repaints everything. A new layout or theme asks for that itself
    /// (`needsFullRedraw`), so a frame need not compare the whole layout.
    private var drawnPushed: Bool?
    var needsFullRedraw = true
    /// The strokes' coverage memory, kept from frame to frame: a canvas of its own would allocate it, and
    /// zero as far as the strokes reach, every frame.
    private let strokeScratch = StrokeScratch()

    /// The state file's payload is written by `coder` (calx's JSON).
    public convenience init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                            theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage,
                            coder: any StateCoder) {
        self.init(width: width, height: height, millimetres: millimetres, theme: theme, glyphs: glyphs,
                  storage: storage, coder: coder, model: KioskApp.makeController())
    }

    /// With any controller behind the keypad.
    public init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage, coder: any StateCoder,
                model: any CalculatorModel) {
        self.width = width
        self.height = height
        self.theme = theme
        self.style = ViewStyle(theme: theme, palette: Palette(theme), glyphs: glyphs)
        self.keeper = StateKeeper(storage: storage, coder: coder)
        self.model = model
        let layout = ScreenLayout(width: width, height: height, millimetres: millimetres)
        self.layout = layout
        readoutView = ReadoutView(layout: layout)
        keypadView = KeypadView(layout: layout)
        graphPaneView = GraphPaneView(layout: layout)
        historyView = HistoryView(layout: layout)
        restore()
    }

    /// A new screen size (hotplug, rotation). The origin keeps its place relative to the centre.
    public func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        self.width = width
        self.height = height
        layout = ScreenLayout(width: width, height: height, millimetres: millimetres)
        readoutView = ReadoutView(layout: layout)
        keypadView = KeypadView(layout: layout)
        historyView = HistoryView(layout: layout)
        graphPaneView.relayout(layout)
        if layout.mode == .split { isGraphPushed = false }
        router.cancelAll()
        tracePoint = nil
        needsFullRedraw = true
    }

    public func setTheme(_ theme: Theme) {
        self.theme = theme
        style = ViewStyle(theme: theme, palette: Palette(theme), glyphs: style.glyphs)
        needsFullRedraw = true
    }

    /// Log lines for the caller to print (corrupt state set aside, save failures).
    public var messages: [String] { keeper.messages }

    /// Hands the log lines over, so a long-running loop prints each once.
    public func takeMessages() -> [String] {
        defer { keeper.messages = [] }
        return keeper.messages
    }

    /// What the calculator shows now (for tests and `calx keys --touch`).
    public var display: String { model.display }
    public var descriptionText: String { model.descriptionText }
    public var memoryReadout: String? { model.memoryReadout }
    public var errorMessage: String? { model.errorMessage }
    public var isGraphEnabled: Bool { model.isGraphEnabled }
    /// The controller's whole state (angle mode, history) for `calx keys --touch`.
    public var calculatorState: CalculatorController.State { model.state }

    /// The key a finger holds down.
    public var pressedKey: CalculatorKey? { router.pressedKey }
    /// The graph pane's key a finger holds down.
    public var pressedPaneKey: PaneKey? { router.pressedPaneKey }
    /// Where the plot is on screen now: the graph pane below its title strip (for benchmarks and scripts).
    public var plotRect: IntRect { graphPaneView.plotRect }
    /// The plot as the viewport's frame: gestures and drawing share it.
    var plotFrame: Rect { graphPaneView.plotFrame }
    var isGraphVisible: Bool { layout.mode == .split || isGraphPushed }
    /// The graph view behind the plot, once drawn.
    var plot: GraphPlot? { graphPaneView.plot }
    /// What the graph's last drawn frame sampled: evaluations, cache reuse (for `calx bench`).
    public var lastGraphCurve: SampledCurve? { graphPaneView.lastCurve }

    // MARK: Input

    /// A key from a keyboard or keypad.
    public func handle(key: CalculatorKey, time: Double) {
        tick(time)
        noteActivity()
        activate(key)
    }

    /// One touch frame: every contact that changed at one SYN_REPORT.
    public func handle(_ touches: [TouchEvent]) {
        for event in touches {
            tick(event.time)
            noteActivity()
            let point = onScreen(event.x, event.y)
            let intents = switch event.phase {
            case .down: router.down(event.id, at: point, time: event.time, on: self)
            case .move: router.moved(event.id, to: point, on: self)
            case .up: router.up(event.id, at: point, time: event.time, cancelled: false, on: self)
            case .cancel: router.up(event.id, at: point, time: event.time, cancelled: true, on: self)
            }
            intents.forEach(carryOut)
        }
    }

    /// Runs timers (long press, debounced saves) due by `time`.
    public func advance(to time: Double) {
        tick(time)
    }

    /// When `advance` next has work to do, or nil.
    public var nextDeadline: Double? {
        [keeper.saveDeadline, router.longPressDeadline, idleResetDeadline].compactMap { $0 }.min()
    }

    func tick(_ time: Double) {
        if time.isFinite && time > clock { clock = time }
        if !idleClockStarted { idleClockStarted = true; idleSince = clock }
        router.advance(to: clock, canTrace: curves.newestShown != nil).forEach(carryOut)
        if keeper.isSaveDue(at: clock) { saveNow() }
        if let deadline = idleResetDeadline, clock >= deadline, !router.hasContacts { resetAfterIdle() }
    }

    /// A touch is on the screen, whatever its source said: NaN, infinities and far-off points would
    /// otherwise reach integer conversions in hit tests and gestures.
    func onScreen(_ x: Double, _ y: Double) -> Point {
        func clamp(_ v: Double, _ size: Int) -> Double { v.isNaN ? 0 : min(max(v, 0), Double(max(size - 1, 0))) }
        return Point(x: clamp(x, layout.width), y: clamp(y, layout.height))
    }

    /// What the fingers meant, done.
    func carryOut(_ intent: TouchIntent) {
        switch intent {
        case .keyTap(let key):
            activate(key)
        case .paneTap(let key):
            activate(key)
        case .curveTitleTap(let id):
            curves.toggleHidden(id: id)
            tracePoint = nil
            stateChanged()
        case .pan(let dx, let dy):
            viewport = viewport.panned(by: dx, dy)
            stateChanged()
        case .pinch(let scale, let center, let dx, let dy):
            viewport = viewport.pinched(scaleFactor: scale, about: center, in: plotFrame).panned(by: dx, dy)
            stateChanged()
        case .doubleTap(let point):
            viewport = viewport.doubleTapped(at: point, in: plotFrame)
            stateChanged()
        case .trace(let point):
            tracePoint = point
        }
    }

    /// Presses a key on the controller and follows its effect; 2nd and the history list are the screen's own.
    func activate(_ key: CalculatorKey) {
        switch key {
        case .secondPage:
            isSecondPage.toggle()
            return
        case .historyList:
            if isHistoryOpen { showKeypad() } else { showHistory() }
            return
        case .history where isHistoryOpen:
            showKeypad()
        default:
            break
        }
        isSecondPage = false
        if key == .graph && !model.isGraphEnabled { return }
        if let program = model.press(key) {
            curves.add(program)
            tracePoint = nil
            if layout.mode == .stacked { isGraphPushed = true }
        }
        stateChanged()
    }

    /// Covers the keypad with the history list (on its first page when it comes back).
    func showHistory() {
        isSecondPage = false
        isHistoryOpen = true
        historyView.forget()
    }

    /// Takes the history list away: every key repaints.
    func showKeypad() {
        isSecondPage = false
        if isHistoryOpen { keypadView.forget() }
        isHistoryOpen = false
    }

    /// Adds a program to the graph as if the graph key had frozen it (benchmarks, demos).
    public func showGraph(_ program: GraphRequest) {
        curves.add(program)
        tracePoint = nil
        if layout.mode == .stacked { isGraphPushed = true }
        stateChanged()
    }

    /// A key of the graph pane's title strip.
    func activate(_ key: PaneKey) {
        switch key {
        case .back:
            isGraphPushed = false
            tracePoint = nil
            stateChanged()
        case .reset:
            viewport = .standard
            tracePoint = nil
            stateChanged()
        case .fit:
            // The newest curve shown sets the scale: the one just graphed, or the one a tap left showing.
            guard let graph = curves.newestShown else { return }
            let function = ProgramFunction(expression: graph.expression, variable: graph.variable)
            viewport = viewport.fitted(to: function, in: plotFrame)
            tracePoint = nil
            stateChanged()
        }
    }

    // MARK: Drawing

    /// The next `draw` repaints everything (a new buffer, a VT switch back).
    public func invalidate() {
        needsFullRedraw = true
    }

    var readoutContent: ReadoutView.Content {
        .init(description: model.descriptionText, display: model.display, memory: model.memoryReadout, error: model.errorMessage,
              angle: model.angleReadout)
    }
    var keypadContent: KeypadView.Content {
        .init(pressed: router.pressedKey, isGraphEnabled: model.isGraphEnabled, secondPage: isSecondPage)
    }
    var historyContent: HistoryView.Content {
        .init(rows: HistoryView.rows(of: model.state.history), pressed: router.pressedKey)
    }
    var graphContent: GraphPaneView.Content {
        .init(curves: curves, viewport: viewport, trace: tracePoint, pressedKey: router.pressedPaneKey)
    }

    /// Whether the screen as a whole differs from the last drawn: then everything repaints.
    private var screenChanged: Bool {
        drawnPushed != isGraphPushed
    }

    /// True when `draw` would change pixels.
    public var needsRedraw: Bool {
        needsFullRedraw || screenChanged || readoutView.needsDraw(readoutContent) || keypadView.needsDraw(keypadContent)
            || (isHistoryOpen && historyView.needsDraw(historyContent))
            || (isGraphVisible ? graphPaneView.needsDraw(graphContent) : graphPaneView.drawn != nil)
    }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    public func draw(into buffer: PixelBuffer) -> [IntRect] {
        var canvas = Canvas(buffer: buffer)
        canvas.strokeScratch = strokeScratch
        let full = needsFullRedraw || screenChanged || buffer.width != width || buffer.height != height
        if full { canvas.clear(style.palette.background) }
        readoutView.show(readoutContent, visible: !isGraphPushed, full: full, style: style, into: &canvas)
        keypadView.show(keypadContent, visible: !isGraphPushed && !isHistoryOpen, full: full, style: style, into: &canvas)
        if isHistoryOpen && !isGraphPushed { historyView.show(historyContent, full: full, style: style, into: &canvas) }
        if isGraphVisible {
            graphPaneView.show(graphContent, pushed: isGraphPushed, full: full, style: style, into: &canvas)
        } else {
            graphPaneView.hide()
        }
        drawnPushed = isGraphPushed
        needsFullRedraw = false
        return canvas.damage.take()
    }

    // MARK: State

    /// Something worth keeping changed: save after the debounce.
    func stateChanged() {
        keeper.changed(at: clock)
    }

    /// Takes over the last saved state; one the controller refuses is set aside and defaults used.
    func restore() {
        guard let state = keeper.load() else { return }
        do {
            if let calculator = state.calculator { try model.restore(calculator) }
            curves = GraphedCurves(restoring: state.curves.map { ($0.graph, $0.color, $0.hidden) })
            // Viewport's initialiser clamps whatever the file says into the range it can draw.
            let v = state.viewport
            viewport = Viewport(originOffsetX: v.originOffsetX, originOffsetY: v.originOffsetY,
                                pixelsPerUnitX: v.pixelsPerUnitX, pixelsPerUnitY: v.pixelsPerUnitY)
            isGraphPushed = state.graphPushed && layout.mode == .stacked && graph != nil
        } catch {
            // The model may hold half of the bad state: start it over.
            _ = model.press(.clear)
            keeper.reject(error)
        }
    }

    /// Writes the state now, skipping the debounce (SIGTERM, shutdown).
    public func saveNow() {
        let saved = curves.curves.map { PersistedState.CurveRecord(graph: $0.program, color: $0.colorIndex, hidden: $0.isHidden) }
        keeper.save(PersistedState(calculator: model.state, curves: saved, viewport: viewport, graphPushed: isGraphPushed))
    }
}

/// The screen's hit test, for the touch router: the views say what is where.
extension KioskApp: TouchTargets {
    func landing(at p: Point) -> TouchLanding {
        if isGraphVisible {
            if let key = graphPaneView.key(at: p, pushed: isGraphPushed) { return .pane(key) }
            // Inside the pane first: laying out the titles is not worth it for a touch on the keypad.
            if graphPaneView.contains(p) {
                if let id = graphPaneView.curveTitle(at: p, curves: curves, pushed: isGraphPushed, style: style) { return .curveTitle(id) }
                return .graph
            }
        }
        if isHistoryOpen { return .key(historyView.key(at: p, entryCount: model.state.history.entries.count)) }
        return .key(keypadView.key(at: p, secondPage: isSecondPage))
    }

    func isNear(_ landing: TouchLanding, _ p: Point) -> Bool {
        switch landing {
        case .key(let key?): isHistoryOpen ? historyView.isNear(key, p) : keypadView.isNear(key, p)
        case .pane(let key): graphPaneView.isNear(key, p)
        case .curveTitle(let id): graphPaneView.isNear(curveTitle: id, p, curves: curves, pushed: isGraphPushed, style: style)
        default: false
        }
    }

    var slop: Double { layout.slop }
}
