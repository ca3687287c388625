/// Builds an `Expression` node by node, sharing every node that is already there,
/// so equal subgraphs exist once and a walk over the result costs one step per distinct node.
public struct ExpressionBuilder: Sendable {
    public private(set) var nodes: [Expression.Node] = []
    private var indexOfNode: [Expression.Node: Int] = [:]

    /// The index of `node`, added if it is new. Its operands must already be in the builder.
    public init() {}

    public mutating func add(_ node: Expression.Node) -> Int {
        if let existing = indexOfNode[node] { return existing }
        nodes.append(node)
        indexOfNode[node] = nodes.count - 1
        return nodes.count - 1
    }

    /// Adds every node of `expression`; returns the index of its result.
    public mutating func merge(_ expression: Expression) -> Int {
        var mapped: [Int] = []
        mapped.reserveCapacity(expression.nodes.count)
        for node in expression.nodes {
            switch node {
            case .constant, .variable: mapped.append(add(node))
            case .unary(let f, let a): mapped.append(add(.unary(f, mapped[a])))
            case .binary(let f, let a, let b): mapped.append(add(.binary(f, mapped[a], mapped[b])))
            }
        }
        return mapped[mapped.count - 1]
    }

    /// Forgets the nodes from `count` on (a walk going back to where it was).
    public mutating func truncate(to count: Int) {
        guard count < nodes.count else { return }
        for node in nodes[count...] { indexOfNode[node] = nil }
        nodes.removeSubrange(count...)
    }

    /// The expression whose result is node `root`: the nodes it reaches, in canonical order
    /// (left-first post-order from the result). A loop with its own stack, not recursion:
    /// a program of ten thousand nested functions must not exhaust the thread's stack.
    public func expression(root: Int) -> Expression {
        var newIndex = [Int](repeating: -1, count: nodes.count)
        var out: [Expression.Node] = []
        var stack: [(node: Int, operandsDone: Bool)] = [(root, false)]
        while let (i, operandsDone) = stack.popLast() {
            if newIndex[i] >= 0 { continue }
            switch (nodes[i], operandsDone) {
            case (.constant, _), (.variable, _):
                newIndex[i] = out.count
                out.append(nodes[i])
            case (.unary(let f, let a), true):
                newIndex[i] = out.count
                out.append(.unary(f, newIndex[a]))
            case (.binary(let f, let a, let b), true):
                newIndex[i] = out.count
                out.append(.binary(f, newIndex[a], newIndex[b]))
            case (.unary(_, let a), false):
                stack.append((i, true))
                stack.append((a, false))
            case (.binary(_, let a, let b), false):
                stack.append((i, true))
                stack.append((b, false))
                stack.append((a, false))
            }
        }
        return Expression(canonical: out)
    }
}
