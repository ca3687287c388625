import CalculatorBrain
import Testing

/// A program written as keys ("0.5 sin⁻¹°", "2 √ × 3 √ ="): numbers are typed digits (exact decimals), every
/// other word an operation by its name (a degree function with its "°").
func exactProgram(_ keys: String) -> CalculatorBrain {
    var brain = CalculatorBrain()
    for word in keys.split(separator: " ").map(String.init) {
        if word.allSatisfy({ "0123456789.-e".contains($0) }), word.contains(where: \.isNumber) {
            let (mantissa, power) = word.split(separator: "e").map(String.init).count == 2
                ? (String(word.split(separator: "e")[0]), Int(word.split(separator: "e")[1])!) : (word, 0)
            let digits = mantissa.filter(\.isNumber).map { UInt8(String($0))! }
            let fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
            brain.append(.exactOperand(ExactValue(decimalDigits: digits, exponent: power - fraction, negative: mantissa.hasPrefix("-"))!))
        } else {
            brain.performOperation(word)
        }
    }
    return brain
}

/// Every rule by which a value stays exact, and the cases that must stay approximate (nil), as the display
/// and `calx keys` write the form.
@Suite struct ExactRuleTests {
    static let rows: [(keys: String, form: String?)] = [
        // Typed numbers are the decimals their digits say; + − × ÷ ± % on rationals.
        ("0.1", "1/10"), ("6.02e23", "602000000000000000000000"), ("-2.5e-3", "-1/400"),
        ("0.1 + 0.2 =", "3/10"), ("0.1 + 0.2 − 0.3 =", "0"), ("1 ÷ 3 =", "1/3"), ("2 ÷ 3 = ±", "-2/3"),
        ("7 × 6 =", "42"), ("5 %", "1/20"), ("1 ÷ 0 =", nil),
        // x², x³, x⁻¹, xʸ with a whole exponent.
        ("3 x²", "9"), ("-2 x³", "-8"), ("4 x⁻¹", "1/4"), ("0 x⁻¹", nil), ("2 xʸ 10 =", "1024"), ("2 xʸ -2 =", "1/4"),
        ("0.5 xʸ 3 =", "1/8"), ("0 xʸ 0 =", "1"), ("0 xʸ -1 =", nil), ("-1 xʸ 1000001 =", "-1"), ("2 xʸ 0.5 =", nil),
        ("2 xʸ 200 =", nil), ("1 ÷ 7 = xʸ 50 =", nil), ("1e30 x²", nil),
        // √ and ∛ of rationals, and products of roots.
        ("8 √", "2√2"), ("12 √", "2√3"), ("16 √", "4"), ("0.5 √", "√2/2"), ("2 ÷ 3 = √", "√6/3"), ("-4 √", nil),
        ("2 √ × 3 √ =", "√6"), ("2 √ × 2 √ =", "2"), ("6 √ ÷ 2 √ =", "√3"), ("2 √ x²", "2"), ("2 √ x³", "2√2"),
        ("2 √ x⁻¹", "√2/2"), ("2 √ xʸ 3 =", "2√2"), ("2 √ xʸ -1 =", "√2/2"), ("2 √ × 3 =", "3√2"), ("2 √ % ", "√2/100"),
        ("2 √ + 1 =", nil), ("2 √ + 3 √ =", nil), ("2 √ + 2 √ =", "2√2"), ("2 √ − 2 √ =", "0"), ("2 √ √", nil),
        ("27 ÷ 8 = ∛", "3/2"), ("-8 ∛", "-2"), ("2 ∛", nil), ("2 √ ∛", nil),
        // π and e, and what is not in the set.
        ("π", "π"), ("e", "e"), ("π ÷ 4 =", "π/4"), ("π × 2 =", "2π"), ("π × 3 ÷ 4 =", "3π/4"), ("e × 2 =", "2e"),
        ("π ÷ π =", "1"), ("π − π =", "0"), ("π x²", nil), ("π + 1 =", nil), ("π x⁻¹", nil), ("e x²", nil), ("π × e =", nil),
        ("π × 2 √ =", nil), ("π xʸ 1 =", "π"), ("π xʸ 0 =", "1"), ("π xʸ 2 =", nil),
        // sin, cos, tan at rational multiples of π with values in the set.
        ("π sin", "0"), ("π ÷ 2 = cos", "0"), ("π tan", "0"), ("0 sin", "0"), ("0 cos", "1"), ("π ÷ 6 = sin", "1/2"),
        ("π ÷ 4 = sin", "√2/2"), ("π ÷ 3 = sin", "√3/2"), ("π ÷ 2 = sin", "1"), ("π × 7 ÷ 6 = cos", "-√3/2"),
        ("π ÷ 3 = tan", "√3"), ("π ÷ 6 = tan", "√3/3"), ("π × 3 ÷ 4 = tan", "-1"), ("π × -5 ÷ 6 = sin", "-1/2"),
        ("π × 1001 = cos", "-1"), ("π ÷ 2 = tan", nil), ("π ÷ 12 = sin", nil), ("π ÷ 5 = sin", nil), ("1 sin", nil),
        ("1 cos", nil), ("e sin", nil),
        // In degrees, at multiples of 30° and 45°; sin(π°) is no such angle.
        ("60 cos°", "1/2"), ("30 sin°", "1/2"), ("45 tan°", "1"), ("-30 tan°", "-√3/3"), ("135 sin°", "√2/2"),
        ("390 sin°", "1/2"), ("180 sin°", "0"), ("3e37 sin°", "√3/2"), ("90 tan°", nil), ("15 sin°", nil), ("π sin°", nil),
        ("0.5 sin°", nil),
        // The inverse functions at those values, in the function's own unit.
        ("0.5 sin⁻¹", "π/6"), ("0.5 sin⁻¹°", "30"), ("2 √ ÷ 2 = cos⁻¹", "π/4"), ("-1 cos⁻¹", "π"), ("1 cos⁻¹", "0"),
        ("3 √ ÷ 2 = sin⁻¹", "π/3"), ("3 √ tan⁻¹", "π/3"), ("3 √ ÷ 3 = tan⁻¹°", "30"), ("-1 tan⁻¹", "-π/4"),
        ("-0.5 cos⁻¹°", "120"), ("0 sin⁻¹", "0"), ("0.3 sin⁻¹", nil), ("2 sin⁻¹", nil), ("2 tan⁻¹", nil),
        // ln 1, ln e, eˣ at 0 (and 1), 10ˣ at whole numbers, log₁₀ of powers of 10.
        ("1 ln", "0"), ("e ln", "1"), ("2 ln", nil), ("e x² ln", nil), ("1000 log₁₀", "3"), ("0.001 log₁₀", "-3"),
        ("1 log₁₀", "0"), ("20 log₁₀", nil), ("0 eˣ", "1"), ("1 eˣ", "e"), ("2 eˣ", nil), ("3 10ˣ", "1000"),
        ("-2 10ˣ", "1/100"), ("0.5 10ˣ", nil), ("39 10ˣ", nil),
    ]

    @Test(arguments: rows) func rule(_ keys: String, _ form: String?) {
        let brain = exactProgram(keys)
        let exact = brain.exactValue()
        #expect(exact.map(ExactFormat.string) == form, "\(keys)")
        // Where there is one, what the brain shows is its Double; and a value known exactly has no error.
        if let exact {
            let shown = brain.evaluateWithError()
            #expect(shown.result?.bitPattern == exact.double.bitPattern && shown.error == nil, "\(keys)")
        }
    }

    @Test func eachTrigKeyKeepsItsMode() {
        // The same keys in the two modes: sin 30 is no special angle in radians.
        #expect(exactProgram("30 sin").exactValue() == nil)
        #expect(exactProgram("30 sin°").exactValue().map(ExactFormat.string) == "1/2")
        #expect(exactProgram("π ÷ 6 = sin°").exactValue() == nil)
    }

    @Test func anExactVariableStaysExact() {
        let third = exactProgram("1 ÷ 3 =").exactValue()!
        var brain = CalculatorBrain()
        brain.setOperand(variable: "M")
        brain.performOperation("×")
        brain.append(.exactOperand(ExactValue(3)))
        brain.performOperation("=")
        #expect(brain.exactValue(using: ["M": third.double]) == nil) // M known only as a Double
        #expect(brain.exactValue(using: ["M": third.double], exactVariables: ["M": third]) == ExactValue(1))
        #expect(brain.evaluate(using: ["M": third.double]).result == 1)
        #expect(brain.exactValue(using: nil) == nil) // M unset reads as 0, known to no one exactly
    }

    @Test func aNumberKnownOnlyAsADoubleLendsNoExactness() {
        // The same bits, typed (exactly 1/2) and recalled without an exact value: two nodes, one exact.
        var brain = CalculatorBrain()
        brain.append(.exactOperand(exactProgram("0.5").exactValue()!))
        brain.performOperation("+")
        brain.append(.operand(0.5))
        brain.performOperation("=")
        #expect(brain.exactValue() == nil)
        #expect(brain.evaluate().result == 1)
        var typedSecond = CalculatorBrain()
        typedSecond.append(.operand(0.5))
        typedSecond.performOperation("+")
        typedSecond.append(.exactOperand(exactProgram("0.5").exactValue()!))
        typedSecond.performOperation("=")
        #expect(typedSecond.exactValue() == nil)
        // What the graph draws is the same tree either way, its equal constants shared.
        #expect(brain.expression()?.nodes.count == 2)
        #expect(brain.expression() == typedSecond.expression())
    }
}
