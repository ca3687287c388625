import CalculatorBrain
import Testing

/// Trig in degrees: exact at the special angles, agreeing with radians elsewhere, and followed by
/// the compiled evaluator, the enclosures and the derivatives.
@Suite struct DegreeTests {
    func value(_ f: UnaryFunction, _ x: Double) -> Double { f.apply(x) }

    @Test func specialAnglesAreExact() {
        for k in -8...8 {
            let turn = Double(k) * 360
            #expect(value(.sineDegrees, turn + 30) == 0.5)
            #expect(value(.sineDegrees, turn + 150) == 0.5)
            #expect(value(.sineDegrees, turn + 210) == -0.5)
            #expect(value(.sineDegrees, turn + 90) == 1)
            #expect(value(.sineDegrees, turn + 270) == -1)
            #expect(value(.sineDegrees, turn + 180) == 0)
            #expect(value(.cosineDegrees, turn + 60) == 0.5)
            #expect(value(.cosineDegrees, turn + 90) == 0)
            #expect(value(.cosineDegrees, turn + 180) == -1)
            #expect(value(.cosineDegrees, turn + 240) == -0.5)
            #expect(value(.tangentDegrees, turn + 45) == 1)
            #expect(value(.tangentDegrees, turn + 135) == -1)
            #expect(value(.tangentDegrees, turn + 180) == 0)
        }
        #expect(value(.arcSineDegrees, 1) == 90)
        #expect(value(.arcSineDegrees, -0.5) == -30)
        #expect(value(.arcCosineDegrees, 0.5) == 60)
        #expect(value(.arcCosineDegrees, -1) == 180)
        #expect(value(.arcTangentDegrees, 1) == 45)
        #expect(value(.arcTangentDegrees, .infinity) == 90)
        #expect(value(.tangentDegrees, 90).isInfinite)
    }

    @Test func agreesWithRadiansElsewhere() {
        let k = Double.pi / 180
        for step in -2000...2000 {
            let x = Double(step) * 0.731
            #expect(abs(value(.sineDegrees, x) - UnaryFunction.sine.apply(x * k)) < 1e-12, "sin \(x)")
            #expect(abs(value(.cosineDegrees, x) - UnaryFunction.cosine.apply(x * k)) < 1e-12, "cos \(x)")
            let t = UnaryFunction.tangent.apply(x * k)
            if abs(t) < 1e3 { #expect(abs(value(.tangentDegrees, x) - t) < 1e-9 * max(1, abs(t)), "tan \(x)") }
        }
        for step in -100...100 {
            let y = Double(step) / 100
            #expect(abs(value(.arcSineDegrees, y) - UnaryFunction.arcSine.apply(y) / k) < 1e-11)
            #expect(abs(value(.arcCosineDegrees, y) - UnaryFunction.arcCosine.apply(y) / k) < 1e-11)
            #expect(abs(value(.arcTangentDegrees, 7 * y) - UnaryFunction.arcTangent.apply(7 * y) / k) < 1e-11)
        }
        #expect(value(.sineDegrees, .infinity).isNaN)
        #expect(value(.arcSineDegrees, 1.5).isNaN)
    }

    @Test func eachStepKeepsItsModeAndSaysSo() {
        let brain = CalculatorBrain(program: [.operand(30), .operation("sin°")])
        #expect(brain.evaluate().result == 0.5)
        #expect(brain.evaluate().description == "sin(30°)")
        let radians = CalculatorBrain(program: [.operand(30), .operation("sin")])
        #expect(radians.evaluate().result == UnaryFunction.sine.apply(30))
        #expect(radians.evaluate().description == "sin(30)")
        // sin 30° + sin 30 (radians): each step in its own mode.
        let mixed = CalculatorBrain(program: [.operand(30), .operation("sin°"), .operation("+"), .operand(30), .operation("sin"),
                                              .operation("=")])
        #expect(mixed.evaluate().result == 0.5 + UnaryFunction.sine.apply(30))
        #expect(mixed.evaluate().description == "sin(30°) + sin(30)")
        let inverse = CalculatorBrain(program: [.operand(2), .operation("sin⁻¹°")])
        #expect(inverse.evaluateWithError().error == .arcSineOutOfDomain)
        #expect(inverse.evaluate().description == "sin⁻¹(2)°")
        let graph = CalculatorBrain(program: [.variable("M"), .operation("sin°")])
        #expect(graph.expression() == .unary(.sineDegrees, .variable("M")))
        #expect(graph.graphed()?.description == "sin(M°)")
        var followed = BrainEvaluation(variables: nil)
        followed.follow(brain.program)
        #expect(followed.readouts.result == 0.5)
    }

    @Test(arguments: [
        ([ProgramStep.operand(-30), .operation("sin°")], "sin(-30°)"),
        ([.variable("M"), .operation("+"), .operand(1), .operation("="), .operation("cos°")], "cos((M + 1)°)"),
        ([.variable("M"), .operation("x²"), .operation("tan°")], "tan((M²)°)"),
        ([.operand(0.5), .operation("sin⁻¹°"), .operation("x²")], "(sin⁻¹(0.5)°)²"),
        ([.operand(1), .operation("−"), .operand(0.5), .operation("cos⁻¹°"), .operation("=")], "1 − cos⁻¹(0.5)°"),
        ([.operand(1), .operation("tan⁻¹°"), .operation("sin°")], "sin((tan⁻¹(1)°)°)"),
    ])
    func degreesReadWhereTheAngleIs(_ program: [ProgramStep], _ description: String) {
        #expect(CalculatorBrain(program: program).evaluate().description == description)
    }

    @Test func olderProgramsAreReadInTheirMode() {
        let keys: [ProgramStep] = [.operand(30), .operation("sin"), .operation("+"), .operand(1), .operation("=")]
        #expect(keys.map { $0.readIn(.degrees) } == [.operand(30), .operation("sin°"), .operation("+"), .operand(1), .operation("=")])
        #expect(keys.map { $0.readIn(.radians) } == keys)
    }

    @Test func theDegreeVariantsAreNoKeysButAreSteps() {
        #expect(!UnaryFunction.keyFunctions.contains(.sineDegrees))
        #expect(UnaryFunction.keyFunctions.count == UnaryFunction.allCases.count - 6)
        var brain = CalculatorBrain()
        brain.setOperand(1)
        brain.performOperation("sin°")
        #expect(brain.program == [.operand(1), .operation("sin°")])
    }

    @Test func theCompiledProgramAndItsEnclosureFollowDegrees() {
        let e = Expression.unary(.sineDegrees, .variable("M"))
        let p = CompiledProgram(e, variable: "M")
        #expect(p.value(at: 30) == 0.5)
        let r = p.range(from: 80, to: 100)
        #expect(r.upper == 1 && r.lower > 0.98 && r.lower < 0.99)
        let whole = p.range(from: 0, to: 360)
        #expect(whole.lower == -1 && whole.upper == 1)
        let tan = CompiledProgram(.unary(.tangentDegrees, .variable("M")), variable: "M")
        #expect(tan.range(from: 80, to: 100).upper == .infinity)
        #expect(!tan.range(from: 80, to: 100).isContinuous)
        #expect(tan.range(from: 0, to: 80).isContinuous)
    }

    @Test func derivativesCarryTheDegreeFactor() {
        let forward: [(UnaryFunction, [Double])] = [(.sineDegrees, [-100, 10, 170]), (.cosineDegrees, [-100, 10, 170]),
                                                    (.tangentDegrees, [-60, 10, 80])]
        let inverse: [(UnaryFunction, [Double])] = [(.arcSineDegrees, [-0.7, 0.1, 0.9]), (.arcCosineDegrees, [-0.7, 0.1, 0.9]),
                                                    (.arcTangentDegrees, [-3, 0.1, 7])]
        for (f, points) in forward + inverse {
            let slope = Expression.unary(f, .variable("M")).derivative(by: "M")
            for x in points {
                let h = 1e-5 * max(1, abs(x))
                let central = (f.apply(x + h) - f.apply(x - h)) / (2 * h)
                let exact = slope.value(using: ["M": x])
                #expect(abs(exact - central) < 1e-6 * max(1, abs(central)), "\(f) at \(x): \(exact) vs \(central)")
            }
        }
    }
}
