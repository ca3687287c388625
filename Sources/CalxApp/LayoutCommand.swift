import Calculator
import Kiosk
import Locales
import TouchCalibration

/// `calx layout --size WxH [--text-scale S] [--locale L] [--disable "KEYS"]`: where every key and the graph pane sit on a screen
/// of that size, one `LABEL X Y` line per key centre, then `page2 LABEL X Y` for each key the second page puts
/// in another's place, then `graph-area X Y W H` and the pane's keys. LABEL is the key's token (the same in
/// every locale); the text scale and the locale size the strips and the pane's keys, and `--disable` leaves keys out.
/// The VM end-to-end test taps through these, so its touches follow the real layout.
/// `calx layout --size WxH --calibration`: the calibration screen's instead: `target1 X Y` to `target5 X Y`,
/// then `again X Y W H` and `keep X Y W H`.
func runLayoutCommand(_ arguments: [String]) -> Int32 {
    var size: (Int, Int)?, textScale = 1.0, calibration = false
    var settings = LayoutSettings()
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let flag = reader.next() {
            switch flag {
            case "--size": size = try reader.value(of: flag, accepts: ScreenSize.accepted, parseSize)
            case "--text-scale": textScale = try reader.value(of: flag, accepts: textScaleAccepted, parseTextScale)
            case "--calibration": calibration = true
            case "--locale": settings.locale = try reader.value(of: flag, accepts: LocaleArgument.accepted) { CalxLocale.named($0) }
            case "--disable":
                settings.disabledKeys = try DisabledKeysArgument.parse(try reader.value(of: flag, accepts: DisabledKeysArgument.accepted),
                                                                       name: flag).get()
            default: throw OptionProblem("unknown option \(flag.quotedForMessage)")
            }
        }
        guard size != nil else { throw OptionProblem("--size is required: \(ScreenSize.accepted)") }
    } catch {
        printError("calx layout: \(error.text)\n\(Usages.layout.synopsis)")
        return 2
    }
    guard let size else { return 2 }
    if calibration {
        let layout = CalibrationLayout(width: size.0, height: size.1)
        for (i, t) in layout.targets.enumerated() { printLine("target\(i + 1) \(Int(t.x)) \(Int(t.y))") }
        for (name, r) in [("again", layout.againButton), ("keep", layout.keepButton)] { printLine("\(name) \(r.x) \(r.y) \(r.width) \(r.height)") }
        return 0
    }
    let layout = ScreenLayout(width: size.0, height: size.1, textScale: textScale, settings: settings)
    for key in layout.keypad.keys {
        guard let centre = layout.center(of: key) else { continue }
        printLine("\(key.label) \(Int(centre.x.rounded())) \(Int(centre.y.rounded()))")
    }
    for (first, second) in zip(layout.keypad.keys, layout.keypad.keys(secondPage: true)) where first != second {
        guard let centre = layout.center(of: first) else { continue }
        printLine("page2 \(second.label) \(Int(centre.x.rounded())) \(Int(centre.y.rounded()))")
    }
    let pane = layout.graphPane
    printLine("graph-area \(pane.x) \(pane.y) \(pane.width) \(pane.height)")
    for key in PaneKey.allCases { if let r = layout.rect(of: key) { printLine("\(key.rawValue) \(r.x + r.width / 2) \(r.y + r.height / 2)") } }
    return 0
}
