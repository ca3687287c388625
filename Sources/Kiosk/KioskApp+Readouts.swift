import Calculator

/// What the calculator shows now, in the locale's words and numbers: for tests and `calx keys --touch`.
extension KioskApp {
    /// What the readout shows, in the locale.
    public var shown: ShownReadouts { ShownReadouts(model.readouts, locale: locale) }
    public var display: String { shown.display }
    public var descriptionText: String { shown.description }
    public var memoryReadout: String? { shown.memory }
    /// Why the last key did nothing, else the math error shown, in the locale's words.
    public var errorMessage: String? { shown.refusal ?? shown.error }
    /// The exact form of the number shown, whenever one is known ("1/3", "0").
    public var exactReadout: String? { shown.exact }
    public var isGraphEnabled: Bool { model.isGraphEnabled }
    /// The controller's whole state (angle mode, history) for `calx keys --touch`.
    public var calculatorState: CalculatorController.State { model.state }
}
