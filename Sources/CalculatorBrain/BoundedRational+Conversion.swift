/// A rational as a Double and as decimal digits, both from the integers themselves: the Double correctly
/// rounded (so a typed 0.1, which is 1/10, is the same Double the digits parse to), the digits exact up to
/// where the display stops reading them.
extension BoundedRational {
    /// The nearest Double (ties to even). One long division of 55 quotient bits and a sticky bit: at most
    /// 128 + 55 rounds, counted in `work`. Never subnormal or infinite: |p/q| lies within 2^±127.
    func double(work: inout Int) -> Double {
        if numerator == 0 { return 0 }
        work += 1
        // Both exact as Doubles: one IEEE division is the correctly rounded quotient. Through Int64: Double(Int128)
        // is the standard library's generic conversion, a hundred times dearer.
        if numerator.magnitude < 1 << 53 && denominator < 1 << 53 {
            return Double(Int64(truncatingIfNeeded: numerator)) / Double(Int64(truncatingIfNeeded: denominator))
        }
        let b = UInt128(denominator)
        let quotient = numerator.magnitude / b
        var remainder = numerator.magnitude % b
        var exponent = 0
        var mantissa: UInt128
        var sticky = false
        let quotientBits = UInt128.bitWidth - quotient.leadingZeroBitCount
        if quotientBits >= 55 {
            let dropped = quotientBits - 55
            mantissa = quotient >> dropped
            sticky = quotient & ((1 << dropped) - 1) != 0
            exponent = dropped
            work += 1
        } else {
            mantissa = quotient
            // Fraction bits one at a time until the mantissa holds 55 significant bits.
            while mantissa >> 54 == 0 {
                remainder <<= 1 // remainder < b < 2¹²⁷: no overflow
                mantissa <<= 1
                if remainder >= b { mantissa |= 1; remainder -= b }
                exponent -= 1
                work += 1
            }
        }
        sticky = sticky || remainder != 0
        // 55 bits to 53: the guard bit, and the rest (its bit below and the sticky bit) decide.
        let guardBit = (mantissa >> 1) & 1 == 1, rest = mantissa & 1 == 1 || sticky
        var significand = mantissa >> 2
        exponent += 2
        if guardBit && (rest || significand & 1 == 1) { significand += 1 }
        if significand >> 53 != 0 { significand >>= 1; exponent += 1 }
        let magnitude = Double(sign: .plus, exponent: exponent, significand: Double(UInt64(significand)))
        return numerator < 0 ? -magnitude : magnitude
    }

    /// The magnitude's decimal digits (no leading zero; no trailing zero unless digits were dropped), the power
    /// of ten of the first, and whether nonzero digits past `significantDigits` were dropped.
    /// At most 39 integer digits and `significantDigits` more: bounded whatever the rational.
    func decimalDigits(significantDigits: Int, work: inout Int) -> (digits: [UInt8], exponent: Int, truncated: Bool) {
        let b = UInt128(denominator)
        var integer = numerator.magnitude / b, remainder = numerator.magnitude % b
        var integerDigits: [UInt8] = []
        while integer != 0 {
            integerDigits.append(UInt8(integer % 10))
            integer /= 10
            work += 1
        }
        var digits = Array(integerDigits.reversed())
        var exponent = digits.count - 1
        var truncated = false
        if digits.count > significantDigits {
            truncated = digits[significantDigits...].contains { $0 != 0 } || remainder != 0
            digits.removeSubrange(significantDigits...)
            remainder = 0
        }
        while remainder != 0 {
            guard digits.count < significantDigits else { truncated = true; break }
            // remainder·10 may pass 128 bits: divided in full width.
            let (digit, rest) = b.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
            remainder = rest
            if digits.isEmpty && digit == 0 { exponent -= 1 } else { digits.append(UInt8(digit)) }
            work += 1
        }
        if digits.isEmpty { exponent = 0 }
        // Trailing zeros go only where the expansion ends: before a dropped tail they are digits like any other.
        if !truncated { while digits.last == 0 { digits.removeLast() } }
        return (digits, exponent, truncated)
    }
}
