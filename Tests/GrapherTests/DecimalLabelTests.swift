import Foundation
import Grapher
import SeededRandom
import Testing

/// Decimal labels: %g's shape, and bounds that stay bounds once written.
@Suite struct DecimalLabelTests {
    @Test func writesAsPercentGDoes() {
        var rng = SplitMix64(seed: 0xDEC)
        for _ in 0..<5_000 {
            let v = (rng.unit() - 0.5) * pow(10, rng.uniform(-12, 12))
            for digits in [1, 3, 6, 10] {
                #expect(DecimalLabel.format(v, significantDigits: digits) == String(format: "%.\(digits)g", v),
                        "\(v) to \(digits)")
            }
        }
        #expect(DecimalLabel.format(0, significantDigits: 6) == "0")
        #expect(DecimalLabel.format(2, significantDigits: 6) == "2")
        #expect(DecimalLabel.format(-0.5, significantDigits: 6, rounding: .down) == "-0.5", "exact: no step")
    }

    @Test func boundsWrittenStillBound() {
        var rng = SplitMix64(seed: 0xB0D)
        // The exact comparison itself: the double 0.1 is a little above the decimal 0.1.
        #expect(Self.compare("0.1", 0.1) < 0 && Self.compare("0.5", 0.5) == 0 && Self.compare("-0.1", -0.1) > 0)
        for _ in 0..<4_000 {
            let v = (rng.unit() - 0.5) * pow(10, rng.uniform(-20, 20))
            let digits = 1 + rng.below(17)
            let down = DecimalLabel.format(v, significantDigits: digits, rounding: .down)
            let up = DecimalLabel.format(v, significantDigits: digits, rounding: .up)
            // Against v's exact decimal expansion, digit by digit.
            #expect(Self.compare(down, v) <= 0 && Self.compare(up, v) >= 0, "\(v) to \(digits): \(down) \(up)")
            let significant = down.filter(\.isNumber).drop { $0 == "0" }
            #expect(!down.contains("e") ? significant.count <= digits + 1 : true, "\(v) to \(digits): \(down)")
        }
        #expect(DecimalLabel.format(1.0 / 3, significantDigits: 4, rounding: .down) == "0.3333")
        #expect(DecimalLabel.format(1.0 / 3, significantDigits: 4, rounding: .up) == "0.3334")
        #expect(DecimalLabel.format(-1.0 / 3, significantDigits: 4, rounding: .up) == "-0.3333")
    }

    /// The sign of (decimal − v), exactly: glibc writes a double's whole expansion when asked for enough digits.
    static func compare(_ decimal: String, _ v: Double) -> Int {
        func parts(_ text: String) -> (negative: Bool, digits: [Int], point: Int) {
            var t = Substring(text), exponent = 0, negative = false
            if t.hasPrefix("-") { negative = true; t = t.dropFirst() }
            if let e = t.firstIndex(where: { $0 == "e" }) { exponent = Int(t[t.index(after: e)...])!; t = t[..<e] }
            let point = (t.firstIndex(of: ".").map { t.distance(from: t.startIndex, to: $0) } ?? t.count) + exponent
            var digits = t.compactMap(\.wholeNumberValue), shift = 0
            while digits.first == 0 { digits.removeFirst(); shift += 1 }
            while digits.last == 0 { digits.removeLast() }
            return (negative && !digits.isEmpty, digits, point - shift)
        }
        let a = parts(decimal), b = parts(String(format: "%.200e", v))
        func magnitude() -> Int {
            if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty ? (b.digits.isEmpty ? 0 : -1) : 1 }
            if a.point != b.point { return a.point < b.point ? -1 : 1 }
            for i in 0..<max(a.digits.count, b.digits.count) {
                let x = i < a.digits.count ? a.digits[i] : 0, y = i < b.digits.count ? b.digits[i] : 0
                if x != y { return x < y ? -1 : 1 }
            }
            return 0
        }
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        return a.negative ? -magnitude() : magnitude()
    }
}
