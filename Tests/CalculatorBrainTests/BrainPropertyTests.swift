import SeededRandom
import CalculatorBrain
import FoundationEssentials
import Testing

@Suite struct BrainPropertyTests {
    static let names = ["+", "−", "×", "÷", "xʸ", "√", "∛", "x²", "x³", "x⁻¹", "±", "%", "sin", "cos", "tan",
                        "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log₁₀", "eˣ", "10ˣ", "π", "e", "="]

    static func randomBrain(_ rng: inout SplitMix64, steps: Int) -> CalculatorBrain {
        var brain = CalculatorBrain()
        for _ in 0..<steps {
            switch rng.next() % 5 {
            case 0: brain.setOperand(Double(Int(rng.next() % 200) - 100) / 4)
            case 1: brain.setOperand(variable: "M")
            case 2: brain.performRandom(value: Double(rng.next() % 1000) / 1000)
            default: brain.performOperation(names[Int(rng.next() % UInt64(names.count))])
            }
        }
        return brain
    }

    @Test func evaluateIsPureAndUndoRestoresEarlierStates() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<400 {
            let brain = Self.randomBrain(&rng, steps: Int(rng.next() % 30))
            let vars = ["M": Double(rng.next() % 100) / 7]
            let a = brain.evaluateWithError(using: vars), b = brain.evaluateWithError(using: vars)
            #expect(a.description == b.description && a.isPending == b.isPending && a.error == b.error)
            #expect(a.result?.bitPattern == b.result?.bitPattern || (a.result?.isNaN ?? false))
            var longer = brain
            let extra = Int(rng.next() % 8)
            let tail = Self.randomBrain(&rng, steps: extra)
            for step in tail.program {
                switch step {
                case .operand(let v): longer.setOperand(v)
                case .exactOperand(let v): longer.append(.exactOperand(v))
                case .variable(let n): longer.setOperand(variable: n)
                case .operation(let o): longer.performOperation(o)
                case .random(let v): longer.performRandom(value: v)
                }
            }
            for _ in 0..<longer.program.count - brain.program.count { longer.undo() }
            #expect(longer == brain)
            #expect(longer.evaluate(using: vars).description == a.description)
        }
    }

    @Test func encodeThenDecodeGivesTheSameProgram() throws {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let brain = Self.randomBrain(&rng, steps: Int(rng.next() % 30))
            let data = try JSONEncoder().encode(brain)
            #expect(try JSONDecoder().decode(CalculatorBrain.self, from: data) == brain)
        }
    }

    @Test func hostileProgramsThrowInsteadOfTrapping() {
        for text in ["{}", "[\"rm -rf\"]", "[\"Rand\"]", "[\"Rand:7\"]", "[1e999]", "[[1]]", "[null]", "\"x\"", "[\"\"]"] {
            #expect(throws: (any Error).self, "\(text)") {
                try JSONDecoder().decode(CalculatorBrain.self, from: Data(text.utf8))
            }
        }
    }

    /// With no exact operand (setOperand records a number known only as a Double, and π and e are left out),
    /// the brain's value is the expression's bit for bit.
    @Test func expressionMatchesEvaluation() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<300 {
            let brain = Self.randomBrain(&rng, steps: Int(rng.next() % 20) + 1)
            guard !brain.program.contains(.operation("π")), !brain.program.contains(.operation("e")) else { continue }
            let vars = ["M": 1.25]
            guard let result = brain.evaluate(using: vars).result, let tree = brain.expression() else { continue }
            let value = tree.value(using: vars)
            #expect(value.bitPattern == result.bitPattern || (value.isNaN && result.isNaN))
        }
    }
}
