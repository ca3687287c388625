import Calculator
import Locales

extension PaneKey {
    /// The title strip key's word in a locale file; nil for the Tools key, an icon in every language (the tool
    /// bar's keys are drawn by `ToolBarView`, with their words from the locale too).
    var text: LocaleText? {
        switch self {
        case .back: .backKey
        case .fit: .fitKey
        case .reset: .resetKey
        case .tools, .valueTool, .tableTool, .integralTool, .toolChoice, .editX, .editStep, .editFrom, .editTo: nil
        }
    }

    /// Room left of and right of a pane key's word.
    static func labelInset(keyHeight: Int) -> Int { max(2, keyHeight / 6) }
    /// Where Back's word starts, after its chevron.
    static func backLabelStart(keyHeight: Int) -> Int { keyHeight * 3 / 4 }
}

extension CalxLocale {
    /// A key's face in this locale: its word translated, the decimal key the locale's separator; symbols
    /// (digits, operations, functions, M, C, EE) as they are everywhere.
    func label(of key: CalculatorKey) -> String {
        switch key {
        case .point: String(decimalSeparator)
        case .secondPage: self[.secondPageKey]
        case .historyList: self[.historyKey]
        case .toggleAngleMode: self[.angleKey]
        case .random: self[.randomKey]
        case .angleMode(.degrees): self[.degreesReadout]
        default: key.label
        }
    }
}
