/// An `Expression` compiled for graphing: one free variable, every other variable fixed.
///
/// Compilation folds every subtree that does not depend on the free variable into a constant,
/// then flattens the rest into register bytecode in the tree's own evaluation order.
/// The bulk evaluator runs that bytecode one instruction at a time over blocks of x
/// ("column" evaluation), so dispatch costs once per block instead of once per point and the
/// arithmetic loops vectorize. Every operation calls the same `UnaryFunction.apply` /
/// `BinaryFunction.apply` as `Expression.value(using:)`, so results are bit-for-bit identical.
public struct CompiledProgram: Sendable {
    /// The variable that `value(at:)` binds.
    public let variable: String
    /// The tree after constant folding; the interval enclosure walks it.
    public let folded: Expression
    let code: CompiledCode

    /// Points per block of the column evaluator: small enough that the registers stay in L1.
    static let blockSize = 256

    public init(_ expression: Expression, variable: String, fixing others: [String: Double] = [:]) {
        self.variable = variable
        let folded = CompiledProgram.fold(expression, variable: variable, others: others)
        self.folded = folded
        self.code = CompiledCode(folded, variable: variable)
    }

    /// The program's value with the free variable at x.
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
    /// and evaluates every subtree that no longer mentions the free variable.
    static func fold(_ expression: Expression, variable: String, others: [String: Double]) -> Expression {
        switch expression {
        case .constant:
            return expression
        case .variable(let name):
            return name == variable ? expression : .constant(others[name] ?? 0)
        case .unary(let function, let operand):
            let operand = fold(operand, variable: variable, others: others)
            if case .constant(let value) = operand { return .constant(function.apply(value)) }
            return .unary(function, operand)
        case .binary(let function, let lhs, let rhs):
            let lhs = fold(lhs, variable: variable, others: others)
            let rhs = fold(rhs, variable: variable, others: others)
            if case .constant(let a) = lhs, case .constant(let b) = rhs { return .constant(function.apply(a, b)) }
            return .binary(function, lhs, rhs)
        }
    }
}
