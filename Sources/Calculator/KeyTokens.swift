/// A key sequence written as text: tokens separated by spaces, each a label or an ASCII alias;
/// a token of digits and "." is typed key by key, so "73" is 7 then 3. Where the reader's decimal key shows
/// "," (`decimalSeparator`), "," types the point too, so "1,5" is 1.5; "." always does. A comma never
/// separates keys: spaces do. Any line ending separates, "\r\n" too (one Character in Swift, so it is no
/// "\n"): a file written on Windows reads the same.
public enum KeyTokens {
    public struct UnknownToken: Error, Equatable, CustomStringConvertible {
        public let token: String
        public var description: String { "unknown key '\(token)'" }
    }

    public static func parse(_ text: String, decimalSeparator: Character = ".") -> Result<[CalculatorKey], UnknownToken> {
        var keys: [CalculatorKey] = []
        let isPoint: (Character) -> Bool = { $0 == "." || $0 == decimalSeparator }
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).map(String.init) {
            if token.allSatisfy({ $0.isASCII && ($0.isNumber || isPoint($0)) }) {
                for character in token {
                    keys.append(isPoint(character) ? .point : .digit(Int(character.asciiValue! - 48)))
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
