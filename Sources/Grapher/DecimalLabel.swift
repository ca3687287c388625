/// Numbers written to a number of significant digits, as %g writes them ("0.459698", "1.5e-07"), rounded
/// to nearest for showing a value, or down or up for showing a bound: a lower bound written down is still
/// at most what it bounds, an upper bound written up still at least.
public enum DecimalLabel {
    public enum Rounding: Sendable { case nearest, down, up }

    public static func format(_ value: Double, significantDigits: Int, rounding: Rounding = .nearest) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if value == 0 { return "0" }
        let digits = min(max(significantDigits, 1), 17)
        let negative = value < 0
        // Rounding the magnitude: down for a positive lower bound or a negative upper one.
        let magnitudeRounding: Rounding = switch (rounding, negative) {
        case (.nearest, _): .nearest
        case (.down, false), (.up, true): .down
        case (.down, true), (.up, false): .up
        }
        var d = Decimal(shortestOf: abs(value))
        d.round(toDigits: digits, magnitudeRounding)
        if magnitudeRounding != .nearest {
            // The shortest decimal of a double is not the double: read it back, and step out until it reads
            // strictly beyond (then it is beyond), or is the double exactly. Steps double: at 17 digits a unit
            // is finer than the double's own spacing.
            var units: UInt64 = 1
            while true {
                let written = Double(d.text(scientificAbove: digits))!
                let holds = magnitudeRounding == .down ? written < abs(value) || (written == abs(value) && d.isExact)
                                                       : written > abs(value) || (written == abs(value) && d.isExact)
                if holds || d.mantissa == 0 { break }
                d.step(up: magnitudeRounding == .up, units: units, digits: digits)
                units *= 2
            }
        }
        let text = d.text(scientificAbove: digits)
        return negative && text != "0" ? "-" + text : text
    }

    /// A non-negative decimal: `mantissa` × 10^`exponent`.
    struct Decimal {
        var mantissa: UInt64
        var exponent: Int

        /// The shortest decimal that reads back as `value` (Swift's own description), exactly as written.
        init(shortestOf value: Double) {
            var digits: UInt64 = 0, exponent = 0, afterPoint = false, count = 0
            var text = Substring(value.description)
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                exponent = Int(text[text.index(after: e)...])!
                text = text[..<e]
            }
            for c in text {
                if c == "." { afterPoint = true; continue }
                guard let v = c.wholeNumberValue else { continue }
                // Beyond 19 digits a UInt64 overflows; the description never has that many.
                if count < 19 { digits = digits * 10 + UInt64(v); count += 1; if afterPoint { exponent -= 1 } }
                else if !afterPoint { exponent += 1 }
            }
            mantissa = digits
            self.exponent = exponent
            normalize()
        }

        /// Drops trailing zeros of the mantissa.
        mutating func normalize() {
            while mantissa != 0 && mantissa % 10 == 0 { mantissa /= 10; exponent += 1 }
        }

        var digitCount: Int {
            var n = 0, m = mantissa
            while m > 0 { m /= 10; n += 1 }
            return n
        }

        mutating func round(toDigits digits: Int, _ rounding: Rounding) {
            let extra = digitCount - digits
            guard extra > 0 else { return }
            var divisor: UInt64 = 1
            for _ in 0..<extra { divisor *= 10 }
            let kept = mantissa / divisor, tail = mantissa % divisor
            switch rounding {
            case .down: mantissa = kept
            case .up: mantissa = kept + (tail > 0 ? 1 : 0)
            case .nearest: mantissa = kept + (tail * 2 > divisor || (tail * 2 == divisor && kept % 2 == 1) ? 1 : 0)
            }
            exponent += extra
            normalize()
        }

        /// `units` of the `digits`th significant digit further from zero, or nearer to it (one unit steps 0.1
        /// to three digits to 0.101 or 0.0999); never below 0.
        mutating func step(up: Bool, units: UInt64, digits: Int) {
            guard mantissa != 0 else { return }
            while digitCount < digits { mantissa *= 10; exponent -= 1 }
            if up { mantissa += units } else { mantissa -= min(units, mantissa) }
            normalize()
        }

        /// Whether the decimal is a double exactly: an integer below 2⁵³, or a power-of-two fraction of one.
        var isExact: Bool {
            if exponent >= 0 {
                var v = mantissa
                for _ in 0..<exponent {
                    guard v < (1 << 53) / 10 else { return false }
                    v *= 10
                }
                return v < (1 << 53)
            }
            // m / 10ⁿ = (m / 5ⁿ) / 2ⁿ: exact when 5ⁿ divides m and the quotient fits 53 bits.
            var m = mantissa
            for _ in 0..<(-exponent) {
                guard m % 5 == 0 else { return false }
                m /= 5
            }
            return m < (1 << 53)
        }

        /// As %g writes it with `digits` significant digits: plain for exponents −4 up to below `digits`,
        /// else scientific, trailing zeros dropped.
        func text(scientificAbove digits: Int) -> String {
            guard mantissa != 0 else { return "0" }
            let body = String(mantissa)
            let leading = exponent + body.count - 1
            if leading < -4 || leading >= max(digits, body.count) {
                let rest = body.dropFirst()
                let power = abs(leading) < 10 ? "0\(abs(leading))" : "\(abs(leading))"
                return String(body.prefix(1)) + (rest.isEmpty ? "" : "." + rest) + "e" + (leading < 0 ? "-" : "+") + power
            }
            if exponent >= 0 { return body + String(repeating: "0", count: exponent) }
            let point = body.count + exponent
            if point > 0 {
                return String(body.prefix(point)) + "." + String(body.dropFirst(point))
            }
            return "0." + String(repeating: "0", count: -point) + body
        }
    }
}
