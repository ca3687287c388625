import CalculatorBrain

/// Programs compiled so far, one per expression string. The harness calls from one thread.
nonisolated(unsafe) private var compiledPrograms: [String: CompiledProgram] = [:]

/// The bench-peers eval ABI: ys[i] = expr(xs[i]) through the calculator's compiled evaluator.
/// Returns 0 on success, 1 when the expression is not understood.
@_cdecl("anchor_eval")
public func anchorEval(_ expr: UnsafePointer<CChar>, _ xs: UnsafePointer<Double>,
                       _ ys: UnsafeMutablePointer<Double>, _ n: Int) -> Int32 {
    let text = String(cString: expr)
    let program: CompiledProgram
    if let cached = compiledPrograms[text] {
        program = cached
    } else {
        guard let expression = EvalExpressionParser.parse(text) else { return 1 }
        program = CompiledProgram(expression, variable: EvalExpressionParser.variable)
        compiledPrograms[text] = program
    }
    program.values(xs: UnsafeBufferPointer(start: xs, count: n), into: UnsafeMutableBufferPointer(start: ys, count: n))
    return 0
}
