import CalculatorBrain
import Testing

@Suite struct ExpressionTests {
    @Test func treeEvaluatesWithVariables() {
        let e = Expression.binary(.divide, .binary(.add, .unary(.sine, .variable("M")), .variable("M")), .variable("M"))
        let x = Double.pi / 2
        #expect(abs(e.value(using: ["M": x]) - (1 + x) / x) < 1e-15)
        #expect(e.value(using: [:]).isNaN) // M unset is 0: 0 ÷ 0
    }
}

/// The brain's Expression, for files that import Foundation (which has an `Expression` of its own).
typealias BrainExpression = Expression
