/// Builds an `Expression` node by node, sharing every node that is already there,
/// so equal subgraphs exist once and a walk over the result costs one step per distinct node.
public struct ExpressionBuilder: Sendable {
    public private(set) var nodes: [Expression.Node] = []
    private var indexOfNode: [Expression.Node: Int] = [:]
    /// Nodes added by `addTwin` beside an equal one: while there are any, `expression(root:)` shares them.
    private var twinCount = 0

    /// The index of `node`, added if it is new. Its operands must already be in the builder.
    public init() {}

    public mutating func add(_ node: Expression.Node) -> Int {
        if let existing = indexOfNode[node] { return existing }
        nodes.append(node)
        indexOfNode[node] = nodes.count - 1
        return nodes.count - 1
    }

    /// Adds `node` as a node of its own even when an equal one is there (a twin, which `add` never makes
    /// again: it finds the first). The brain's tape keeps a constant known exactly apart from an equal one
    /// known only as a Double this way; what the graph draws shares them again (`expression(root:)`).
    public mutating func addTwin(_ node: Expression.Node) -> Int {
        nodes.append(node)
        if indexOfNode[node] == nil { indexOfNode[node] = nodes.count - 1 } else { twinCount += 1 }
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
        for (index, node) in zip(count..., nodes[count...]) {
            // A twin comes after the node it equals: the first of them is the one the index names.
            if indexOfNode[node] == index { indexOfNode[node] = nil } else { twinCount -= 1 }
        }
        nodes.removeSubrange(count...)
    }

    /// The expression whose result is node `root`: the nodes it reaches, in canonical order
    /// (left-first post-order from the result). A loop with its own stack, not recursion:
    /// a program of ten thousand nested functions must not exhaust the thread's stack.
    /// Twins are shared in it, as if `add` had made them: equal trees give equal expressions.
    public func expression(root: Int) -> Expression {
        let expression = reachable(root: root)
        guard twinCount > 0 else { return expression }
        var shared = ExpressionBuilder()
        let sharedRoot = shared.merge(expression)
        return shared.expression(root: sharedRoot)
    }

    private func reachable(root: Int) -> Expression {
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
