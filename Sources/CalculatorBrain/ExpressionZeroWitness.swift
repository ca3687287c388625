/// An expression that is 0 wherever this one is 0 (and perhaps elsewhere), but that stays bounded
/// where this one has poles: tan(u) is 0 only where sin(u) is, 1/u never, a/b only where a is.
/// A stretch where the witness's enclosure excludes 0 provably holds no zero, even across a pole,
/// where the enclosure of the expression itself is (−∞, ∞) and proves nothing.
extension Expression {
    public func zeroWitness() -> Expression {
        var builder = ExpressionBuilder()
        var root = builder.merge(self)
        // Walk down from the result while a rewrite keeps every zero.
        while true {
            switch builder.nodes[root] {
            case .unary(let f, let a):
                switch f {
                case .negate, .percent, .square, .cube, .squareRoot, .cubeRoot, .arcSine, .arcTangent,
                     .arcSineDegrees, .arcTangentDegrees: root = a
                case .tangent: root = builder.add(.unary(.sine, a))
                case .tangentDegrees: root = builder.add(.unary(.sineDegrees, a))
                case .reciprocal, .exponential, .powerOfTen: return .constant(1)
                case .naturalLog, .commonLog, .arcCosine, .arcCosineDegrees:
                    root = builder.add(.binary(.subtract, a, builder.add(.constant(1))))
                    return builder.expression(root: root)
                case .sine, .cosine, .sineDegrees, .cosineDegrees: return builder.expression(root: root)
                }
            case .binary(.divide, let a, _): root = a
            case .binary(.power, let a, _): root = a // a^b = 0 only where a = 0
            default: return builder.expression(root: root)
            }
        }
    }
}
