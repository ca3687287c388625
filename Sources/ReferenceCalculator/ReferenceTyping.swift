/// The number being typed, as the keys spell it out: digits (at most 15), one point, EE with an exponent of
/// at most 3 digits and its sign, ± while typing; each edit refused (with the number left as it was) when it
/// breaks those rules or would make the number infinite, or 0 when its digits are not.
struct ReferenceTyping: Equatable {
    private(set) var text: String

    init(_ text: String) { self.text = text }

    /// The value it stands for (an exponent not yet typed counts as 0); nil for a lone "-".
    var value: Double? {
        let (mantissa, exponent) = parts
        let number = mantissa.hasSuffix(".") ? String(mantissa.dropLast()) : mantissa
        guard let exponent else { return Double(number) }
        let power = exponent.isEmpty || exponent == "-" ? "0" : exponent
        return Double(number + "e" + power)
    }

    var parts: (mantissa: String, exponent: String?) {
        guard let e = text.firstIndex(of: "e") else { return (text, nil) }
        return (String(text[..<e]), String(text[text.index(after: e)...]))
    }

    /// Whether `candidate` may replace the text: a finite value, and 0 only when its digits are all 0.
    private static func isRepresentable(_ candidate: ReferenceTyping) -> Bool {
        guard let v = candidate.value else { return true }
        if v.isInfinite { return false }
        return v != 0 || candidate.parts.mantissa.allSatisfy { !$0.isNumber || $0 == "0" }
    }

    /// Each edit returns false when it is refused.
    mutating func digit(_ d: Int) -> Bool {
        let (mantissa, exponent) = parts
        if let exponent {
            guard exponent.filter(\.isNumber).count < 3 else { return false }
            return take(text + String(d))
        }
        if mantissa == "0" || mantissa == "-0" { text = String(text.dropLast()) + String(d); return true }
        guard mantissa.filter(\.isNumber).count < 15 else { return false }
        text += String(d)
        return true
    }

    mutating func point() -> Bool {
        if text == "-" { text = "-0."; return true }
        guard !text.contains("e"), !text.contains(".") else { return false }
        text += "."
        return true
    }

    mutating func exponent() -> Bool {
        guard !text.contains("e") else { return false }
        text = (text == "-" ? "-1" : text) + "e"
        return true
    }

    /// ±: the exponent's sign after EE, else the number's; zero has none. A lone "-" becomes "" (typing ends).
    mutating func flipSign() -> Bool {
        let (mantissa, exponent) = parts
        if let exponent {
            return take(mantissa + "e" + (exponent.hasPrefix("-") ? String(exponent.dropFirst()) : "-" + exponent))
        }
        if text.hasPrefix("-") { text.removeFirst(); return true }
        guard let v = Double(text), v != 0 else { return false }
        text = "-" + text
        return true
    }

    /// ⌫: the last character; false when nothing is left to type (then typing ends).
    mutating func backspace() -> Bool {
        text.removeLast()
        return !(text.isEmpty || text == "-")
    }

    private mutating func take(_ candidate: String) -> Bool {
        guard Self.isRepresentable(ReferenceTyping(candidate)) else { return false }
        text = candidate
        return true
    }
}
