#if canImport(Glibc)
import Glibc
#endif
import Calculator
import Kiosk
import Platform
import Raster
import Typeface

let runUsage = """
usage: calx [run] [--card PATH] [--connector NAME] [--mode WxH[@Hz]] [--rotate 0|90|180|270]
                  [--touch-calibration "a b c d e f"] [--state PATH] [--theme light|dark]
--rotate turns picture and touch together, clockwise: at 90 the picture's top runs down the panel's
own right edge (for a panel mounted a quarter turn counter-clockwise). --mode is the panel's own size.
Settings may also be given as key=value lines in /etc/calx.conf; flags win.
"""

/// `calx` / `calx run`: the kiosk on the real display until SIGTERM/SIGINT/SIGHUP.
func runKioskCommand(_ arguments: [String]) -> Int32 {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { print(runUsage); return 0 }
    var (options, problems) = RunOptions.loadConfig()
    if let problem = options.apply(flags: arguments) { printError("calx: \(problem)\n\(runUsage)"); return 2 }
    let (settings, badValues) = RunSettings.validate(options)
    problems += badValues
    guard problems.isEmpty else {
        for problem in problems { printError("calx: \(problem)") }
        return 2
    }
    let request = settings.request, rotation = settings.rotation

    let display: any Display
    let screenName: String
    do {
        let drm = try DRMDisplay.open(request)
        display = drm; screenName = "\(drm.cardPath) \(drm.connectorName)"
    } catch {
        let looked = request.card ?? "/dev/dri/card*"
        let drmProblem = "a DRM card at \(looked) with a connected connector"
            + (request.connector.map { " named \($0)" } ?? "") + " (\(error))"
        guard request.card == nil, let fb = try? FBDevDisplay(rotation: rotation) else {
            printError("calx: no usable display: looked for \(drmProblem)"
                       + (request.card == nil ? ", then /dev/fb0 (32 or 16 bpp)" : "") + ". Try `calx doctor`.")
            return 2
        }
        display = fb; screenName = "\(fb.path) \(fb.summary)"
    }
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch {
        display.close()
        printError("calx: \(error)")
        return 1
    }
    let statePath = settings.statePath
    if let statePath { makeParentDirectories(of: statePath) }
    let file = statePath.map { FileStateStorage(path: $0) }
    for stale in file?.removedTemporaries ?? [] { printError("calx: removed \(stale), left by a write that never finished") }
    let storage: any StateStorage = file ?? MemoryStateStorage()
    printError("calx: \(screenName), picture \(display.width)x\(display.height) turned \(rotation.degrees)° clockwise, "
               + "state \(statePath ?? "in memory")")
    let app = KioskApp(width: display.width, height: display.height, millimetres: display.millimetres, theme: settings.theme,
                       glyphs: glyphs, storage: storage)
    let client = KioskClient(app: app)
    // The console goes graphical only now that nothing can fail any more, and back to text on every
    // way out; defers run in reverse, so the display puts the console's CRTC back first.
    let terminal = VirtualTerminal.enterGraphics(log: { printError("calx: " + $0) })
    defer { terminal?.restoreText() }
    defer { display.close() }
    // Under calx.service: READY=1 after the first frame, WATCHDOG=1 from the loop (no-ops elsewhere).
    let notifying = NotifyingClient(client, display: display, notifier: ServiceNotifier())
    let loop = DisplayLoop(display: display, client: notifying, rotation: rotation.degrees, calibration: settings.calibration ?? AxisMapping.identity, terminal: terminal)
    defer { loop.close() }
    loop.log = { printError("calx: " + $0) }
    let signal = loop.run()
    printError("calx: signal \(signal), state saved")
    return 0
}

/// The kiosk behind the display loop: Platform's contacts become Kiosk touch events.
final class KioskClient: DisplayClient {
    let app: KioskApp
    init(app: KioskApp) { self.app = app }
    /// CALX_TRACE_TOUCH=1 logs each contact's down/up (for the VM session logs).
    let traceTouches = environmentValue("CALX_TRACE_TOUCH") == "1"

    func touches(_ contacts: [TouchContact], time: Double) {
        if traceTouches {
            for c in contacts where c.phase != .move { printError("calx: touch \(c.id) \(c.phase) \(Int(c.x)),\(Int(c.y)) key \(app.pressedKeyIndex.map(String.init) ?? "-")") }
        }
        app.handle(contacts.map { TouchEvent(id: $0.id, x: $0.x, y: $0.y, phase: phase($0.phase), time: time) })
        flushMessages()
    }

    func phase(_ p: TouchContact.Phase) -> TouchEvent.Phase {
        switch p { case .down: .down; case .move: .move; case .up: .up; case .cancel: .cancel }
    }

    func key(_ token: String, time: Double) {
        if let k = CalculatorKey(token: token) { app.handle(key: k, time: time); flushMessages() }
    }

    func advance(to time: Double) { app.advance(to: time) }
    var nextDeadline: Double? { app.nextDeadline }
    var needsRedraw: Bool { app.needsRedraw }
    func draw(into buffer: PixelBuffer) -> [IntRect] { app.draw(into: buffer) }
    func invalidate() { app.invalidate() }
    func resize(width: Int, height: Int, millimetres: (width: Double, height: Double)?) {
        app.resize(width: width, height: height, millimetres: millimetres)
    }
    func quit() { app.saveNow(); flushMessages() }
    func flushMessages() { for m in app.takeMessages() { printError(m) } }
}
