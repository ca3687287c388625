import Calculator
import Locales

/// What an exhibit's settings change in the layout: keys left out of the keypad, and the language, whose
/// words the graph pane's keys are sized for.
public struct LayoutSettings: Equatable, Sendable {
    public var disabledKeys: Set<CalculatorKey>
    public var locale: CalxLocale

    public init(disabledKeys: Set<CalculatorKey> = [], locale: CalxLocale = .english) {
        self.disabledKeys = disabledKeys
        self.locale = locale
    }
}
