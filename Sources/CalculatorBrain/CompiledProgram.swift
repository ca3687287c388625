/// An `Expression` compiled for graphing: one free variable, every other variable fixed.
///
/// Compilation folds every node that does not depend on the free variable into a constant,
/// then flattens the rest into register bytecode in the nodes' own evaluation order.
/// The bulk evaluator runs that bytecode one instruction at a time over blocks of x
/// ("column" evaluation), so dispatch costs once per block instead of once per point and the
/// arithmetic loops vectorize. Every operation calls the same `UnaryFunction.apply` /
/// `BinaryFunction.apply` as `Expression.value(using:)`, so results are bit-for-bit identical.
public struct CompiledProgram: Sendable {
    /// The variable that `value(at:)` binds.
    public let variable: String
    /// The expression after constant folding; the interval enclosure walks it.
    public let folded: Expression
    @usableFromInline let code: CompiledCode
    /// The nodes of `folded` whose operation meets one value twice (v − v), for the enclosure; nil for none.
    let repeats: [RepeatedOperand?]?

    /// Points per block of the column evaluator: small enough that the registers stay in L1.
    static let blockSize = 256

    public init(_ expression: Expression, variable: String, fixing others: [String: Double] = [:]) {
        self.variable = variable
        let folded = CompiledProgram.fold(expression, variable: variable, others: others)
        self.folded = folded
        self.code = CompiledCode(folded, variable: variable)
        self.repeats = folded.repeatedOperands()
    }

    /// The program's value with the free variable at x. Inlinable: the grapher asks for thousands a frame,
    /// and this layer would cost as much as a whole one-function program.
    @inlinable
    public func value(at x: Double) -> Double {
        code.value(at: x)
    }

    /// ys[i] = the program's value at xs[i], for every i of xs (ys must be at least as long).
    public func values(xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        precondition(ys.count >= xs.count, "CompiledProgram.values: output shorter than input")
        guard let x = xs.baseAddress, let y = ys.baseAddress, xs.count > 0 else { return }
        code.run(x, y, xs.count, blockSize: min(CompiledProgram.blockSize, xs.count))
    }

    /// Replaces fixed variables by their values (a missing variable is 0, as in `Expression.value`)
    /// and evaluates every node that no longer depends on the free variable.
    static func fold(_ expression: Expression, variable: String, others: [String: Double]) -> Expression {
        var builder = ExpressionBuilder()
        var folded: [Int] = []
        folded.reserveCapacity(expression.nodes.count)
        func constantValue(_ index: Int) -> Double? {
            if case .constant(let value) = builder.nodes[index] { return value }
            return nil
        }
        for node in expression.nodes {
            switch node {
            case .constant:
                folded.append(builder.add(node))
            case .variable(let name):
                folded.append(builder.add(name == variable ? node : .constant(others[name] ?? 0)))
            case .unary(let function, let a):
                let a = folded[a]
                if let value = constantValue(a) {
                    folded.append(builder.add(.constant(function.apply(value))))
                } else {
                    folded.append(builder.add(.unary(function, a)))
                }
            case .binary(let function, let a, let b):
                let a = folded[a], b = folded[b]
                if let x = constantValue(a), let y = constantValue(b) {
                    folded.append(builder.add(.constant(function.apply(x, y))))
                } else {
                    folded.append(builder.add(.binary(function, a, b)))
                }
            }
        }
        return builder.expression(root: folded[folded.count - 1])
    }
}
