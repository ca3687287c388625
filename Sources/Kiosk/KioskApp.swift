import Calculator
import CalculatorBrain
import Grapher
import Raster

/// The whole Calx screen as a state machine: touch frames and keys in, pixels out.
/// It runs the same under tests, `calx shot` and the real display loop.
public final class KioskApp {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var layout: ScreenLayout
    public private(set) var theme: Theme
    let glyphs: any GlyphSource
    let keeper: StateKeeper
    let model: any CalculatorModel
    var palette: Palette

    /// The frozen program on the graph, if any.
    public internal(set) var graph: GraphRequest?
    public internal(set) var viewport = Viewport.standard
    /// Stacked mode: the graph covers the calculator.
    public internal(set) var isGraphPushed = false
    /// The key a finger holds down (index into layout.keyRects).
    public internal(set) var pressedKeyIndex: Int?
    /// The graph pane's key a finger holds down.
    public internal(set) var pressedPaneKey: PaneKey?
    /// Where a long press holds the trace, in screen pixels; the graph marks the curve point nearest it.
    public internal(set) var tracePoint: Point?

    // Touch tracking.
    struct Contact {
        enum Target { case key(Int?), pane(PaneKey), graph, ignored }
        var target: Target
        var start: Point
        var last: Point
        var startTime: Double
        var moved = false
    }
    var contacts: [Int: Contact] = [:]
    var keypadContact: Int?
    var graphContacts: [Int] = []
    var longPressDeadline: Double?
    var isTracing = false
    var lastTap: (time: Double, point: Point)?

    var clock = 0.0
    static let longPressDelay = 0.5
    static let doubleTapInterval = 0.4

    // Drawing.
    var needsFullRedraw = true
    var drawn: DrawnContent?
    /// The graph view behind the pane, kept across frames for its samples.
    var plot: GraphPlot?

    /// Log lines for the caller to print (corrupt state set aside, save failures).
    public var messages: [String] { keeper.messages }

    /// Hands the log lines over, so a long-running loop prints each once.
    public func takeMessages() -> [String] {
        defer { keeper.messages = [] }
        return keeper.messages
    }

    /// The state file's payload is written by `coder` (calx's JSON).
    public convenience init(width: Int, height: Int, millimetres: (width: Double, height: Double)? = nil,
                            theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage,
                            coder: any StateCoder) {
        self.init(width: width, height: height, millimetres: millimetres, theme: theme, glyphs: glyphs,
                  storage: storage, coder: coder, model: KioskApp.makeController())
    }

    /// With any controller behind the keypad.
    public init(width: Int, height: Int, millimetres: (width: Double, height: Double)? = nil,
                theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage, coder: any StateCoder,
                model: any CalculatorModel) {
        self.width = width
        self.height = height
        self.theme = theme
        self.palette = Palette(theme)
        self.glyphs = glyphs
        self.keeper = StateKeeper(storage: storage, coder: coder)
        self.model = model
        self.layout = ScreenLayout(width: width, height: height, millimetres: millimetres)
        restore()
    }

    /// A new screen size (hotplug, rotation). The origin keeps its place relative to the centre.
    public func resize(width: Int, height: Int, millimetres: (width: Double, height: Double)?) {
        self.width = width
        self.height = height
        layout = ScreenLayout(width: width, height: height, millimetres: millimetres)
        if layout.mode == .split { isGraphPushed = false }
        cancelAllTouches()
        needsFullRedraw = true
    }

    public func setTheme(_ theme: Theme) {
        self.theme = theme
        palette = Palette(theme)
        needsFullRedraw = true
    }

    /// A key from a keyboard or keypad.
    public func handle(key: CalculatorKey, time: Double) {
        tick(time)
        activate(key)
    }

    /// Runs timers (long press, debounced saves) due by `time`.
    public func advance(to time: Double) {
        tick(time)
    }

    /// When `advance` next has work to do, or nil.
    public var nextDeadline: Double? {
        [keeper.saveDeadline, longPressDeadline].compactMap { $0 }.min()
    }

    /// What the calculator shows now (for tests and `calx keys --touch`).
    public var display: String { model.display }
    public var descriptionText: String { model.descriptionText }
    public var memoryReadout: String? { model.memoryReadout }
    public var errorMessage: String? { model.errorMessage }
    public var isGraphEnabled: Bool { model.isGraphEnabled }

    func tick(_ time: Double) {
        if time.isFinite && time > clock { clock = time }
        if let deadline = longPressDeadline, clock >= deadline { beginTraceIfHeld() }
        if keeper.isSaveDue(at: clock) { saveNow() }
    }

    /// Presses a key on the controller and follows its effect.
    func activate(_ key: CalculatorKey) {
        if key == .graph && !model.isGraphEnabled { return }
        if let program = model.press(key) {
            graph = program
            tracePoint = nil
            if layout.mode == .stacked { isGraphPushed = true }
        }
        stateChanged()
    }

    /// Shows a program on the graph as if the graph key had frozen it (benchmarks, demos).
    public func showGraph(_ program: GraphRequest) {
        graph = program
        tracePoint = nil
        if layout.mode == .stacked { isGraphPushed = true }
        stateChanged()
    }

    /// The next `draw` repaints everything (a new buffer, a VT switch back).
    public func invalidate() {
        needsFullRedraw = true
    }

    /// A key of the graph pane's title strip.
    func activate(_ key: PaneKey) {
        switch key {
        case .back:
            popGraph()
        case .reset:
            viewport = .standard
            tracePoint = nil
            stateChanged()
        case .fit:
            guard let graph else { return }
            let function = ProgramFunction(expression: graph.expression, variable: graph.variable)
            viewport = viewport.fitted(to: function, in: plotFrame)
            tracePoint = nil
            stateChanged()
        }
    }

    func popGraph() {
        isGraphPushed = false
        tracePoint = nil
        stateChanged()
    }

    /// Something worth keeping changed: save after the debounce.
    func stateChanged() {
        keeper.changed(at: clock)
    }

    /// Takes over the last saved state; one the controller refuses is set aside and defaults used.
    func restore() {
        guard let state = keeper.load() else { return }
        do {
            if let calculator = state.calculator { try model.restore(calculator) }
            graph = state.graph
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
        keeper.save(PersistedState(calculator: model.state, graph: graph, viewport: viewport, graphPushed: isGraphPushed))
    }
}

/// Light or dark.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
}
