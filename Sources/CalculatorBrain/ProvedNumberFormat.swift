/// The display's digits of a proved enclosure: as many as fit `maximumLength` characters (beside a leading
/// minus) and as the enclosure proves, up to `CalculatorNumberFormat.maximumSignificantDigits`.
///
/// A digit is proved when every number of the enclosure rounds (half away from zero) to the same digits
/// there, so the text shown is the true number's rounding whatever inside the enclosure it is. Trailing zeros
/// are dropped (0.5, not 0.5000000000); plain form where it shows as many digits as scientific form does.
extension CalculatorNumberFormat {
    public static let maximumSignificantDigits = 15

    /// The text, and whether it shows fewer digits than fit because no more are proved (the display marks it ≈).
    public static func proved(lower: ProvedDecimal, upper: ProvedDecimal, maximumLength: Int = maximumLength)
        -> (text: String, isApproximate: Bool)?
    {
        guard lower.isNegative == upper.isNegative else { return nil }
        let negative = upper.isNegative
        // The ends by magnitude: [small, large].
        let (small, large) = negative ? (upper.magnitude, lower.magnitude) : (lower.magnitude, upper.magnitude)
        guard let shown = finest(small, large, maximumLength: maximumLength) else { return nil }
        let ideal = finest(large, large, maximumLength: maximumLength)
        let text = (negative ? "-" : "") + shown.text
        return (text, ideal.map { $0.position < shown.position } ?? false)
    }

    /// The finest rounding position at which both ends agree and the text fits, plain or scientific.
    private static func finest(_ small: Decimal, _ large: Decimal, maximumLength: Int) -> (text: String, position: Int)? {
        let finestPosition = large.exponent - maximumSignificantDigits + 1
        var plainForm: (text: String, position: Int)?, scientificForm: (text: String, position: Int)?
        for position in finestPosition...(large.exponent + 1) where plainForm == nil || scientificForm == nil {
            guard let a = small.rounded(toPosition: position), let b = large.rounded(toPosition: position), a == b else { continue }
            if plainForm == nil, case let text = plainText(b), text.count <= maximumLength { plainForm = (text, position) }
            if scientificForm == nil, case let text = scientificText(b), text.count <= maximumLength { scientificForm = (text, position) }
        }
        switch (plainForm, scientificForm) {
        case let (plain?, scientific?): return scientific.position < plain.position ? scientific : plain
        case let (plain, scientific): return plain ?? scientific
        }
    }

    /// d.ddd…e±XX of a rounded decimal's own digits.
    static func scientificText(_ d: Decimal) -> String {
        let digits = d.digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        return String(digits[0]) + (digits.count > 1 ? "." + String(digits.dropFirst()) : "") + "e" + exponentText(d.exponent)
    }

    /// The plain digits of a rounded decimal, with a point only where it has a fraction.
    static func plainText(_ d: Decimal) -> String {
        let e = d.exponent
        func digit(at position: Int) -> Character {
            let i = e - position
            return i >= 0 && i < d.digits.count ? Character(Unicode.Scalar(d.digits[i] + UInt8(ascii: "0"))) : "0"
        }
        // Beyond 40 places a plain form never fits; stop before building it.
        guard e < 40 && e > -40 else { return String(repeating: "0", count: 41) }
        var text = String((0...max(e, 0)).reversed().map(digit(at:)))
        let lastPosition = e - d.digits.count + 1
        if lastPosition < 0 { text += "." + String((lastPosition...(-1)).reversed().map(digit(at:))) }
        return text
    }
}

extension CalculatorNumberFormat.Decimal: Comparable {
    /// 2⁻¹⁰⁷⁴, the least nonzero Double, to 26 digits (below it, the display names an underflow).
    static let leastNonzeroDouble = Self(digits: [4, 9, 4, 0, 6, 5, 6, 4, 5, 8, 4, 1, 2, 4, 6, 5, 4, 4, 1, 7, 6, 5, 6, 8, 7, 9],
                                         exponent: -324)

    static func < (a: Self, b: Self) -> Bool {
        if a.exponent != b.exponent { return a.exponent < b.exponent }
        for (x, y) in zip(a.digits, b.digits) where x != y { return x < y }
        return a.digits.count < b.digits.count
    }
}
