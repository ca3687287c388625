import Calculator
import CalculatorBrain
import Testing

/// Issue 32's table: every digit shown is true of the real numbers the keys denote, or the display says what it
/// cannot decide. The truths are mpmath's at 50 digits.
@Suite struct ProvedDigitsTests {
    /// The screen's 12 characters, and `calx keys`'s 15 digits.
    func shown(_ keys: String, wide: Bool = false) -> (display: String, error: CalculatorError?) {
        var controller = CalculatorController()
        if wide { controller.displayLength = CalculatorController.keysDisplayLength }
        guard case .success(let parsed) = KeyTokens.parse(keys) else { Issue.record("bad keys \(keys)"); return ("", nil) }
        for key in parsed { controller.press(key) }
        return (controller.display, controller.error)
    }

    @Test func anExactPoleIsUndefinedInEitherUnit() {
        for keys in ["π ÷ 2 = tan", "1 sin⁻¹ tan", "π × 2.5 = tan", "deg 90 tan", "deg 270 ± tan", "deg 1 sin⁻¹ tan"] {
            #expect(shown(keys).error == .undefined, "\(keys)")
        }
        // Beside a pole is no pole: tan(π/2 − 10⁻¹⁰) is 9999999999.99999999996…, 10000000000 to 11 digits.
        #expect(shown("π ÷ 2 − 1 ee ± 10 = tan").display == "10000000000")
    }

    @Test func trigOfAnExactArgumentOfAnySizeIsReducedExactly() {
        #expect(shown("deg 1 ee 17 + 30 = sin").display == "-0.7660444431") // sin 310°
        #expect(shown("deg 1 ee 23 sin", wide: true).display == "-0.984807753012208")
        // π·10³⁰⁰ is a whole number of half turns: 0, which balls never prove; never −0.902464.
        #expect(shown("π × 1 ee 300 = sin").error == .tooCloseToZero)
    }

    @Test func anIllConditionedArgumentShowsTheTrueDigits() {
        #expect(shown("135 x³ ÷ 30 xʸ e = tan", wide: true).display == "3.32824067694641")
    }

    @Test func roundingNoiseIsNeverShownAsDigits() {
        #expect(shown("2 ∛ x³ − 2 =").error == .tooCloseToZero)
        #expect(shown("2 ∛ x³ − 2 = x⁻¹").error == .tooCloseToZero)
        #expect(shown("2 xʸ 0.5 = x² − 2 = x⁻¹").error == .tooCloseToZero)
        #expect(shown("π x⁻¹ x⁻¹ sin").error == .tooCloseToZero)
        // Where the noise is added to a number, the number's digits are proved again: (∛2³ − 2) + 1 is 1.
        #expect(shown("2 ∛ x³ − 2 + 1 =").display == "1")
        #expect(shown("1 ee 20 + 1 − 1 ee 20 =").display == "1")
    }

    @Test func underflowIsNamedAndSubnormalsShowTheirTrueDigits() {
        #expect(shown("1 ee ± 323 ÷ 3 =").error == .underflow)
        #expect(shown("1 ee ± 320 ÷ 3 =", wide: true).display == "3.33333333333333e-321")
        #expect(shown("1 ee ± 320 ÷ 3 =").display == "3.33333e-321")
        #expect(shown("1 ee ± 320 =").display == "1e-320")
    }

    @Test func asManyDigitsAsFitAndAreProved() {
        #expect(shown("0.99999995 =").display == "0.99999995")
        #expect(shown("0.0000123456789 =", wide: true).display == "0.0000123456789")
        #expect(shown("0.0000123456789 =").display == "1.234568e-05")
        #expect(shown("1 ÷ 3 =").display == "0.3333333333")
        #expect(shown("2 √", wide: true).display == "1.4142135623731") // 1.41421356237309504…: the 15th digit rounds to 0
        #expect(shown("0.1 + 0.2 =").display == "0.3")
        #expect(shown("deg 30 sin").display == "0.5")
    }

    /// A number and its negative show the same digits; the display never grows past its characters.
    @Test func theDisplayKeepsItsLengthAndItsSign() {
        for keys in ["1 ÷ 7 =", "2 ln", "1 ee 100 ÷ 7 =", "7 ÷ 1 ee 100 =", "123456 ÷ 7 =", "3 eˣ", "1 ee ± 310 ÷ 7 ="] {
            let plus = shown(keys).display, minus = shown(keys + " ±").display
            #expect(plus.count <= CalculatorNumberFormat.maximumLength, "\(keys): \(plus)")
            #expect(minus == "-" + plus, "\(keys): \(plus) and \(minus)")
        }
    }
}
