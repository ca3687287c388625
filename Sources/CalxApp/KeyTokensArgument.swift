import Calculator

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

    /// The keys `text` names; the problem quotes the first unknown one and says what is accepted.
    static func parse(_ text: String, name: String) -> Result<[CalculatorKey], OptionProblem> {
        switch KeyTokens.parse(text) {
        case .success(let keys): return .success(keys)
        case .failure(let unknown):
            return .failure(OptionProblem("\(name): unknown key \(unknown.token.quotedForMessage); \(name) takes \(accepted)"))
        }
    }
}
