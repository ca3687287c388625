/// A key sequence written as text: tokens separated by spaces, each a label or an ASCII alias;
/// a token of digits and "." is typed key by key, so "73" is 7 then 3. Any line ending separates, "\r\n" too
/// (one Character in Swift, so it is no "\n"): a file written on Windows reads the same.
public enum KeyTokens {
    public struct UnknownToken: Error, Equatable, CustomStringConvertible {
        public let token: String
        public var description: String { "unknown key '\(token)'" }
    }

    public static func parse(_ text: String) -> Result<[CalculatorKey], UnknownToken> {
        var keys: [CalculatorKey] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).map(String.init) {
            if token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
                for character in token {
                    keys.append(character == "." ? .point : .digit(Int(character.asciiValue! - 48)))
                }
            } else if let key = CalculatorKey(token: token) {
                keys.append(key)
            } else {
                return .failure(UnknownToken(token: token))
            }
        }
        return .success(keys)
    }
}
