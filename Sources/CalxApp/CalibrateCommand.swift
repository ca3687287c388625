#if canImport(Glibc)
import Glibc
#endif
import Platform
import Raster
import Typeface

/// `calx calibrate [run flags]`: the touchscreen calibrated on the screen (TouchCalibration's session, read
/// through no calibration: neither calx.conf's nor udev's counts meanwhile), then `touch-calibration=` written
/// into calx.conf (/etc/calx.conf, or $CALX_CONFIG) atomically, the other lines kept. Run it with the kiosk
/// stopped (sudo systemctl stop calx), as root or a member of groups video and input with write access to the
/// config. Exit 0 when a calibration was kept and written, 1 when not, 2 for a refused option.
func runCalibrateCommand(_ arguments: [String]) -> Int32 {
    QuitSignals.block()
    var (options, problems) = RunOptions.loadConfig()
    if let problem = options.apply(flags: arguments) { printError("calx calibrate: \(problem)\n\(Usages.calibrate.synopsis) (calx calibrate --help lists them)"); return 2 }
    let (settings, badValues) = RunSettings.validate(options)
    // A touch-calibration that is there but bad is about to be replaced: no reason to refuse.
    problems += badValues.filter { !$0.hasPrefix(options.name(of: "touch-calibration")) }
    guard problems.isEmpty else {
        for problem in summarized(problems) { printError("calx calibrate: \(problem)") }
        return 2
    }
    let config = RunOptions.configPath
    guard let (display, screenName) = openScreen(settings.request, rotation: settings.rotation, prefix: "calx calibrate: ") else { return 2 }
    let glyphs: Typeface
    do { glyphs = try Typeface.default() } catch {
        display.close()
        printError("calx calibrate: \(error)")
        return 1
    }
    printError("calx calibrate: \(screenName), picture \(display.width)x\(display.height) turned \(settings.rotation.degrees)°; "
               + "tap each cross, then Keep; touch-calibration= goes into \(config)")
    let terminal = VirtualTerminal.enterGraphics(log: { printError("calx calibrate: " + $0) })
    defer { terminal?.restoreText() }
    defer { display.close() }
    let client = CalibratingClient(kiosk: nil, width: display.width, height: display.height, rotation: settings.rotation, glyphs: glyphs)
    client.begin()
    let loop = DisplayLoop(display: display, client: client, rotation: settings.rotation, calibration: .identity, terminal: terminal)
    defer { loop.close() }
    loop.log = { printError("calx calibrate: " + $0) }
    var written = false
    client.onKept = { [weak loop] matrix in
        do {
            try ConfigFileSetting.write(config, setting: "touch-calibration", to: matrix.settingText)
            printError("calx calibrate: touch-calibration=\(matrix.settingText) written to \(config)")
            written = true
        } catch {
            printError("calx calibrate: cannot write \(config): \(error); the calibration was touch-calibration=\(matrix.settingText)")
        }
        loop?.stop()
    }
    switch loop.run() {
    case .stopped: return written ? 0 : 1
    case .signal(let signal):
        printError("calx calibrate: signal \(signal): not calibrated, \(config) unchanged")
        return 1
    case .failure:
        return 1
    }
}
