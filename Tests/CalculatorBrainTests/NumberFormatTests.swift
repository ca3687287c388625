import SeededRandom
import CalculatorBrain
import Testing

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (12.566370614359172, "12.566371"), (1.6366197723675813, "1.63662"), (Double.pi, "3.141593"),
        (360, "360"), (-0.0, "0"), (0.1 + 0.2, "0.3"), (-2.5, "-2.5"), (1e15, "1e+15"),
        (123456789012, "123456789012"), (1234567890123, "1.234568e+12"), (0.0000001, "1e-07"),
        (-1.5e-10, "-1.5e-10"), (999999999999.9999, "1e+12"),
    ])
    func formats(_ value: Double, _ expected: String) {
        #expect(CalculatorNumberFormat.string(value) == expected)
    }

    @Test func neverLongerThanTwelveCharactersForFiniteValues() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let value = Double(bitPattern: rng.next())
            guard value.isFinite else { continue }
            let text = CalculatorNumberFormat.string(value)
            #expect(text.count <= 12, "\(value) -> \(text)")
            #expect(!text.hasSuffix(".0") && text != "-0")
        }
    }
}
