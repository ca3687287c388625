import CalxApp
import Kiosk
import Platform
import Raster
import Typeface

/// A screen the soak's kiosk is shown on: the panel's own size, turned as `--rotate` turns it.
struct SoakScreen {
    var panelWidth: Int, panelHeight: Int, rotation: ScreenRotation
    var millimetres: ScreenMillimetres?
    var turned: Bool { rotation.swapsAxes }
    /// The upright picture's size, as the display reports it to the kiosk.
    var width: Int { turned ? panelHeight : panelWidth }
    var height: Int { turned ? panelWidth : panelHeight }
    var pictureMillimetres: ScreenMillimetres? { millimetres?.turned(by: rotation) }
    var name: String { "\(width)x\(height)" + (rotation == .upright ? "" : "@\(rotation.degrees)") }

    /// Landscape and portrait 7-inch panels, a 1024x600 one without size information, a 720p screen
    /// mounted the other way round: every layout mode, every rotation.
    static let cycle = [
        SoakScreen(panelWidth: 800, panelHeight: 480, rotation: .upright, millimetres: ScreenMillimetres(width: 154, height: 86)),
        SoakScreen(panelWidth: 800, panelHeight: 480, rotation: .clockwise90, millimetres: ScreenMillimetres(width: 154, height: 86)),
        SoakScreen(panelWidth: 1024, panelHeight: 600, rotation: .upright, millimetres: nil),
        SoakScreen(panelWidth: 1280, panelHeight: 720, rotation: .clockwise270, millimetres: nil),
        SoakScreen(panelWidth: 800, panelHeight: 480, rotation: .clockwise180, millimetres: ScreenMillimetres(width: 154, height: 86)),
    ]
}

/// The state storage `calx run` uses, counting the saves that reach it.
final class CountingStateStorage: StateStorage {
    let file: FileStateStorage
    private(set) var saves = 0
    init(path: String) { file = FileStateStorage(path: path) }
    func load() throws -> [UInt8]? { try file.load() }
    func save(_ bytes: [UInt8]) throws { saves += 1; try file.save(bytes) }
    func setAside() throws -> String { try file.setAside() }
}

/// The kiosk of `calx run`, driven in-process by simulated visitors: each frame's finger changes go in as
/// evdev events through TouchFrameAssembler, then through the run loop's KioskClient and presentFrame into
/// a display in memory. Time is simulated, 60 frames a second; state is saved to a real file.
final class SoakRun {
    static let frameInterval = 1.0 / 60
    let display: MemoryDisplay
    let app: KioskApp
    let client: KioskClient
    let storage: CountingStateStorage
    private(set) var screen: SoakScreen
    private(set) var touchscreen: SoakTouchscreen
    var visitor: SoakVisitor
    private(set) var time = 1.0
    private(set) var screenChanges = 0
    /// Evdev events fed to the assembler, over every touchscreen of the run.
    var touchEvents: Int { earlierTouchEvents + touchscreen.eventCount }
    private var earlierTouchEvents = 0
    /// The kiosk's log lines (save failures, state set aside): the first few, and how many in all.
    let log: SoakLog

    /// nil when the display's memory cannot be mapped.
    init?(seed: UInt64, statePath: String, glyphs: any GlyphSource, screenIndex: Int = 0) {
        screenChanges = screenIndex
        screen = SoakScreen.cycle[screenIndex % SoakScreen.cycle.count]
        guard let display = MemoryDisplay(width: screen.width, height: screen.height, millimetres: screen.pictureMillimetres)
        else { return nil }
        self.display = display
        storage = CountingStateStorage(path: statePath)
        app = KioskApp(width: display.width, height: display.height, millimetres: display.millimetres,
                       glyphs: glyphs, storage: storage)
        touchscreen = SoakTouchscreen(width: screen.width, height: screen.height, rotation: screen.rotation)
        visitor = SoakVisitor(seed: seed)
        let log = SoakLog()
        self.log = log
        client = KioskClient(app: app, log: log.append)
        client.flushMessages()
    }

    /// One frame: this frame's touches, the kiosk's timers, and the drawing if anything changed.
    /// Returns whether a touch frame went in.
    @discardableResult
    func step() -> Bool {
        time += SoakRun.frameInterval
        let changes = visitor.nextFrame(on: app)
        var touched = false
        if !changes.isEmpty {
            let contacts = touchscreen.frame(changes)
            if !contacts.isEmpty { client.touches(contacts, time: time); touched = true }
        }
        client.advance(to: time)
        do { try presentFrame(of: client, on: display) } catch { log.append("calx: \(error)") }
        return touched
    }

    /// Lifts every finger (cancelled), lets the double-tap interval pass, saves as at SIGTERM, and starts
    /// a new visitor: the run is ready to be compared with a fresh kiosk launched on its saved state.
    func settleForComparison(visitorSeed: UInt64) {
        let cancelled = touchscreen.cancelAll()
        if !cancelled.isEmpty { client.touches(cancelled, time: time) }
        time += 10
        client.advance(to: time)
        client.quit()
        visitor = SoakVisitor(seed: visitorSeed)
    }

    /// The next screen of the cycle is plugged in, in DisplayLoop's order for a modeset that resizes:
    /// the touches under way are cancelled, the kiosk lays out again, the touchscreen maps onto the new
    /// size, and the next frame is drawn whole.
    func changeScreen() {
        screenChanges += 1
        let next = SoakScreen.cycle[screenChanges % SoakScreen.cycle.count]
        do { try display.resize(width: next.width, height: next.height) } catch { log.append("calx: \(error)"); return }
        screen = next
        let cancelled = touchscreen.cancelAll()
        if !cancelled.isEmpty { client.touches(cancelled, time: time) }
        visitor.forgetGesture()
        client.resize(width: display.width, height: display.height, millimetres: screen.pictureMillimetres)
        earlierTouchEvents += touchscreen.eventCount
        touchscreen = SoakTouchscreen(width: screen.width, height: screen.height, rotation: screen.rotation)
        client.invalidate()
    }
}

/// Lines logged during a soak: a kiosk that logs on every frame must not grow the soak's own memory.
final class SoakLog {
    private(set) var first: [String] = []
    private(set) var count = 0
    func append(_ line: String) {
        count += 1
        if first.count < 10 { first.append(line) }
    }
}
