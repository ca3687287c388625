import SeededRandom
import CalculatorBrain
import Testing

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (12.566370614359172, "12.566371"), (1.6366197723675813, "1.63662"), (Double.pi, "3.141593"),
        (360, "360"), (-0.0, "0"), (0.1 + 0.2, "0.3"), (-2.5, "-2.5"), (1e15, "1e+15"),
        (123456789012, "123456789012"), (1234567890123, "1.234568e+12"), (0.0000001, "1e-07"),
        (-1.5e-10, "-1.5e-10"), (999999999999.9999, "1e+12"),
        // The shortest decimal that reads back as the double, rounded on its digits.
        (1e-320, "1e-320"), (-1e-320, "-1e-320"), (5e-324, "5e-324"), (0.000_000_5, "0.000001"), (0.000_000_49, "4.9e-07"),
        (2.5, "2.5"), (0.000_000_1234567, "1.234567e-07"), (1.2345675, "1.234568"), (-123456789012, "-123456789012"),
        // A number and its negative show the same digits: tan π and sin π both to 7.
        (-1.2246467991473532e-16, "-1.224647e-16"), (1.2246467991473532e-16, "1.224647e-16"),
        (1.2345678e-100, "1.23457e-100"), (9.9999999e+99, "1e+100"), (99999.99999999, "100000"),
    ])
    func formats(_ value: Double, _ expected: String) {
        #expect(CalculatorNumberFormat.string(value) == expected)
    }

    @Test func neverLongerThanTwelveCharactersBesideTheSignForFiniteValues() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let value = Double(bitPattern: rng.next())
            guard value.isFinite else { continue }
            let text = CalculatorNumberFormat.string(value)
            #expect(text.count <= (value < 0 ? 13 : 12), "\(value) -> \(text)")
            #expect(!text.hasSuffix(".0") && text != "-0")
            #expect(CalculatorNumberFormat.string(-value) == (value < 0 ? String(text.dropFirst()) : "-" + text))
            // The digits shown are the value's, to their last place (scientific: relative; plain: 6 fraction digits).
            let shown = Double(text)!
            let tolerance = text.contains("e") ? abs(value) * 5e-6 : 5e-7 + abs(value) * 1e-15
            #expect(abs(shown - value) <= tolerance, "\(value) -> \(text)")
        }
    }
}
