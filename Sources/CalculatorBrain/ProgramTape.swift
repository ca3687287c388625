/// The expression nodes a walk builds (at most one a step, each distinct node once: an `ExpressionBuilder`),
/// with each node's value and the first error on its way, under one set of variables.
///
/// The walk's description of a program does not depend on the variables; its values do. Keeping them
/// here, apart from the walk, lets new variables (→M) re-value a program in one tight loop over its nodes,
/// without walking its steps or building its descriptions again, and lets the walk's checkpoints hold no
/// values at all: going back to a checkpoint is cutting the tape to the length it had there. The nodes are
/// shared as they come, so what the graph key freezes is the accumulator's nodes put in order, no hashing.
struct ProgramTape: Sendable {
    private var builder = ExpressionBuilder()
    private var nodes: [Expression.Node] { builder.nodes }
    private(set) var values: [Double] = []
    private(set) var errors: [CalculatorError?] = []
    /// A variable missing from them is 0; nil means none was ever set (M unset).
    private(set) var variables: [String: Double]?
    /// The first node that reads a variable: the nodes before it keep their values when the variables change.
    private var firstVariableNode: Int?

    init(variables: [String: Double]?) {
        self.variables = variables
    }

    var count: Int { nodes.count }

    /// Adds `node`, whose operands are already on the tape, valued (unless it is there already); returns its index.
    mutating func append(_ node: Expression.Node) -> Int {
        let count = builder.nodes.count
        let index = builder.add(node)
        guard index == count else { return index }
        let (value, error) = evaluate(node)
        values.append(value)
        errors.append(error)
        if case .variable = node, firstVariableNode == nil { firstVariableNode = index }
        return index
    }

    /// Forgets the nodes from `count` on.
    mutating func truncate(to count: Int) {
        guard count < nodes.count else { return }
        builder.truncate(to: count)
        values.removeSubrange(count...)
        errors.removeSubrange(count...)
        if let first = firstVariableNode, first >= count { firstVariableNode = nil }
    }

    /// Values every node again under `variables`; returns how many nodes it valued.
    @discardableResult
    mutating func revalue(using variables: [String: Double]?) -> Int {
        self.variables = variables
        guard let first = firstVariableNode else { return 0 }
        // One dictionary lookup per name, not per node: a program of M + M + … reads M thousands of times.
        var last: (name: String, value: Double)?
        for i in first..<nodes.count {
            if case .variable(let name) = nodes[i] {
                if last?.name != name { last = (name, variables?[name] ?? 0) }
                (values[i], errors[i]) = (last!.value, nil)
            } else {
                (values[i], errors[i]) = evaluate(nodes[i])
            }
        }
        return nodes.count - first
    }

    /// The expression node `root` computes, in canonical order: what a graph of it draws. Costs the nodes it reaches.
    func expression(root: Int) -> Expression {
        builder.expression(root: root)
    }

    /// The value of `node` from its operands' values, and the first error on its way: an operand's error,
    /// else the error the function itself makes (division by zero, overflow, underflow, …).
    private func evaluate(_ node: Expression.Node) -> (Double, CalculatorError?) {
        switch node {
        case .constant(let value):
            return (value, nil)
        case .variable(let name):
            return (variables?[name] ?? 0, nil)
        case .unary(let function, let a):
            let x = values[a]
            let value = function.apply(x)
            return (value, errors[a] ?? CalculatorError.check(function, x, result: value))
        case .binary(let function, let a, let b):
            let x = values[a], y = values[b]
            let value = function.apply(x, y)
            return (value, errors[a] ?? errors[b] ?? CalculatorError.check(function, x, y, result: value))
        }
    }
}
