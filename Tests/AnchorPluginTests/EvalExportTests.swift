import AnchorPlugin
import CalculatorBrain
import Testing

/// The bench eval entry point: each bench string must compute what the calculator's own
/// program computes, through the compiled evaluator.
@Suite(.serialized) struct EvalExportTests {
    let m = Expression.variable("M")

    func eval(_ text: String, _ xs: [Double]) -> (status: Int32, ys: [Double]) {
        var ys = [Double](repeating: 0, count: xs.count)
        let status = text.withCString { expr in
            xs.withUnsafeBufferPointer { x in
                ys.withUnsafeMutableBufferPointer { y in anchorEval(expr, x.baseAddress!, y.baseAddress!, xs.count) }
            }
        }
        return (status, ys)
    }

    @Test func benchStringsComputeTheCalculatorsPrograms() {
        let programs: [(String, Expression)] = [
            ("(sin(x)+x)/x", .binary(.divide, .binary(.add, .unary(.sine, m), m), m)),
            ("tan(x)", .unary(.tangent, m)),
            ("sqrt(x)*cos(x)+x^2",
             .binary(.add, .binary(.multiply, .unary(.squareRoot, m), .unary(.cosine, m)), .unary(.square, m))),
        ]
        let xs = (0..<3000).map { -10 + (Double($0) + 0.5) * 20 / 3000 }
        for (text, expression) in programs {
            for _ in 0..<2 { // the second call runs the cached program
                let (status, ys) = eval(text, xs)
                #expect(status == 0)
                for (x, y) in zip(xs, ys) {
                    let expected = expression.value(using: ["M": x])
                    #expect(y.bitPattern == expected.bitPattern || (y.isNaN && expected.isNaN), "\(text) at \(x)")
                }
            }
        }
    }

    @Test func otherSyntaxParsesAndNonsenseIsRefused() {
        let (status, ys) = eval("-x^3 + 2*ln(x) - exp(x)/atan(x)", [2])
        #expect(status == 0)
        #expect(ys[0] == -(2.0 * 2 * 2) + 2 * Expression.unary(.naturalLog, .constant(2)).value(using: [:])
            - Expression.unary(.exponential, .constant(2)).value(using: [:])
            / Expression.unary(.arcTangent, .constant(2)).value(using: [:]))
        // A leading minus binds looser than ^: -x^2 is -(x²), not (-x)².
        #expect(eval("-x^2", [3]).ys == [-9])
        #expect(eval("2^-x", [1]).ys == [0.5])
        #expect(eval("sin(x", [1]).status == 1)
        #expect(eval("frob(x)", [1]).status == 1)
        #expect(eval("x +", [1]).status == 1)
    }
}
