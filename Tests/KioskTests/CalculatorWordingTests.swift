import Calculator
import CalculatorBrain
@testable import Kiosk
import Locales
import Testing

/// The controller says values; the screen words them in its locale. English says what the controller said
/// before its words moved into en.locale.
@Suite struct CalculatorWordingTests {
    @Test func englishWordsEveryErrorAndRefusalAsBefore() {
        let en = CalxLocale.english
        let errors: [CalculatorError: String] = [
            .divisionByZero: "Division by zero", .squareRootOfNegative: "Square root of a negative number",
            .logarithmOfNonPositive: "Logarithm of a non-positive number", .reciprocalOfZero: "Reciprocal of zero",
            .arcSineOutOfDomain: "sin⁻¹ outside [−1, 1]", .arcCosineOutOfDomain: "cos⁻¹ outside [−1, 1]",
            .powerOfNegativeBase: "Fractional power of a negative number", .overflow: "Overflow", .underflow: "Underflow",
            .undefined: "Undefined result", .tooCloseToZero: "Too close to zero to tell", .undecided: "No digit could be proved",
        ]
        for error in CalculatorError.allCases { #expect(en.words(for: error) == errors[error], "\(error)") }
        let refusals: [Refusal: String] = [
            .noSuchHistoryEntry: "No such history entry", .numberFirst: "Enter a number first",
            .tooManySteps(limit: 10_000): "Too many steps (10000): ⌫ or C", .nothingToStore: "Nothing to store: M is unchanged",
            .finishBeforeGraphing: "Finish with = to graph", .nothingToGraph: "Nothing to graph yet",
            .tooManyDigits(limit: 15): "At most 15 digits", .tooManyExponentDigits(limit: 3): "At most 3 exponent digits",
            .exponentTooLarge: "Exponent too large", .exponentTooSmall: "Exponent too small", .pointInExponent: "No point in an exponent",
            .secondPoint: "One point per number", .secondExponent: "One exponent per number", .zeroHasNoSign: "Zero has no sign",
            .operationBeforeGroup: "An operation before (", .noOpenGroup: "No ( to close",
            .tooManyGroups(limit: 32): "At most 32 parentheses open", .closeGroupsBeforeGraphing: "Close the parentheses first",
        ]
        for refusal in Refusal.all { #expect(en.words(for: refusal) == refusals[refusal], "\(refusal)") }
    }

    @Test func everyLocaleWordsEveryErrorAndRefusalInItsOwnWords() throws {
        for identifier in ["de", "fr", "es"] {
            let locale = try #require(CalxLocale.named(identifier))
            for error in CalculatorError.allCases { #expect(locale.words(for: error) != CalxLocale.english.words(for: error), "\(identifier) \(error)") }
            for refusal in Refusal.all {
                #expect(locale.words(for: refusal) != CalxLocale.english.words(for: refusal), "\(identifier) \(refusal)")
            }
        }
    }

    @Test func theStepBoundIsWordedWithItsLimit() throws {
        let german = try #require(CalxLocale.named("de"))
        #expect(german.words(for: .tooManySteps(limit: CalculatorController.maximumProgramLength)) == "Max. 10000 Schritte: ⌫ oder C")
    }

    @Test func theScreenShowsNumbersAndWordsInItsLocale() throws {
        let german = try #require(CalxLocale.named("de"))
        let app = KioskApp(width: 800, height: 480, settings: LayoutSettings(locale: german), glyphs: BlockGlyphs(),
                           storage: MemoryStateStorage())
        var t = 1.0
        for key: CalculatorKey in [.angleMode(.degrees), .digit(1), .point, .digit(5), .storeMemory, .memory, .binary(.add), .digit(1),
                                   .equals] {
            t += 0.1
            app.handle(key: key, time: t)
        }
        #expect(app.display == "2,5" && app.descriptionText == "M + 1 =" && app.memoryReadout == "1,5")
        #expect(app.shown.angle == "GRAD")
        #expect(HistoryView.rows(of: app.calculatorState.history, locale: german) == [HistoryView.Row(description: "M + 1 =", result: "2,5")])
        for key: CalculatorKey in [.digit(1), .binary(.divide), .digit(0), .equals] { t += 0.1; app.handle(key: key, time: t) }
        #expect(app.display == "Division durch null" && app.errorMessage == "Division durch null")
        // A refusal keeps the number in view and says why on the description's line.
        for key: CalculatorKey in [.clear, .digit(0), .unary(.negate)] { t += 0.1; app.handle(key: key, time: t) }
        #expect(app.display == "0" && app.shown.refusal == "Null hat kein Vorzeichen" && app.shown.error == nil)
    }

    @Test func aKeyTheExhibitLeftOutDoesNothingFromAKeyboardEither() {
        let app = KioskApp(width: 800, height: 480, settings: LayoutSettings(disabledKeys: [.random, .historyList]),
                           glyphs: BlockGlyphs(), storage: MemoryStateStorage())
        app.handle(key: .digit(7), time: 1)
        app.handle(key: .random, time: 1.1)
        app.handle(key: .historyList, time: 1.2)
        #expect(app.display == "7" && !app.isHistoryOpen)
        #expect(!app.isAvailable(.random) && app.isAvailable(.digit(7)) && app.isAvailable(.angleMode(.degrees)))
    }
}
