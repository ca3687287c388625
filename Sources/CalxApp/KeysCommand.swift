import Calculator
import CalculatorBrain
import Kiosk

/// `calx keys "TOKENS" [--touch FILE | --record FILE [--rotate R] [--touch-calibration M]] [--size WxH]`: the
/// controller the screen uses, driven by key names, then by a touch script or a recording on the screen's layout.
func runKeysCommand(_ arguments: [String]) -> Int32 {
    var tokens: String?, touchPath: String?, size: (Int, Int)?
    var recordOptions = RecordingOptions()
    let keys: [CalculatorKey]
    let touch: CheckedTouchScript?, playback: RecordingPlayback?
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let argument = reader.next() {
            switch argument {
            case "--touch": touchPath = try reader.path(of: argument, accepts: TouchScriptFile.accepted)
            case "--size": size = try reader.value(of: argument, accepts: ScreenSize.accepted, parseSize)
            case _ where RecordingOptions.flags.contains(argument): try recordOptions.take(argument, from: &reader)
            default: try KeyTokensArgument.take(argument, into: &tokens)
            }
        }
        if touchPath != nil && recordOptions.path != nil { throw OptionProblem("give --touch or --record, not both") }
        if size != nil && touchPath == nil && recordOptions.path == nil {
            throw OptionProblem("--size goes with --touch or --record: the screen they touch")
        }
        keys = try KeyTokensArgument.parse(tokens ?? "", name: "TOKENS").get()
        if let touchPath { touch = try TouchScriptFile(path: touchPath, option: "--touch").checked().get() } else { touch = nil }
        playback = try recordOptions.checked()
    } catch {
        printError("calx keys: \(error.text)")
        return 2
    }
    if let touch {
        return runKeysOnScreen(keys: keys, size: size ?? (800, 480)) { app, start in touch.play(into: app, startTime: start) }
    }
    if let playback {
        return runKeysOnScreen(keys: keys, size: size ?? (800, 480)) { app, start in
            switch playback.play(into: app, startTime: start) {
            case .success(let outcome): for line in outcome.lines { printError("calx keys: \(line)") }; return nil
            case .failure(let problem): return problem
            }
        }
    }
    var controller = CalculatorController()
    var curves = GraphedCurves()
    for key in keys {
        if let request = controller.press(key) { curves.add(request) }
    }
    print(readouts(of: controller, curves: curves.curves.map(\.program.description)))
    return 0
}

/// What `calx keys` prints: the five readout lines, then "angle: DEG" in degrees, one "curve:" line per
/// graphed curve (oldest first), and one "history:" line per result (newest first).
package func readouts(of controller: CalculatorController, curves: [String] = []) -> String {
    readouts(display: controller.display, description: controller.description, memory: controller.memoryReadout,
             error: controller.errorMessage, graphEnabled: controller.isGraphEnabled, state: controller.state, curves: curves)
}

package func readouts(display: String, description: String, memory: String?, error: String?, graphEnabled: Bool,
              state: CalculatorController.State, curves: [String]) -> String {
    var lines = [
        "display: \(display)",
        "description: \(description)",
        "M: \(memory ?? "unset")",
        "error: \(error ?? "none")",
        "graph: \(graphEnabled ? "enabled" : "disabled")",
    ]
    if state.angleMode == .degrees { lines.append("angle: DEG") }
    lines += curves.map { "curve: \($0)" }
    lines += state.history.entries.map { "history: \($0.description) \(CalculatorNumberFormat.string($0.value))" }
    return lines.joined(separator: "\n")
}
