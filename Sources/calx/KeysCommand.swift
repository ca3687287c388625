import Calculator
import CalculatorBrain
import Kiosk

/// `calx keys "TOKENS" [--touch FILE]`: the controller the screen uses, driven by key names.
func runKeysCommand(_ arguments: [String]) -> Int32 {
    var tokens: String?
    var touchPath: String?
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if argument == "--touch", index + 1 < arguments.count {
            touchPath = arguments[index + 1]
            index += 2
            continue
        }
        guard tokens == nil else {
            printError("calx keys: unexpected argument '\(argument)'")
            return 2
        }
        tokens = argument
        index += 1
    }
    if let touchPath { return runKeysWithTouchScript(tokens: tokens ?? "", touchPath: touchPath) }
    switch KeyTokens.parse(tokens ?? "") {
    case .failure(let unknown):
        printError("calx keys: \(unknown)")
        return 2
    case .success(let keys):
        var controller = CalculatorController()
        var curves = GraphedCurves()
        for key in keys {
            if let request = controller.press(key) { curves.add(request) }
        }
        print(readouts(of: controller, curves: curves.curves.map(\.program.description)))
        return 0
    }
}

/// What `calx keys` prints: the five readout lines, then "angle: DEG" in degrees, one "curve:" line per
/// graphed curve (oldest first), and one "history:" line per result (newest first).
func readouts(of controller: CalculatorController, curves: [String] = []) -> String {
    readouts(display: controller.display, description: controller.description, memory: controller.memoryReadout,
             error: controller.errorMessage, graphEnabled: controller.isGraphEnabled, state: controller.state, curves: curves)
}

func readouts(display: String, description: String, memory: String?, error: String?, graphEnabled: Bool,
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
