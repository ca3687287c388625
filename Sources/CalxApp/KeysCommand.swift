import Calculator
import CalculatorBrain
import Kiosk

/// `calx keys "TOKENS" [--touch FILE [--size WxH] [--text-scale S]]`: the controller the screen uses, driven by key names.
func runKeysCommand(_ arguments: [String]) -> Int32 {
    var tokens: String?, touchPath: String?, size: (Int, Int)?, textScale: Double?
    let keys: [CalculatorKey]
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let argument = reader.next() {
            switch argument {
            case "--touch": touchPath = try reader.path(of: argument, accepts: TouchScriptFile.accepted)
            case "--size": size = try reader.value(of: argument, accepts: ScreenSize.accepted, parseSize)
            case "--text-scale": textScale = try reader.value(of: argument, accepts: textScaleAccepted, parseTextScale)
            default: try KeyTokensArgument.take(argument, into: &tokens)
            }
        }
        if size != nil && touchPath == nil { throw OptionProblem("--size goes with --touch: the screen the script taps") }
        if textScale != nil && touchPath == nil { throw OptionProblem("--text-scale goes with --touch: the layout the script taps") }
        keys = try KeyTokensArgument.parse(tokens ?? "", name: "TOKENS").get()
    } catch {
        printError("calx keys: \(error.text)")
        return 2
    }
    if let touchPath {
        return runKeysWithTouchScript(keys: keys, touchPath: touchPath, size: size ?? (800, 480), textScale: textScale ?? 1)
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
