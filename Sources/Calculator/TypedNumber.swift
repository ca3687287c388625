import CalculatorBrain

/// The number being typed, as text: "-12.5", "6.02e-23", and the unfinished forms on the way
/// ("-", "3.", "6.02e", "6.02e-"). Entry stays within what a Double holds: at most
/// `maximumDigits` digits before the exponent and `maximumExponentDigits` after it, and no edit
/// that would make the value infinite (overflow), or 0 when its digits are not all 0 (underflow): what is
/// typed is what is computed with. A subnormal number is a number (1e-320).
enum TypedNumber {
    static let maximumDigits = 15
    static let maximumExponentDigits = 3
    /// The longest text entry can make: sign, digits, point, "e", exponent sign and digits.
    static let maximumLength = maximumDigits + maximumExponentDigits + 4

    /// The value the text stands for; an exponent not yet typed counts as 0. nil for "-".
    static func value(_ text: String) -> Double? {
        // Digits alone, as most of what is typed: their integer is the very Double the text parses to (at most
        // 15 digits are below 2^53), without the parse.
        if let whole = wholeNumber(text) { return Double(whole) }
        let (mantissa, exponent) = parts(text)
        var number = String(mantissa)
        if number.hasSuffix(".") { number.removeLast() }
        guard let exponent else { return Double(number) }
        guard exponent.count <= maximumExponentDigits + 1 else { return nil }
        let power = exponent.isEmpty || exponent == "-" ? "0" : exponent
        return Double(number + "e" + power)
    }

    /// What the text stands for exactly: its digits are a decimal, so a rational (0.1 is 1/10, 6.02e23 is
    /// 602000000000000000000000); nil for "-", and when it does not fit a bounded rational (1e-320, 1e300).
    static func exact(_ text: String) -> ExactValue? {
        if wholeNumber(text) != nil {
            return ExactValue(decimalDigits: text.utf8.map { $0 - 48 }, exponent: 0, negative: false)
        }
        let (mantissa, exponent) = parts(text)
        let digits = mantissa.utf8.filter { (48...57).contains($0) }.map { $0 - 48 }
        guard !digits.isEmpty else { return nil }
        let fractionDigits = mantissa.firstIndex(of: ".").map { mantissa[$0...].dropFirst().count } ?? 0
        let power = exponent.flatMap { $0.isEmpty || $0 == "-" ? 0 : Int($0) } ?? 0
        return ExactValue(decimalDigits: digits, exponent: power - fractionDigits, negative: mantissa.hasPrefix("-"))
    }

    /// The integer of text that is 1 to `maximumDigits` ASCII digits and nothing else; nil for any other text.
    static func wholeNumber(_ text: String) -> Int? {
        var whole = 0, count = 0
        for c in text.utf8 {
            guard c >= 48 && c <= 57 && count < maximumDigits else { return nil }
            whole = whole &* 10 &+ Int(c &- 48)
            count += 1
        }
        return count > 0 ? whole : nil
    }

    /// Before and after the "e" (nil when there is none).
    static func parts(_ text: String) -> (mantissa: Substring, exponent: Substring?) {
        guard let e = text.firstIndex(of: "e") else { return (text[...], nil) }
        return (text[..<e], text[text.index(after: e)...])
    }

    enum Representation { case representable, overflows, underflows }

    /// Whether the text's value is a double that means it; text that is no number yet ("-") is representable.
    static func representation(_ text: String) -> Representation {
        guard let value = value(text) else { return .representable }
        if value.isInfinite { return .overflows }
        if value == 0 && parts(text).mantissa.contains(where: { $0.isNumber && $0 != "0" }) { return .underflows }
        return .representable
    }

    /// Whether the text could have been typed: for state files.
    static func isWellFormed(_ text: String) -> Bool {
        guard text.count <= maximumLength, text.allSatisfy({ "0123456789.-e".contains($0) }) else { return false }
        if text == "-" { return true }
        guard value(text) != nil, representation(text) == .representable else { return false }
        let (mantissa, exponent) = parts(text)
        return mantissa.filter(\.isNumber).count <= maximumDigits
            && (exponent?.filter(\.isNumber).count ?? 0) <= maximumExponentDigits
    }
}
