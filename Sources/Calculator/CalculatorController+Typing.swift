import CalculatorBrain

/// Typing a number: digits, the point, EE and ± while typing, each edit within what `TypedNumber` allows.
/// An edit that is refused leaves the number as it was and says why.
extension CalculatorController {
    mutating func type(digit: Int) {
        let d = String(max(0, min(9, digit)))
        guard var text = typing else { typing = d; return }
        let (_, exponent) = TypedNumber.parts(text)
        if let exponent {
            guard exponent.filter(\.isNumber).count < TypedNumber.maximumExponentDigits else {
                refusal = .tooManyExponentDigits(limit: TypedNumber.maximumExponentDigits)
                return
            }
            typeRepresentable(text + d)
        } else if text == "0" || text == "-0" {
            text.removeLast()
            typing = text + d
        } else if text.filter(\.isNumber).count < Self.maximumTypedDigits {
            typing = text + d
        } else {
            refusal = .tooManyDigits(limit: Self.maximumTypedDigits)
        }
    }

    /// Takes an edit of the typed number unless its value would be infinite, or 0 when it is not.
    private mutating func typeRepresentable(_ text: String) {
        switch TypedNumber.representation(text) {
        case .overflows: refusal = .exponentTooLarge
        case .underflows: refusal = .exponentTooSmall
        case .representable: typing = text
        }
    }

    mutating func typePoint() {
        guard let text = typing else { typing = "0."; return }
        if text == "-" { typing = "-0."; return }
        if text.contains("e") {
            refusal = .pointInExponent
        } else if text.contains(".") {
            refusal = .secondPoint
        } else {
            typing = text + "."
        }
    }

    /// EE: the mantissa so far (1 if none) times ten to what is typed next. One exponent per number.
    mutating func typeExponent() {
        let text = typing ?? ""
        guard !text.contains("e") else {
            refusal = .secondExponent
            return
        }
        typing = (text.isEmpty || text == "-" ? text + "1" : text) + "e"
    }

    /// Zero has no sign: "0 ±" stays "0", as the brain shows no "-0". After EE, ± flips the exponent's sign.
    mutating func flipTypedSign() {
        guard let text = typing else { return }
        let (mantissa, exponent) = TypedNumber.parts(text)
        if let exponent {
            let flipped = exponent.hasPrefix("-") ? String(exponent.dropFirst()) : "-" + exponent
            typeRepresentable(mantissa + "e" + flipped)
        } else if text.hasPrefix("-") {
            typing = String(text.dropFirst())
            if typing?.isEmpty == true { typing = nil }
        } else if Double(text) != 0 {
            typing = "-" + text
        } else {
            refusal = .zeroHasNoSign
        }
    }
}
