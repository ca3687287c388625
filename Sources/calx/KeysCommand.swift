import Calculator
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
            if let request = controller.press(key) {
                curves.add(request)
            }
        }
        print(readouts(of: controller) + curveLines(curves))
        return 0
    }
}

/// One line for each curve on the graph, oldest first, after the five lines of `calx keys`.
func curveLines(_ curves: GraphedCurves) -> String {
    curves.curves.map { "\ncurve: \($0.program.description)" }.joined()
}

/// The five lines `calx keys` prints.
func readouts(of controller: CalculatorController) -> String {
    """
    display: \(controller.display)
    description: \(controller.description)
    M: \(controller.memoryReadout ?? "unset")
    error: \(controller.errorMessage ?? "none")
    graph: \(controller.isGraphEnabled ? "enabled" : "disabled")
    """
}
