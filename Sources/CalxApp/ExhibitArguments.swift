import Calculator
import Locales

/// `--locale` and `locale=`: the language of the screen and of `calx keys`.
enum LocaleArgument {
    /// "one of en, de, fr or es": a refusal names what was given and these.
    static let accepted = "one of \(CalxLocale.knownList)"
}

/// `--disable` and `disable=`: the keypad keys an exhibit leaves out, named as on the keypad and separated by
/// spaces ("rand hist"); the keypad closes the gaps (KeypadLayout+Disabled.swift).
enum DisabledKeysArgument {
    static let accepted = "keypad keys separated by spaces, e.g. \"rand hist\": labels or ASCII names, in any case, 2nd and hist too"

    /// The keys `text` names, or why not, after `name` (the flag, or `disable= in FILE line N`): the first name no
    /// keypad key has, or a keypad left without keys.
    static func parse(_ text: String, name: String) -> Result<Set<CalculatorKey>, OptionProblem> {
        var keys: Set<CalculatorKey> = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) {
            guard let key = CalculatorKey(keypadName: String(word)) else {
                return .failure(OptionProblem("\(name): no keypad key is named \(word.quotedForMessage); it takes \(accepted)"))
            }
            keys.insert(key)
        }
        if let problem = KeypadLayout.problem(leavingOut: keys) { return .failure(OptionProblem("\(name): \(problem)")) }
        return .success(keys)
    }
}
