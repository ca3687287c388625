import Locales

extension ReadoutView.Content {
    /// What the controller reads out, as the locale writes it: numbers with its decimal separator (the
    /// controller's texts use "." for nothing else), the angle readout in its word.
    init(_ model: any CalculatorModel, locale: CalxLocale) {
        self.init(description: locale.numbers(model.descriptionText), display: locale.numbers(model.display),
                  memory: model.memoryReadout.map(locale.numbers), error: model.errorMessage,
                  angle: model.angleReadout.map { _ in locale[.degreesReadout] })
    }
}
