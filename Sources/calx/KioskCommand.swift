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
    var options = RunOptions()
    if let text = try? readWholeFile("/etc/calx.conf") { options.values = RunOptions.parseConfig(String(decoding: text, as: UTF8.self)) }
    if let problem = options.apply(flags: arguments) { printError("calx: \(problem)\n\(runUsage)"); return 2 }
    let v = options.values
    guard let rotation = ScreenRotation(degrees: Int(v["rotate"] ?? "0") ?? -1) else {
        printError("calx: --rotate must be 0, 90, 180 or 270"); return 2
    }
    var calibration = AxisMapping.identity
    if let c = v["touch-calibration"] {
        guard let parsed = AxisMapping.parseCalibration(c) else { printError("calx: --touch-calibration needs six numbers"); return 2 }
        calibration = parsed
    }
    guard let theme = Theme(rawValue: v["theme"] ?? "light") else { printError("calx: --theme must be light or dark"); return 2 }
    var request = DisplayRequest(card: v["card"], connector: v["connector"], rotation: rotation)
    if let m = v["mode"] {
        guard let mode = DisplayRequest.parseMode(m) else { printError("calx: --mode must be WxH or WxH@Hz"); return 2 }
        request.mode = mode
    }

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
    let statePath = RunOptions.statePath(flag: v["state"], environment: environmentValue)
    if let statePath { makeParentDirectories(of: statePath) }
    let storage: any StateStorage = statePath.map { FileStateStorage(path: $0) } ?? MemoryStateStorage()
    printError("calx: \(screenName), picture \(display.width)x\(display.height) turned \(rotation.degrees)° clockwise, "
               + "state \(statePath ?? "in memory")")
    let app = KioskApp(width: display.width, height: display.height, millimetres: display.millimetres, theme: theme,
                       glyphs: glyphs, storage: storage)
    let client = KioskClient(app: app, log: { printError($0) })
    // The console goes graphical only now that nothing can fail any more, and back to text on every
    // way out; defers run in reverse, so the display puts the console's CRTC back first.
    let terminal = VirtualTerminal.enterGraphics(log: { printError($0) })
    defer { terminal?.restoreText() }
    defer { display.close() }
    let loop = DisplayLoop(display: display, client: client, rotation: rotation.degrees, calibration: calibration, terminal: terminal)
    defer { loop.close() }
    loop.log = { printError($0) }
    let signal = loop.run()
    printError("calx: signal \(signal), state saved")
    return 0
}
