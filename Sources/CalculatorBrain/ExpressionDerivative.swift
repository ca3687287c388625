/// Symbolic derivatives, node by node: each node's derivative is built from its operands and their
/// derivatives, so the derivative of a graph of n nodes has O(n) nodes. Its interval enclosure is a
/// sound enclosure of the true slope wherever the function is differentiable, which is what the
/// certified points of interest rest on (a monotone stretch has at most one zero).
extension Expression {
    /// d/d`variable`; every other variable is a constant. Undefined where the function is not
    /// differentiable (√ at 0), which enclosures then report as unbounded or partly defined.
    public func derivative(by variable: String) -> Expression {
        var b = DerivativeBuilder()
        var value: [Int] = []
        var slope: [Int] = []
        value.reserveCapacity(nodes.count)
        slope.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .constant, .variable:
                value.append(b.builder.add(node))
                if case .variable(let name) = node, name == variable { slope.append(b.one) } else { slope.append(b.zero) }
            case .unary(let f, let a):
                let v = b.builder.add(.unary(f, value[a]))
                value.append(v)
                slope.append(b.slope(of: f, operand: value[a], operandSlope: slope[a], result: v))
            case .binary(let f, let a, let c):
                let v = b.builder.add(.binary(f, value[a], value[c]))
                value.append(v)
                slope.append(b.slope(of: f, value[a], slope[a], value[c], slope[c], result: v))
            }
        }
        return b.builder.expression(root: slope[slope.count - 1])
    }
}

/// An expression builder that folds the 0s and 1s a derivative is full of.
private struct DerivativeBuilder {
    var builder = ExpressionBuilder()
    let zero: Int
    let one: Int

    init() {
        zero = builder.add(.constant(0))
        one = builder.add(.constant(1))
    }

    mutating func constant(_ c: Double) -> Int { builder.add(.constant(c)) }

    /// Both operands constant: the value itself (the slope of M − M is 1 − 1, which is 0).
    private mutating func folded(_ f: BinaryFunction, _ a: Int, _ b: Int) -> Int? {
        guard case .constant(let x) = builder.nodes[a], case .constant(let y) = builder.nodes[b] else { return nil }
        return constant(f.apply(x, y))
    }

    mutating func add(_ a: Int, _ b: Int) -> Int {
        if a == zero { return b }
        if b == zero { return a }
        return folded(.add, a, b) ?? builder.add(.binary(.add, a, b))
    }

    mutating func subtract(_ a: Int, _ b: Int) -> Int {
        if b == zero { return a }
        if a == zero { return negate(b) }
        return folded(.subtract, a, b) ?? builder.add(.binary(.subtract, a, b))
    }

    /// 0·g is 0 even where g is not finite: a derivative term of 0 means the variable does not
    /// appear there, and where g blows up the function itself is undefined.
    mutating func multiply(_ a: Int, _ b: Int) -> Int {
        if a == zero || b == zero { return zero }
        if a == one { return b }
        if b == one { return a }
        return folded(.multiply, a, b) ?? builder.add(.binary(.multiply, a, b))
    }

    mutating func divide(_ a: Int, _ b: Int) -> Int {
        if a == zero { return zero }
        if b == one { return a }
        return folded(.divide, a, b) ?? builder.add(.binary(.divide, a, b))
    }

    mutating func negate(_ a: Int) -> Int {
        if a == zero { return zero }
        if case .constant(let x) = builder.nodes[a] { return constant(-x) }
        return builder.add(.unary(.negate, a))
    }

    mutating func apply(_ f: UnaryFunction, _ a: Int) -> Int {
        if case .constant(let x) = builder.nodes[a] { return constant(f.apply(x)) }
        return builder.add(.unary(f, a))
    }

    /// The slope of f(a) given a's slope `da`; `r` is f(a) itself.
    mutating func slope(of f: UnaryFunction, operand a: Int, operandSlope da: Int, result r: Int) -> Int {
        if da == zero { return zero }
        switch f {
        case .negate: return negate(da)
        case .percent: return divide(da, constant(100))
        case .square: return multiply(multiply(constant(2), a), da)
        case .cube: return multiply(multiply(constant(3), apply(.square, a)), da)
        case .squareRoot: return divide(da, multiply(constant(2), r))
        case .cubeRoot: return divide(da, multiply(constant(3), apply(.square, r)))
        case .reciprocal: return negate(multiply(apply(.square, r), da))
        case .sine: return multiply(apply(.cosine, a), da)
        case .cosine: return negate(multiply(apply(.sine, a), da))
        case .tangent: return multiply(add(one, apply(.square, r)), da)
        case .arcSine: return divide(da, apply(.squareRoot, subtract(one, apply(.square, a))))
        case .arcCosine: return negate(divide(da, apply(.squareRoot, subtract(one, apply(.square, a)))))
        case .arcTangent: return divide(da, add(one, apply(.square, a)))
        case .naturalLog: return divide(da, a)
        case .commonLog: return divide(da, multiply(a, constant(2.302585092994046)))
        case .exponential: return multiply(r, da)
        case .powerOfTen: return multiply(multiply(r, constant(2.302585092994046)), da)
        // In degrees every slope carries the chain rule's π/180 (or 180/π for the inverses).
        case .sineDegrees: return multiply(multiply(apply(.cosineDegrees, a), constant(DegreeTrigonometry.radiansPerDegree)), da)
        case .cosineDegrees:
            return negate(multiply(multiply(apply(.sineDegrees, a), constant(DegreeTrigonometry.radiansPerDegree)), da))
        case .tangentDegrees:
            return multiply(multiply(add(one, apply(.square, r)), constant(DegreeTrigonometry.radiansPerDegree)), da)
        case .arcSineDegrees:
            return divide(multiply(constant(DegreeTrigonometry.degreesPerRadian), da), apply(.squareRoot, subtract(one, apply(.square, a))))
        case .arcCosineDegrees:
            return negate(divide(multiply(constant(DegreeTrigonometry.degreesPerRadian), da),
                                 apply(.squareRoot, subtract(one, apply(.square, a)))))
        case .arcTangentDegrees: return divide(multiply(constant(DegreeTrigonometry.degreesPerRadian), da), add(one, apply(.square, a)))
        }
    }

    /// The slope of a ∘ c given their slopes; `r` is the result.
    mutating func slope(of f: BinaryFunction, _ a: Int, _ da: Int, _ c: Int, _ dc: Int, result r: Int) -> Int {
        switch f {
        case .add: return add(da, dc)
        case .subtract: return subtract(da, dc)
        case .multiply: return add(multiply(da, c), multiply(a, dc))
        case .divide: return divide(subtract(da, multiply(r, dc)), c) // (da − (a/c)·dc) / c
        case .power:
            if dc == zero {
                // a^k: k·a^(k−1)·da, written k·r/a·da only where a ≠ 0 matters; use the power itself.
                guard case .constant(let k) = builder.nodes[c] else { return multiply(multiply(c, builder.add(.binary(.power, a, subtract(c, one)))), da) }
                if k == 0 { return zero }
                let lowered = k == 1 ? one : builder.add(.binary(.power, a, constant(k - 1)))
                return multiply(multiply(constant(k), lowered), da)
            }
            if da == zero {
                // k^c: r·ln k·dc; 0^c is 0 wherever it is defined (c > 0), and so is its slope.
                if case .constant(0) = builder.nodes[a] { return zero }
                return multiply(multiply(r, apply(.naturalLog, a)), dc)
            }
            // a^c = e^(c·ln a): r·(dc·ln a + c·da/a).
            return multiply(r, add(multiply(dc, apply(.naturalLog, a)), divide(multiply(c, da), a)))
        }
    }
}
