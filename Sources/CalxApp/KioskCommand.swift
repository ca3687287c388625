#if canImport(Glibc)
import Glibc
#endif
import Calculator
import Kiosk
import Platform
import Raster
import Typeface


/// `calx` / `calx run`: the kiosk on the real display until SIGTERM/SIGINT/SIGHUP.
func runKioskCommand(_ arguments: [String]) -> Int32 {
    // From the first instruction: a SIGTERM during a slow start (a loaded board, a cold font cache)
    // waits for the loop's signalfd and ends the kiosk in order, state saved, instead of killing it.
    QuitSignals.block()
    let clock = StartupClock()
    var (options, problems) = RunOptions.loadConfig()
    if let problem = options.apply(flags: arguments) { printError("calx: \(problem)\n\(Usages.run.synopsis) (calx run --help lists them)"); return 2 }
    let (settings, badValues) = RunSettings.validate(options)
    problems += badValues
    guard problems.isEmpty else {
        for problem in summarized(problems) { printError("calx: \(problem)") }
        return 2
    }
    let request = settings.request, rotation = settings.rotation
    clock.mark("config")

    guard let (display, screenName) = openScreen(request, rotation: rotation, prefix: "calx: ") else { return 2 }
    clock.mark("display")
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch {
        display.close()
        printError("calx: \(error)")
        return 1
    }
    clock.mark("font")
    let statePath = settings.statePath
    if let statePath { makeParentDirectories(of: statePath) }
    let file = statePath.map { FileStateStorage(path: $0) }
    for stale in file?.removedTemporaries ?? [] { printError("calx: removed \(stale), left by a write that never finished") }
    let storage: any StateStorage = file ?? MemoryStateStorage()
    printError("calx: \(screenName), picture \(display.width)x\(display.height) turned \(rotation.degrees)° clockwise, "
               + "state \(statePath ?? "in memory")")
    let app = KioskApp(width: display.width, height: display.height, millimetres: display.millimetres, theme: settings.theme,
                       textScale: settings.textScale, settings: settings.layout, glyphs: glyphs, storage: storage)
    app.idleResetSeconds = settings.idleReset
    app.idleAttractSeconds = settings.idleAttract
    clock.mark("state and layout")
    let client = KioskClient(app: app)
    // The console goes graphical only now that nothing can fail any more, and back to text on every
    // way out; defers run in reverse, so the display puts the console's CRTC back first.
    let terminal = VirtualTerminal.enterGraphics(log: { printError("calx: " + $0) })
    defer { terminal?.restoreText() }
    defer { display.close() }
    clock.mark("console")
    client.onFirstDraw = { clock.mark("loop and input devices") }
    client.onFirstDrawn = { clock.mark("first frame drawn") }
    // Under calx.service: READY=1 after the first frame, WATCHDOG=1 from the loop (no-ops elsewhere).
    let notifier = ServiceNotifier()
    if let problem = notifier.libraryProblem { printError("calx: cannot notify systemd: \(problem)") }
    let calibrating = CalibratingClient(kiosk: client, width: display.width, height: display.height, rotation: rotation, glyphs: glyphs)
    let notifying = NotifyingClient(calibrating, display: display, notifier: notifier)
    notifying.onReady = { printError("calx: " + clock.summary()) }
    let calibration = settings.calibration ?? FirstStartCalibration.saved(statePath: statePath)
    let loop = DisplayLoop(display: display, client: notifying, rotation: rotation, calibration: calibration, terminal: terminal)
    defer { loop.close() }
    loop.log = { printError("calx: " + $0) }
    if calibration == nil { FirstStartCalibration.prompt(loop: loop, client: calibrating, statePath: statePath) }
    switch loop.run() {
    case .signal(let signal):
        printError("calx: signal \(signal), state saved")
        return 0
    case .failure, .stopped:
        // The loop logged why; the state is saved. A non-zero status lets systemd start us afresh.
        printError("calx: state saved; exiting so the kiosk can be started afresh")
        return 1
    }
}
