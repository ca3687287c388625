/// The calculator's number style, shared by the display and the description:
/// at most 6 fraction digits, no trailing ".0", no "-0", always ".", and scientific
/// notation ("1.234568e+15") where the plain form would not fit in 12 characters.
public enum CalculatorNumberFormat {
    public static let maximumLength = 12
    static let fractionDigits = 6

    public static func string(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if value == 0 { return "0" }
        if let plain = plain(value), plain.count <= maximumLength { return plain }
        return scientific(value)
    }

    /// Fixed notation, or nil when the value is too large or too small to show that way.
    static func plain(_ value: Double) -> String? {
        let magnitude = abs(value)
        guard magnitude < 1e13 else { return nil }
        let scaled = (magnitude * 1_000_000).rounded()
        guard scaled >= 1 else { return nil } // would show as 0: use scientific instead
        let units = UInt64(scaled)
        let whole = units / 1_000_000, fraction = units % 1_000_000
        var text = String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: fractionDigits - digits.count) + digits
            while digits.last == "0" { digits.removeLast() }
            if !digits.isEmpty { text += "." + digits }
        }
        return value < 0 ? "-" + text : text
    }

    /// d.dddddde±XX with trailing zeros of the mantissa dropped, and as many mantissa
    /// digits as still fit in `maximumLength` (a three-digit exponent costs one).
    static func scientific(_ value: Double) -> String {
        let magnitude = abs(value)
        var exponent = Int(libm_floor(libm_log10(magnitude)))
        // 10^-324 underflows to 0: scale subnormals up before dividing.
        var mantissa = exponent < -300
            ? magnitude * 1e300 / libm_pow(10, Double(exponent + 300))
            : magnitude / libm_pow(10, Double(exponent))
        // log10 can be off by one at exact powers of ten.
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        if mantissa < 1 { mantissa *= 10; exponent -= 1 }
        var digits = fractionDigits
        while true {
            let scale = libm_pow(10, Double(digits))
            var rounded = (mantissa * scale).rounded() / scale
            var e = exponent
            if rounded >= 10 { rounded /= 10; e += 1 }
            let text = (value < 0 ? "-" : "") + (plain(rounded) ?? "1") + "e" + exponentText(e)
            if text.count <= maximumLength || digits == 0 { return text }
            digits -= 1
        }
    }

    static func exponentText(_ exponent: Int) -> String {
        let power = String(abs(exponent))
        return (exponent < 0 ? "-" : "+") + (power.count < 2 ? "0" + power : power)
    }
}
