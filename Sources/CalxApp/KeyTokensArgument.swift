import Calculator
import Locales

/// A TOKENS argument (`calx keys`, `calx points`, `calx shot --keys`): keys named as on the keypad,
/// separated by spaces, through `KeyTokens.parse`; a refusal says which names there are.
enum KeyTokensArgument {
    static let accepted: String = {
        let labels = CalculatorKey.all.filter {
            if case .digit = $0 { return false }
            return true
        }.map(\.label)
        return "keys separated by spaces, named as on the keypad (0-9 \(labels.joined(separator: " ")) DEG RAD ans1 to ans\(CalculatorHistory.capacity))"
            + " or in ASCII (sqrt, pi, *, /, -, pow, …)"
    }()

    /// `argument`, which no option claimed, as the one TOKENS argument: refused if it looks like an
    /// option or TOKENS was given already.
    static func take(_ argument: String, into tokens: inout String?) throws(OptionProblem) {
        guard !argument.hasPrefix("--") else { throw OptionProblem("unknown option \(argument.quotedForMessage)") }
        guard tokens == nil else {
            throw OptionProblem("unexpected argument \(argument.quotedForMessage): TOKENS is one argument (in quotes)")
        }
        tokens = argument
    }

    /// The keys `text` names, "1,5" a number where the locale writes a decimal comma; the problem quotes the
    /// first unknown one and says what is accepted, or names a key the exhibit left out.
    static func parse(_ text: String, name: String, locale: CalxLocale = .english,
                      disabled: Set<CalculatorKey> = []) -> Result<[CalculatorKey], OptionProblem> {
        // Where "," is the decimal key, a "." in a number is most likely a thousands mark (1.000,5): refused,
        // never typed as a second decimal point.
        if locale.decimalSeparator != ".",
           let dotted = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).first(where: { token in
               token.contains(".") && token.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
           }) {
            return .failure(OptionProblem("\(name): \(dotted.quotedForMessage): under --locale \(locale.identifier) the decimal key is ','"
                                          + " and '.' is no key (no thousands mark either); write 1000,5"))
        }
        switch KeyTokens.parse(text, decimalSeparator: locale.decimalSeparator) {
        case .success(let keys):
            if let left = keys.first(where: disabled.contains) {
                return .failure(OptionProblem("\(name): \(left.label.quotedForMessage) is left out of the keypad (--disable)"))
            }
            return .success(keys)
        case .failure(let unknown):
            let comma = unknown.token.contains(",") && locale.decimalSeparator != ","
                ? " (',' is the decimal key only where the locale writes a decimal comma: --locale de, fr or es)" : ""
            return .failure(OptionProblem("\(name): unknown key \(unknown.token.quotedForMessage)\(comma); \(name) takes \(accepted)"))
        }
    }
}
