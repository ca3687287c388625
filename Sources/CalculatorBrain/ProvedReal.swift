import Arb

/// A real number as far as it is proved: the ball a proof ended with. →M keeps it beside M's Double, so what
/// is computed from M is proved of the number the display showed, not of the Double near it (a Double
/// evaluation can lose digits the proof kept: tan near its pole).
public struct ProvedReal: Sendable {
    let ball: ArbBall

    init(_ ball: ArbBall) { self.ball = ball }

    /// What the display shows of it (`CalculatorNumberFormat.proved`).
    public var result: ProvedResult { ProgramTape.result(of: ball) }

    /// Its stored form: the two decimal ends of the ball, rounded outward ("31934842703692e-12 31934842703693e-12"),
    /// nil where it has none (not finite).
    public var storedText: String? {
        guard let (lower, upper) = ball.decimalBounds(digits: ProgramTape.wantedDigits + 2) else { return nil }
        return "\(lower.significand)e\(lower.exponent) \(upper.significand)e\(upper.exponent)"
    }

    /// The number `storedText` wrote: between its two ends (each one read exactly, the ball holding both).
    public init?(storedText text: String) {
        let ends = text.split(separator: " ", omittingEmptySubsequences: false)
        guard ends.count == 2, ends.allSatisfy({ Self.isDecimal($0) }) else { return nil }
        let precision = 4 * ProgramTape.maximumPrecision
        let lower = ArbBall(decimal: String(ends[0]), precision: precision)
        let upper = ArbBall(decimal: String(ends[1]), precision: precision)
        guard lower.isFinite, upper.isFinite else { return nil }
        ball = lower.union(upper, precision: ProgramTape.firstPrecision)
    }

    /// "-123e-4": an optional minus, 1 to 40 digits, "e", an optional minus and 1 to 6 digits.
    private static func isDecimal(_ text: Substring) -> Bool {
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        func digits(_ s: Substring, most: Int) -> Bool {
            let d = s.hasPrefix("-") ? s.dropFirst() : s
            return !d.isEmpty && d.count <= most && d.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return parts.count == 2 && digits(parts[0], most: 40) && digits(parts[1], most: 6)
    }
}
