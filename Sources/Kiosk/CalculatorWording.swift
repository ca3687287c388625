import Calculator
import CalculatorBrain
import Locales

/// The calculator's errors and refusals are values; here they become a locale's words.
extension CalxLocale {
    /// A math error, as the number's line shows it.
    public func words(for error: CalculatorError) -> String {
        self[error.text]
    }

    /// A program's description as the screen shows it: numbers with the locale's separator, and each key
    /// that is a word (Rand, the only one a description holds) by the name the keypad gives it here.
    public func description(_ text: String) -> String {
        let word = self[.randomKey]
        let english = CalculatorKey.random.label
        guard word != english, text.contains(english) else { return numbers(text) }
        let isLetter: (Character?) -> Bool = { $0.map { $0.isASCII && $0.isLetter } ?? false }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: english) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            result += isLetter(before) || isLetter(after) ? english : word
            rest = rest[range.upperBound...]
        }
        return numbers(result + rest)
    }

    /// Why a key did nothing, as the description's line shows it; its limit written as a number.
    public func words(for refusal: Refusal) -> String {
        switch refusal {
        case .tooManySteps(let limit), .tooManyDigits(let limit), .tooManyExponentDigits(let limit), .tooManyGroups(let limit):
            text(refusal.text, [("limit", String(limit))])
        default:
            self[refusal.text]
        }
    }
}

extension CalculatorError {
    /// The string that words it in a locale file.
    var text: LocaleText {
        switch self {
        case .divisionByZero: .divisionByZero
        case .squareRootOfNegative: .squareRootOfNegative
        case .logarithmOfNonPositive: .logarithmOfNonPositive
        case .reciprocalOfZero: .reciprocalOfZero
        case .arcSineOutOfDomain: .arcSineOutOfDomain
        case .arcCosineOutOfDomain: .arcCosineOutOfDomain
        case .powerOfNegativeBase: .powerOfNegativeBase
        case .overflow: .overflow
        case .underflow: .underflow
        case .undefined: .undefinedResult
        case .tooCloseToZero: .tooCloseToZero
        case .undecided: .undecided
        }
    }
}

extension Refusal {
    /// The string that words it in a locale file.
    var text: LocaleText {
        switch self {
        case .noSuchHistoryEntry: .noSuchHistoryEntry
        case .numberFirst: .numberFirst
        case .tooManySteps: .tooManySteps
        case .nothingToStore: .nothingToStore
        case .finishBeforeGraphing: .finishBeforeGraphing
        case .nothingToGraph: .nothingToGraph
        case .tooManyDigits: .tooManyDigits
        case .tooManyExponentDigits: .tooManyExponentDigits
        case .exponentTooLarge: .exponentTooLarge
        case .exponentTooSmall: .exponentTooSmall
        case .pointInExponent: .pointInExponent
        case .secondPoint: .secondPoint
        case .secondExponent: .secondExponent
        case .zeroHasNoSign: .zeroHasNoSign
        case .operationBeforeGroup: .operationBeforeGroup
        case .noOpenGroup: .noOpenGroup
        case .tooManyGroups: .tooManyGroups
        case .closeGroupsBeforeGraphing: .closeGroupsBeforeGraphing
        }
    }
}

/// What the screen shows of the calculator, in a locale: numbers with its decimal separator (the controller's
/// texts use "." for nothing else), its words for the error, the refusal and the angle mode. The kiosk's
/// readout and `calx keys` print the same.
public struct ShownReadouts: Equatable, Sendable {
    /// The number's line: the number, or the error's words.
    public var display: String
    public var description: String
    public var memory: String?
    /// A's digits, always ("1" before any →A): what `calx keys` prints.
    public var parameter: String
    /// A's digits beside M's on the screen: only once A is other than its default 1, so a visitor who never
    /// touches A sees the readout as it always was.
    public var parameterBesideMemory: String? { parameter == "1" ? nil : parameter }
    /// The math error's words, shown on the number's line.
    public var error: String?
    /// Why the last key did nothing, shown on the description's line.
    public var refusal: String?
    /// The degrees readout, nil in radians.
    public var angle: String?
    /// The "(" waiting for their ")": "(" for one, "(3" for three; nil when none is open.
    public var openGroups: String?
    public var isGraphEnabled: Bool
    /// The exact form of the number shown, whenever one is known ("1/3", "2√2"): what `calx keys` prints.
    public var exact: String?
    /// The exact form the screen shows beside the number, where it says more than the decimal.
    public var exactBesideDisplay: String?

    public init(_ readouts: CalculatorController.Readouts, locale: CalxLocale) {
        error = readouts.error.map(locale.words(for:))
        refusal = readouts.refusal.map(locale.words(for:))
        display = error ?? locale.numbers(readouts.display)
        description = locale.description(readouts.description)
        memory = readouts.memoryReadout.map(locale.numbers)
        parameter = locale.numbers(readouts.parameterReadout)
        angle = readouts.angleMode == .degrees ? locale[.degreesReadout] : nil
        openGroups = readouts.openGroups == 0 ? nil : readouts.openGroups == 1 ? "(" : "(\(readouts.openGroups)"
        isGraphEnabled = readouts.isGraphEnabled
        // Forms have no decimal point ("1/3", "2√2"): the same in every locale.
        exact = readouts.exact
        exactBesideDisplay = readouts.exactBesideDisplay
    }
}
