import Calculator

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
        for key in keys { controller.press(key) }
        print(readouts(of: controller))
        return 0
    }
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
