import SeededRandom
import Calculator
import CalculatorBrain
import Testing

private extension SplitMix64 {
    /// Keys whose descriptions can be read back exactly: whole-number operands, M, π and e
    /// (no Rand, whose description hides its value), every operation, parentheses, and DRG between them.
    mutating func readableKey() -> CalculatorKey {
        switch below(13) {
        case 10: return .toggleAngleMode
        case 11: return .openGroup
        case 12: return .closeGroup
        case 0, 1, 2: return .digit(below(9) + 1)
        case 3: return [.memory, .constant("π"), .constant("e")][below(3)]
        case 4, 5: return .binary(BinaryFunction.allCases[below(BinaryFunction.allCases.count)])
        case 6: return .equals
        case 7: return .unary(.negate)
        default: return .unary(UnaryFunction.keyFunctions[below(UnaryFunction.keyFunctions.count)])
        }
    }
}

/// What a description says is what the brain computes.
@Suite struct DescriptionPropertyTests {
    @Test func descriptionsReadBackToTheBrainsValue() {
        var rng = SplitMix64(state: 2017_03)
        var checked = 0, degrees = 0, grouped = 0
        for _ in 0..<5_000 {
            var controller = CalculatorController()
            controller.press(.digit(rng.below(5)))
            controller.press(.storeMemory)
            var typedGroup = false
            for _ in 0..<rng.below(14) + 1 {
                let key = rng.readableKey()
                controller.press(key)
                if key == .openGroup && controller.refusal == nil { typedGroup = true }
            }
            controller.press(.equals)
            let (result, isPending, description) = controller.brain.evaluate(using: controller.variables)
            guard result != nil, !isPending, !description.contains(DescriptionText.ellipsis),
                  let expression = controller.brain.expression() else { continue }
            // The program's Double evaluation, which the reader repeats: where an exact value is known the brain
            // shows its Double instead (sin π is 0), which ExactPropertyTests checks against this one.
            let value = expression.value(using: controller.variables ?? [:])
            let read = DescriptionReader.value(of: description, variables: controller.variables ?? [:])
            #expect(read != nil, "'\(description)' does not parse")
            guard let read else { continue }
            // "e^(…)" is the eˣ key's and also e xʸ (…)'s, the same real number: exp(y) and pow(e's Double, y)
            // differ by up to |y| half-ulps of e (e^(-554) by 500 ulps), the one gap the reader allows.
            let ulps = description.contains("e^(") ? 1_024 : 0
            #expect(read.bitPattern == value.bitPattern || (read.isNaN && value.isNaN)
                        || (read.isFinite && abs(read - value) <= Double(ulps) * value.ulp),
                    "'\(description)' reads as \(read), the brain computed \(value)")
            checked += 1
            if description.contains("°") { degrees += 1 }
            if typedGroup { grouped += 1 }
        }
        #expect(checked > 2_500, "\(checked)") // most programs were read back, not skipped
        #expect(degrees > 100, "\(degrees)") // many of them in degrees
        #expect(grouped > 300, "\(grouped)") // and many with parentheses typed
    }

    @Test func theReaderIsNotFooledByMissingParentheses() {
        // The faults the reader exists to catch.
        #expect(DescriptionReader.value(of: "2^3^2", variables: [:]) == 512)
        #expect(DescriptionReader.value(of: "-(M)²", variables: ["M": 3]) == -9)
        #expect(DescriptionReader.value(of: "8 − -2", variables: [:]) == 10)
        #expect(DescriptionReader.value(of: "2²³", variables: [:]) == nil)
        #expect(DescriptionReader.value(of: "sin(30°)", variables: [:]) == 0.5)
        #expect(DescriptionReader.value(of: "sin⁻¹(1)° + 1", variables: [:]) == 91)
        #expect(DescriptionReader.value(of: "cos((M + 30)°)", variables: ["M": 30]) == 0.5)
    }
}
