/// How an exact value reads, in one place (a locale changes it here): the exact form, and the display's
/// decimal of it.
public enum ExactFormat {
    /// The exact form as the display and `calx keys` write it: "0", "3/10", "-2/3", "2√2", "π/4", "-√3/2",
    /// "3π/4", "e". The minus is the display's ("-0.666667"), the fraction bar a slash.
    public static func string(_ value: ExactValue) -> String {
        let q = value.coefficient
        let sign = q.isNegative ? "-" : ""
        let numerator = q.numerator.magnitude
        let denominator = q.denominator == 1 ? "" : "/\(q.denominator)"
        let symbol: String
        switch value.constant {
        case .one: return sign + "\(numerator)" + denominator
        case .pi: symbol = "π"
        case .e: symbol = "e"
        case .squareRoot(let n): symbol = "√\(n)"
        }
        return sign + (numerator == 1 ? "" : "\(numerator)") + symbol + denominator
    }

    /// The display's decimal of `value` (`CalculatorNumberFormat`'s rule), and whether it is the value itself:
    /// 0.5 is 1/2, 0.333333 is not 1/3, and no decimal is π. A rational's decimal comes from its own digits,
    /// so it rounds as the exact number does; any other's from its Double.
    public static func decimal(_ value: ExactValue) -> (text: String, isExact: Bool) {
        guard let q = value.rational else { return (CalculatorNumberFormat.string(value.double), false) }
        if q.isZero { return ("0", true) }
        var work = 0
        // Past the 12 digits a display shows, one more decides the rounding; a dropped tail is kept as a 1.
        var (digits, exponent, truncated) = q.decimalDigits(significantDigits: 17, work: &work)
        if truncated { digits.append(1) }
        let decimal = CalculatorNumberFormat.Decimal(digits: digits, exponent: exponent)
        let (text, shown) = CalculatorNumberFormat.text(decimal, negative: q.isNegative)
        return (text, shown == decimal)
    }
}
