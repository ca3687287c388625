import Calculator
import Grapher
import Locales
import Raster

/// The whole Calx screen as a state machine: touch frames and keys in, pixels out.
/// It runs the same under tests, `calx shot` and the real display loop. It coordinates: the touch
/// router turns fingers into intents, the graph session and the controller take them, the screen's
/// views draw themselves, the state keeper keeps the state. What is left here is which intent changes
/// what, and the keypad's own pages.
public final class KioskApp {
    public private(set) var layout: ScreenLayout
    public private(set) var theme: Theme
    /// Text this much larger than usual (1 to 2, `ScreenLayout.textScales`): the layout reflows for it.
    public var textScale: Double = 1 {
        didSet { resize(width: width, height: height, millimetres: millimetres) }
    }
    /// The screen's size, when known: the layout keeps keys of 9 mm with it.
    private var millimetres: ScreenMillimetres?
    /// The exhibit's keypad (keys left out) and language: the layout follows them.
    public let settings: LayoutSettings
    let model: any CalculatorModel
    let keeper: StateKeeper
    var style: ViewStyle
    var session = GraphSession()
    /// 2nd holds the keypad's second page up, until the next key.
    public internal(set) var isSecondPage = false
    /// The history list covers the keypad.
    public internal(set) var isHistoryOpen = false
    /// How far a drag has scrolled the history list, in pixels (0 shows the newest first; up is negative).
    var historyScroll = 0.0
    var router = TouchRouter()
    var idle = IdleTimer()
    /// Fingers whose touch took the attract screen or the countdown away: they press nothing until they lift.
    var wakingTouches: Set<Int> = []
    var clock = 0.0
    var screen: KioskScreen

    public var width: Int { screen.width }
    public var height: Int { screen.height }
    /// The frozen programs on the graph, oldest first, each with its colour and hidden flag.
    public internal(set) var curves: GraphedCurves { get { session.curves } set { session.curves = newValue } }
    /// The newest program on the graph, if any.
    public var graph: GraphRequest? { session.curves.newest }
    public internal(set) var viewport: Viewport { get { session.viewport } set { session.viewport = newValue } }
    /// Stacked mode: the graph covers the calculator.
    public internal(set) var isGraphPushed: Bool { get { session.isPushed } set { session.isPushed = newValue } }
    /// Where a long press holds the trace, in screen pixels; the graph marks the curve point nearest it.
    public var tracePoint: Point? { session.tracePoint }

    /// The state file's payload is written by `coder` (calx's JSON).
    public convenience init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                            theme: Theme = .light, textScale: Double = 1, settings: LayoutSettings = LayoutSettings(),
                            glyphs: any GlyphSource, storage: any StateStorage, coder: any StateCoder) {
        self.init(width: width, height: height, millimetres: millimetres, theme: theme, textScale: textScale, settings: settings,
                  glyphs: glyphs,
                  storage: storage, coder: coder, model: KioskApp.makeController())
    }

    /// With any controller behind the keypad.
    public init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                theme: Theme = .light, textScale: Double = 1, settings: LayoutSettings = LayoutSettings(),
                glyphs: any GlyphSource, storage: any StateStorage, coder: any StateCoder, model: any CalculatorModel) {
        self.theme = theme
        self.settings = settings
        self.style = ViewStyle(theme: theme, palette: Palette(theme), glyphs: glyphs, locale: settings.locale)
        self.keeper = StateKeeper(storage: storage, coder: coder)
        self.model = model
        self.millimetres = millimetres
        let layout = ScreenLayout(width: width, height: height, millimetres: millimetres, textScale: textScale, settings: settings)
        self.textScale = layout.textScale
        self.layout = layout
        screen = KioskScreen(width: width, height: height, layout: layout)
        restore()
    }

    /// A new screen size (hotplug, rotation). The origin keeps its place relative to the centre.
    public func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        self.millimetres = millimetres
        layout = ScreenLayout(width: width, height: height, millimetres: millimetres, textScale: textScale, settings: settings)
        screen.relayout(width: width, height: height, layout: layout)
        session.relayout(layout.mode)
        router.cancelAll()
    }

    public func setTheme(_ theme: Theme) {
        self.theme = theme
        style = ViewStyle(theme: theme, palette: Palette(theme), glyphs: style.glyphs, locale: style.locale)
        screen.needsFullRedraw = true
    }

    /// Log lines for the caller to print (corrupt state set aside, save failures).
    public var messages: [String] { keeper.messages }

    /// Hands the log lines over, so a long-running loop prints each once.
    public func takeMessages() -> [String] {
        defer { keeper.messages = [] }
        return keeper.messages
    }

    /// The key a finger holds down.
    public var pressedKey: CalculatorKey? { router.pressedKey }
    /// The graph pane's key a finger holds down.
    public var pressedPaneKey: PaneKey? { router.pressedPaneKey }
    /// Where the plot is on screen now: the graph pane below its title strip and the tool bar, when that
    /// shows (for benchmarks and scripts).
    public var plotRect: IntRect { screen.graphPane.plotRect(toolBar: session.tools.isOpen) }
    /// The plot as the viewport's frame: gestures and drawing share it.
    var plotFrame: Rect { screen.graphPane.plotFrame(toolBar: session.tools.isOpen) }
    /// The graph's tools: value at x, the table, the integral, and a number being typed for one.
    var tools: GraphTools { session.tools }
    var isGraphVisible: Bool { layout.mode == .split || isGraphPushed }
    /// The graph view behind the plot, once drawn.
    var plot: GraphPlot? { screen.graphPane.plot }
    /// How many values and enclosures the graph's last drawn frame evaluated (for `calx bench`).
    public var lastGraphEvaluations: (values: Int, enclosures: Int)? { screen.graphPane.lastEvaluations }

    // MARK: Input

    /// A key from a keyboard or keypad; one the exhibit left out of the keypad does nothing.
    public func handle(key: CalculatorKey, time: Double) {
        tick(time)
        if wake() { return }
        guard isAvailable(key) else { return }
        activate(key)
    }

    /// Whether the exhibit's keypad has `key` (or it is one no keypad has: DEG, RAD, ans).
    public func isAvailable(_ key: CalculatorKey) -> Bool {
        guard !settings.disabledKeys.isEmpty, KeypadLayout.disableable.contains(key) else { return true }
        return layout.keypad.keys.contains(key) || layout.keypad.secondKeys.contains(key)
    }

    /// The words and number style of the screen.
    public var locale: CalxLocale { style.locale }

    /// One touch frame: every contact that changed at one SYN_REPORT.
    public func handle(_ touches: [TouchEvent]) {
        for event in touches {
            tick(event.time)
            if wakes(event) { continue }
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
        [keeper.saveDeadline, router.longPressDeadline, idle.nextChange(after: clock), attractFrameDeadline].compactMap { $0 }.min()
    }

    func tick(_ time: Double) {
        if time.isFinite && time > clock { clock = time }
        idle.start(at: clock)
        // A finger held down is not idleness.
        if router.hasContacts || !wakingTouches.isEmpty { idle.noteActivity(at: clock) }
        router.advance(to: clock, canTrace: session.curves.hasShown && !session.tools.showsTable).forEach(carryOut)
        if keeper.isSaveDue(at: clock) { saveNow() }
        if let deadline = idle.resetDeadline, clock >= deadline, !router.hasContacts { resetAfterIdle() }
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
        case .trace(let point):
            session.tracePoint = point
        case .listScroll(let dy):
            scrollHistory(by: dy)
        case .twoFingerTap(let left, let right):
            if session.spanIntegral(left, right, in: plotFrame, stacked: layout.mode == .stacked) { stateChanged() }
        case .curveTitleTap, .pan, .pinch, .doubleTap:
            if session.follow(intent, in: plotFrame) { stateChanged() }
        }
    }

    /// Presses a key on the controller and follows its effect; 2nd and the history list are the screen's own.
    func activate(_ key: CalculatorKey) {
        // While a graph tool's number is typed the history list stays shut: its entries are the calculator's.
        if key == .historyList && session.tools.entry != nil { return }
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
        if session.tools.entry != nil {
            // A graph tool's number is being typed: the keys are its.
            session.typeTool(key, in: plotFrame, calculator: model.state, stacked: layout.mode == .stacked)
            return
        }
        if key == .graph && !model.isGraphEnabled { return }
        if let program = model.press(key) { session.add(program, stacked: layout.mode == .stacked) }
        stateChanged()
    }

    /// Covers the keypad with the history list (on its first page when it comes back).
    func showHistory() {
        isSecondPage = false
        isHistoryOpen = true
        historyScroll = 0
        screen.openHistory()
    }

    /// Takes the history list away: every key repaints.
    func showKeypad() {
        isSecondPage = false
        if isHistoryOpen { screen.closeHistory() }
        isHistoryOpen = false
    }

    /// Adds a program to the graph as if the graph key had frozen it (benchmarks, demos).
    public func showGraph(_ program: GraphRequest) {
        session.add(program, stacked: layout.mode == .stacked)
        stateChanged()
    }

    /// A key of the graph pane: its title strip's, or the tool bar's.
    func activate(_ key: PaneKey) {
        if session.press(key, in: plotFrame, calculator: model.state) { stateChanged() }
    }

    // MARK: Drawing

    /// The next `draw` repaints everything (a new buffer, a VT switch back).
    public func invalidate() {
        screen.needsFullRedraw = true
    }

    /// True when `draw` would change pixels.
    public var needsRedraw: Bool { screen.needsRedraw(self) }

    /// Draws what changed into `buffer` (which holds the previous frame) and returns the damage.
    public func draw(into buffer: PixelBuffer) -> [IntRect] {
        screen.draw(self, style: style, into: buffer)
    }
}

/// The screen's hit test, for the touch router: the views say what is where.
extension KioskApp: TouchTargets, ScreenContent {
    func landing(at p: Point) -> TouchLanding { screen.landing(at: p, on: self, style: style) }
    func isNear(_ landing: TouchLanding, _ p: Point) -> Bool { screen.isNear(landing, p, on: self, style: style) }
    var slop: Double { layout.slop }
}
