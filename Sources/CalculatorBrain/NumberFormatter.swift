/// The calculator's number style, shared by the display and the description. One rule for every number:
///
/// - its digits are those of the shortest decimal that reads back as the same double (`Double.description`),
///   so a typed 1e-320 is shown as 1e-320 after "=" too, and 0.1 + 0.2 as 0.3;
/// - rounded (half away from zero, on those decimal digits: no binary scaling to round off) to at most
///   6 fraction digits in plain form, no trailing ".0", no "-0", always ".";
/// - in scientific form ("1.234568e+15") where the plain form would not fit in 12 characters or would
///   show 0, with as many mantissa digits as fit in 12 (7, or 6 with a three-digit exponent);
/// - the 12 characters do not count a leading minus, so a number and its negative show the same digits.
public enum CalculatorNumberFormat {
    /// Characters beside a leading minus.
    public static let maximumLength = 12
    static let fractionDigits = 6

    public static func string(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if value == 0 { return "0" }
        return text(Decimal(value.magnitude), negative: value < 0).text
    }

    /// The text of a nonzero number's decimal, and the digits it shows (rounded as the text is).
    static func text(_ decimal: Decimal, negative: Bool) -> (text: String, shown: Decimal) {
        let (text, shown) = plain(decimal) ?? scientific(decimal)
        return (negative ? "-" + text : text, shown)
    }

    /// A positive number as decimal digits: `digits[0]`, `digits[1]`, … stand for d₀.d₁d₂… × 10^`exponent`.
    /// No leading or trailing zero digit.
    struct Decimal: Equatable {
        var digits: [UInt8]
        var exponent: Int

        /// The shortest decimal that reads back as `magnitude` (finite, positive).
        init(_ magnitude: Double) {
            let text = Array(magnitude.description.utf8)
            let e = text.firstIndex(of: UInt8(ascii: "e")) ?? text.count
            let power = e < text.count ? Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0 : 0
            let mantissa = text[..<e]
            let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
            let all = mantissa.filter { $0 != UInt8(ascii: ".") }.map { $0 - UInt8(ascii: "0") }
            let leadingZeros = all.prefix { $0 == 0 }.count
            var digits = Array(all.dropFirst(leadingZeros))
            while digits.last == 0 { digits.removeLast() }
            self.init(digits: digits, exponent: point - 1 - leadingZeros + power)
        }

        init(digits: [UInt8], exponent: Int) {
            self.digits = digits
            self.exponent = exponent
        }

        /// Rounded to the digit of 10^`position`, half away from zero; nil when that is 0.
        func rounded(toPosition position: Int) -> Decimal? {
            let kept = exponent - position + 1
            guard kept < digits.count else { return self }
            guard kept >= 0 else { return nil }
            var result = Array(digits.prefix(kept))
            var roundsUp = digits[kept] >= 5
            var i = result.count - 1
            while roundsUp && i >= 0 {
                if result[i] == 9 { result[i] = 0; i -= 1 } else { result[i] += 1; roundsUp = false }
            }
            var newExponent = exponent
            if roundsUp { result.insert(1, at: 0); newExponent += 1 }
            while result.last == 0 { result.removeLast() }
            return result.isEmpty ? nil : Decimal(digits: result, exponent: newExponent)
        }

        /// Rounded to `count` significant digits.
        func rounded(significantDigits count: Int) -> Decimal {
            rounded(toPosition: exponent - count + 1) ?? self // never nil: the first digit is not 0
        }
    }

    /// Fixed notation with at most `fractionDigits` fraction digits, or nil when it would be too long or 0.
    static func plain(_ decimal: Decimal) -> (String, Decimal)? {
        guard decimal.exponent < maximumLength, let rounded = decimal.rounded(toPosition: -fractionDigits) else { return nil }
        let e = rounded.exponent
        func digit(at position: Int) -> Character {
            let i = e - position
            return i >= 0 && i < rounded.digits.count ? Character(Unicode.Scalar(rounded.digits[i] + UInt8(ascii: "0"))) : "0"
        }
        var text = String((0...max(e, 0)).reversed().map(digit(at:)))
        let lastPosition = e - rounded.digits.count + 1
        if lastPosition < 0 { text += "." + String((lastPosition...(-1)).reversed().map(digit(at:))) }
        return text.count <= maximumLength ? (text, rounded) : nil
    }

    /// d.dddddde±XX: as many mantissa digits as fit in `maximumLength`, trailing zeros dropped.
    static func scientific(_ decimal: Decimal) -> (String, Decimal) {
        var text = "", shown = decimal
        for count in stride(from: fractionDigits + 1, through: 1, by: -1) {
            shown = decimal.rounded(significantDigits: count)
            let digits = shown.digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
            text = String(digits[0]) + (digits.count > 1 ? "." + String(digits.dropFirst()) : "") + "e" + exponentText(shown.exponent)
            if text.count <= maximumLength { break }
        }
        return (text, shown)
    }

    static func exponentText(_ exponent: Int) -> String {
        let power = String(abs(exponent))
        return (exponent < 0 ? "-" : "+") + (power.count < 2 ? "0" + power : power)
    }
}
