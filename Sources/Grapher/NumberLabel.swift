/// Formats axis and trace numbers as people write them: the shortest decimal that reads
/// back as the value, at most six fraction digits, no trailing zeros, and "1e6" style where long.
public enum NumberLabel {
    /// How the caller's readers write numbers: the decimal separator ("." or ","), and what sets the two
    /// coordinates of a point apart (", " beside ".", "; " beside ",", where a comma would be ambiguous).
    public struct Style: Sendable, Equatable {
        public var decimalSeparator: Character
        public var pairSeparator: String
        /// What a value that is not a number reads as.
        public var undefined: String

        public init(decimalSeparator: Character = ".", pairSeparator: String? = nil, undefined: String = "undefined") {
            self.decimalSeparator = decimalSeparator
            self.pairSeparator = pairSeparator ?? (decimalSeparator == "," ? "; " : ", ")
            self.undefined = undefined
        }

        /// "(x, y)", or "(x; y)" beside a decimal comma.
        public func pair(_ x: Double, _ y: Double) -> String {
            "(" + NumberLabel.format(x, style: self) + pairSeparator + NumberLabel.format(y, style: self) + ")"
        }

        /// A number written with "." as its decimal point (as `format` writes it) in this style's separator.
        public func written(_ text: String) -> String {
            guard decimalSeparator != "." else { return text }
            let separator = decimalSeparator.unicodeScalars.first!
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { scalars.append(scalar == "." ? separator : scalar) }
            return String(scalars)
        }
    }

    public static func format(_ value: Double, maximumFractionDigits: Int = 6, style: Style) -> String {
        let text = format(value, maximumFractionDigits: maximumFractionDigits)
        guard value.isFinite else { return value.isNaN ? style.undefined : text }
        return style.written(text)
    }

    public static func format(_ value: Double, maximumFractionDigits: Int = 6) -> String {
        guard value.isFinite else { return value.isNaN ? "undefined" : (value > 0 ? "∞" : "−∞") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e6 || magnitude < 1e-4 { return scientific(value) }
        // Round to the fraction digits, then print the shortest form of the rounded value.
        let scale = libm_pow(10, Double(maximumFractionDigits))
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return scientific(value) }
        return trimmed("\(rounded)")
    }

    /// `value`, a multiple of 10^unit (an axis tick), with the digits down to 10^unit and no more: as `format`
    /// writes numbers (decimal from 1e-4 to 1e6, else m e n), but never rounded to fewer digits than tell the
    /// value from its neighbours a unit away.
    public static func format(_ value: Double, unit: Int) -> String {
        guard value.isFinite else { return format(value) }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e-4 && magnitude < 1e6 {
            let digits = max(0, -unit)
            let scale = libm_pow(10, Double(digits))
            let rounded = (value * scale).rounded() / scale
            return trimmed(rounded == 0 ? "0" : "\(rounded)")
        }
        let exponent = TickLabelStyle.exponent(of: value)
        return scientific(value, fractionDigits: min(16, max(0, exponent - unit)))
    }

    /// m e n with m in [1, 10) shown with up to `fractionDigits` fraction digits (trailing zeros dropped).
    static func scientific(_ value: Double, fractionDigits: Int = 5) -> String {
        var exponent = Int(libm_log10(abs(value)).rounded(.down))
        var mantissa = value / libm_pow(10, Double(exponent))
        if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        if abs(mantissa) < 1 { mantissa *= 10; exponent -= 1 }
        let scale = libm_pow(10, Double(fractionDigits))
        var m = (mantissa * scale).rounded() / scale
        if abs(m) >= 10 { m /= 10; exponent += 1 }
        return trimmed("\(m)") + "e\(exponent)"
    }

    /// Swift prints 1.0 or 1e-05 style; keep plain digits and drop a trailing ".0".
    static func trimmed(_ text: String) -> String {
        var t = text
        if t.contains("e") { return t }
        if t.contains(".") {
            while t.hasSuffix("0") { t.removeLast() }
            if t.hasSuffix(".") { t.removeLast() }
        }
        return t == "-0" ? "0" : t.replacingMinus()
    }
}

extension String {
    /// The typographic minus reads better on a graph than a hyphen.
    func replacingMinus() -> String { hasPrefix("-") ? "−" + dropFirst() : self }
}
