import Calculator

/// `--set A=VALUE`: the parameter A before the keys, as if VALUE were typed and →A pressed (so 0.5 is
/// exactly 1/2). `calx keys`, `calx value`, `calx table`, `calx integral` and `calx shot` take it.
struct ParameterSetting: Equatable {
    static let flag = "--set"
    static let accepted = "A=NUMBER, a number as the keys type it (A=2, A=-0.5, A=1.5e3)"

    /// The number as typed, in the keys' form ("-0.5", "1.5e3").
    let typed: String

    /// "A=2" (or "a=2"); nil for another name or no number.
    init?(_ text: String) {
        guard let equals = text.firstIndex(of: "="), text[..<equals].uppercased() == CalculatorController.parameterName else {
            return nil
        }
        let typed = String(text[text.index(after: equals)...])
        var probe = CalculatorController()
        guard probe.setParameter(typed: typed) else { return nil }
        self.typed = typed
    }

    func apply(to controller: inout CalculatorController) {
        _ = controller.setParameter(typed: typed)
    }
}
