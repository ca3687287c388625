import Arb

/// The expression nodes a walk builds (at most one a step, each distinct node once: an `ExpressionBuilder`),
/// with each node's value, its exact value where one is known, and the first error on its way, under one
/// set of variables.
///
/// The walk's description of a program does not depend on the variables; its values do. Keeping them
/// here, apart from the walk, lets new variables (→M) re-value a program in one tight loop over its nodes,
/// without walking its steps or building its descriptions again, and lets the walk's checkpoints hold no
/// values at all: going back to a checkpoint is cutting the tape to the length it had there. The nodes are
/// shared as they come, so what the graph key freezes is the accumulator's nodes put in order, no hashing.
///
/// A node with an exact value (`ExactArithmetic`) has that value's Double and no error: π sin is 0, and
/// its reciprocal is "Reciprocal of zero". The graph never sees exact values: its expression is the nodes.
struct ProgramTape: Sendable {
    private var builder = ExpressionBuilder()
    var nodes: [Expression.Node] { builder.nodes }
    private(set) var values: [Double] = []
    private(set) var errors: [CalculatorError?] = []
    private(set) var exacts: [ExactValue?] = []
    /// Each node's real value as an Arb ball at `ProgramTape.firstPrecision`, made as the node is: one ball
    /// operation a key, so proving what is shown costs nothing more where these balls already prove it.
    private(set) var balls: [ArbBall] = []
    /// A variable missing from them is 0 and not exact; nil means none was ever set (M unset).
    private(set) var variables: [String: Double]?
    /// The exact values of the variables that have one; each one's Double is the variable's.
    private(set) var exactVariables: [String: ExactValue] = [:]
    /// The proved values of the variables stored from a proof (→M of a computed result): a proof starts from
    /// these, not from the variable's Double.
    private(set) var provedVariables: [String: ProvedReal] = [:]
    /// The first node that reads a variable: the nodes before it keep their values when the variables change.
    private var firstVariableNode: Int?
    /// Constants by their bits and exact value: a typed 0.5 (exactly 1/2) and a 0.5 known only as a Double
    /// (a result recalled without its exact value) are two nodes, so neither lends the other its exactness.
    private var constantNodes: [ConstantKey: Int] = [:]
    private var arithmetic = ExactArithmetic()

    private struct ConstantKey: Hashable {
        var bits: UInt64
        var exact: ExactValue?
    }

    init(variables: [String: Double]?, exactVariables: [String: ExactValue] = [:], provedVariables: [String: ProvedReal] = [:]) {
        self.provedVariables = provedVariables
        self.variables = variables
        self.exactVariables = exactVariables
    }

    var count: Int { nodes.count }

    /// The rounds of the exact rules' loops so far: bounded per node, whatever the session (the cost tests).
    var exactWork: Int { arithmetic.work }

    /// Adds a constant known exactly, as its Double (unless it is there already); returns its index.
    mutating func appendConstant(exact: ExactValue) -> Int {
        appendConstant(arithmetic.double(exact), exact: exact)
    }

    /// Adds a constant known only as `double` (`exact` nil), or as the Double of `exact`.
    mutating func appendConstant(_ double: Double, exact: ExactValue? = nil) -> Int {
        let key = ConstantKey(bits: double.bitPattern, exact: exact)
        if let index = constantNodes[key] { return index }
        let index = builder.addTwin(.constant(double))
        constantNodes[key] = index
        values.append(double)
        errors.append(nil)
        exacts.append(exact)
        balls.append(firstBall(index))
        return index
    }

    /// Adds a variable or function `node`, whose operands are already on the tape, valued (unless it is there
    /// already); returns its index.
    mutating func append(_ node: Expression.Node) -> Int {
        let count = builder.nodes.count
        let index = builder.add(node)
        guard index == count else { return index }
        let (value, error, exact) = evaluate(node)
        values.append(value)
        errors.append(error)
        exacts.append(exact)
        balls.append(firstBall(index))
        if case .variable = node, firstVariableNode == nil { firstVariableNode = index }
        return index
    }

    /// Forgets the nodes from `count` on.
    mutating func truncate(to count: Int) {
        guard count < nodes.count else { return }
        for index in count..<nodes.count {
            guard case .constant(let value) = nodes[index] else { continue }
            let key = ConstantKey(bits: value.bitPattern, exact: exacts[index])
            if constantNodes[key] == index { constantNodes[key] = nil }
        }
        builder.truncate(to: count)
        values.removeSubrange(count...)
        errors.removeSubrange(count...)
        exacts.removeSubrange(count...)
        balls.removeSubrange(count...)
        if let first = firstVariableNode, first >= count { firstVariableNode = nil }
    }

    /// Values every node again under `variables`; returns how many nodes it valued.
    @discardableResult
    mutating func revalue(using variables: [String: Double]?, exactly exactVariables: [String: ExactValue] = [:],
                          proved provedVariables: [String: ProvedReal] = [:]) -> Int {
        self.variables = variables
        self.exactVariables = exactVariables
        self.provedVariables = provedVariables
        guard let first = firstVariableNode else { return 0 }
        // One dictionary lookup per name, not per node: a program of M + M + … reads M thousands of times.
        var last: (name: String, value: Double, exact: ExactValue?)?
        for i in first..<nodes.count {
            switch nodes[i] {
            case .constant: continue
            case .variable(let name):
                if last?.name != name { last = (name, variables?[name] ?? 0, exactVariables[name]) }
                (values[i], errors[i], exacts[i]) = (last!.value, nil, last!.exact)
            default:
                (values[i], errors[i], exacts[i]) = evaluate(nodes[i])
            }
            balls[i] = firstBall(i)
        }
        return nodes.count - first
    }

    /// The expression node `root` computes, in canonical order: what a graph of it draws. Costs the nodes it reaches.
    func expression(root: Int) -> Expression {
        builder.expression(root: root)
    }

    /// The value of `node` from its operands' values: the exact rule's when the operands are exact and it
    /// gives one, with no error; else the Double's, with the first error on its way (an operand's, else the
    /// one the function itself makes: division by zero, overflow, underflow, …).
    private mutating func evaluate(_ node: Expression.Node) -> (Double, CalculatorError?, ExactValue?) {
        switch node {
        case .constant(let value):
            return (value, nil, nil)
        case .variable(let name):
            return (variables?[name] ?? 0, nil, exactVariables[name])
        case .unary(let function, let a):
            if let x = exacts[a] {
                if let exact = arithmetic.apply(function, x) { return (arithmetic.double(exact), nil, exact) }
                if ExactArithmetic.isPole(function, x) { return (.nan, .undefined, nil) }
            }
            let x = values[a]
            let value = function.apply(x)
            return (value, errors[a] ?? CalculatorError.check(function, x, result: value), nil)
        case .binary(let function, let a, let b):
            if let x = exacts[a], let y = exacts[b], let exact = arithmetic.apply(function, x, y) {
                return (arithmetic.double(exact), nil, exact)
            }
            let x = values[a], y = values[b]
            let value = function.apply(x, y)
            return (value, errors[a] ?? errors[b] ?? CalculatorError.check(function, x, y, result: value), nil)
        }
    }
}
