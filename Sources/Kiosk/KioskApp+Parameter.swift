import Calculator

extension KioskApp {
    /// Sets A as if its digits were typed and →A pressed, leaving the display as it was: `--set A=…` before
    /// the keys of `calx shot` and `calx keys`. False, changing nothing, for text no key types.
    public func setParameter(typed text: String) -> Bool {
        guard var controller = try? CalculatorController(restoring: model.state), controller.setParameter(typed: text),
              (try? model.restore(controller.state)) != nil else { return false }
        stateChanged()
        return true
    }
}
