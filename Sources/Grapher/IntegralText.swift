/// How a proved integral reads, on screen and on the command line: its value to six significant digits
/// (0 where the enclosure holds 0 and is narrower than a millionth), and the enclosure's bounds written
/// outward, with enough digits to show it to a billionth.
public enum IntegralText {
    public static func value(lower: Double, upper: Double) -> String {
        if lower <= 0 && upper >= 0 && upper - lower <= 1e-6 { return "0" }
        return DecimalLabel.format(lower / 2 + upper / 2, significantDigits: 6)
    }

    /// The bounds, each with `digits` significant digits or, for a large integral, as many as show a
    /// billionth (up to 17).
    public static func bounds(lower: Double, upper: Double, digits: Int = 10) -> (lower: String, upper: String) {
        let size = max(abs(lower), abs(upper))
        let exponent = size > 0 && size.isFinite ? Int(libm_log10(size).rounded(.down)) : 0
        let needed = min(17, max(digits, exponent + 10))
        return (DecimalLabel.format(lower, significantDigits: needed, rounding: .down),
                DecimalLabel.format(upper, significantDigits: needed, rounding: .up))
    }
}
