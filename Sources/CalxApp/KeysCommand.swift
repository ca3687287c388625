import Calculator
import CalculatorBrain
import Kiosk
import Locales

/// `calx keys "TOKENS" [--touch FILE | --record FILE [--rotate R] [--touch-calibration M]] [--size WxH] [--locale L]
/// [--disable "KEYS"] [--theme T] [--text-scale S] [--idle-attract SECONDS]`: the controller the screen uses, driven
/// by key names, then by a touch script or a recording on the screen's layout, read out as the screen shows it in
/// the locale. The theme, text scale and attract time are the screen's (`KeysLook`), checked as `calx run` checks
/// them; the text scale lays out the keys the touches reach, and the attract time lets a script's `wait` lines
/// bring the attract screen, whose first tap presses nothing.
func runKeysCommand(_ arguments: [String]) -> Int32 {
    var tokens: String?, touchPath: String?, size: (Int, Int)?
    var settings = LayoutSettings(), look = KeysLook()
    var recordOptions = RecordingOptions()
    var parameter: ParameterSetting?
    let keys: [CalculatorKey]
    let touch: CheckedTouchScript?, playback: RecordingPlayback?
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let argument = reader.next() {
            switch argument {
            case "--touch": touchPath = try reader.path(of: argument, accepts: TouchScriptFile.accepted)
            case "--size": size = try reader.value(of: argument, accepts: ScreenSize.accepted, parseSize)
            case "--theme": look.theme = try reader.value(of: argument, accepts: Theme.accepted) { Theme(rawValue: $0) }
            case "--text-scale": look.textScale = try reader.value(of: argument, accepts: textScaleAccepted, parseTextScale)
            case "--idle-attract":
                look.idleAttract = try reader.value(of: argument, accepts: RunOptions.accepted["idle-attract"]!, parseIdleReset)
            case "--locale": settings.locale = try reader.value(of: argument, accepts: LocaleArgument.accepted) { CalxLocale.named($0) }
            case "--disable":
                let names = try reader.value(of: argument, accepts: DisabledKeysArgument.accepted)
                settings.disabledKeys = try DisabledKeysArgument.parse(names, name: argument).get()
            case ParameterSetting.flag:
                parameter = try reader.value(of: argument, accepts: ParameterSetting.accepted, ParameterSetting.init)
            case _ where RecordingOptions.flags.contains(argument): try recordOptions.take(argument, from: &reader)
            default: try KeyTokensArgument.take(argument, into: &tokens)
            }
        }
        if touchPath != nil && recordOptions.path != nil { throw OptionProblem("give --touch or --record, not both") }
        if size != nil && touchPath == nil && recordOptions.path == nil {
            throw OptionProblem("--size goes with --touch or --record: the screen they touch")
        }
        keys = try KeyTokensArgument.parse(tokens ?? "", name: "TOKENS", locale: settings.locale, disabled: settings.disabledKeys).get()
        if let touchPath { touch = try TouchScriptFile(path: touchPath, option: "--touch").checked().get() } else { touch = nil }
        playback = try recordOptions.checked()
    } catch {
        printError("calx keys: \(error.text)")
        return 2
    }
    if let touch {
        return runKeysOnScreen(keys: keys, size: size ?? (800, 480), look: look, settings: settings, parameter: parameter) { app, start in
            touch.play(into: app, startTime: start)
        }
    }
    if let playback {
        return runKeysOnScreen(keys: keys, size: size ?? (800, 480), look: look, settings: settings, parameter: parameter) { app, start in
            switch playback.play(into: app, startTime: start) {
            case .success(let outcome): for line in outcome.lines { printError("calx keys: \(line)") }; return nil
            case .failure(let problem): return problem
            }
        }
    }
    var controller = CalculatorController()
    controller.displayLength = CalculatorController.keysDisplayLength
    parameter?.apply(to: &controller)
    var curves = GraphedCurves()
    for key in keys {
        if let request = controller.press(key) { curves.add(request) }
    }
    printLine(readouts(of: controller, curves: curves.curves.map(\.program.description), locale: settings.locale))
    return 0
}

/// How the screen looks and waits, as `calx keys` takes it from `calx run`: no line it prints shows the theme,
/// and without `--touch` or `--record` there is no screen to lay out or leave idle.
struct KeysLook {
    var theme = Theme.light
    var textScale = 1.0
    var idleAttract: Double?
}

/// What `calx keys` prints: the six readout lines (A's always: it is never unset) (with "exact:" after "display:" whenever an exact value is
/// known), then "angle: DEG" in degrees, "open: (2" while two "(" wait for their ")", one "curve:" line per
/// graphed curve (oldest first), and one "history:" line per result (newest first). What the screen shows is
/// in the locale (`ShownReadouts`: numbers with its decimal separator, its words for the error, the refusal,
/// DEG and Rand). One rule for every line: the names before the colons are the same in every locale, for
/// scripts, and every value after them is in the locale, none, unset, enabled and disabled too. The error
/// line says why the last key was refused, else the math error shown.
package func readouts(of controller: CalculatorController, curves: [String] = [], locale: CalxLocale = .english) -> String {
    readouts(ShownReadouts(controller.readouts, locale: locale), state: controller.state, curves: curves, locale: locale)
}

package func readouts(_ shown: ShownReadouts, state: CalculatorController.State, curves: [String], locale: CalxLocale) -> String {
    var lines = ["display: \(shown.display)"]
    // The exact form, whenever one is known; no line when none is.
    if let exact = shown.exact { lines.append("exact: \(exact)") }
    lines += [
        "description: \(shown.description)",
        "M: \(shown.memory ?? locale[.unsetValue])",
        "A: \(shown.parameter)",
        "error: \(shown.refusal ?? shown.error ?? locale[.noneValue])",
        "graph: \(locale[shown.isGraphEnabled ? .enabledValue : .disabledValue])",
    ]
    if let angle = shown.angle { lines.append("angle: \(angle)") }
    if let open = shown.openGroups { lines.append("open: \(open)") }
    lines += curves.map { "curve: \(locale.description($0))" }
    lines += state.history.entries.map {
        "history: \(locale.description($0.description)) \(locale.numbers(CalculatorNumberFormat.string($0.value)))"
    }
    return lines.joined(separator: "\n")
}
