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
    }

    public static func format(_ value: Double, maximumFractionDigits: Int = 6, style: Style) -> String {
        let text = format(value, maximumFractionDigits: maximumFractionDigits)
        guard value.isFinite else { return value.isNaN ? style.undefined : text }
        guard style.decimalSeparator != "." else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar == "." ? style.decimalSeparator.unicodeScalars.first! : scalar) }
        return String(scalars)
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

    /// m e n with m in [1, 10) shown with up to 6 significant fraction digits.
    static func scientific(_ value: Double) -> String {
        var exponent = Int(libm_log10(abs(value)).rounded(.down))
        var mantissa = value / libm_pow(10, Double(exponent))
        if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        if abs(mantissa) < 1 { mantissa *= 10; exponent -= 1 }
        var m = (mantissa * 1e5).rounded() / 1e5
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
