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

    /// Adds the nodes `root` reaches in `nodes` (operands before their users, shared or not); returns the
    /// index of root's node. Added in left-first post-order, so a fresh builder's nodes come out canonical.
    public mutating func merge(_ nodes: [Expression.Node], reachableFrom root: Int) -> Int {
        var mapped = [Int](repeating: -1, count: root + 1)
        Self.visitPostOrder(nodes, from: root) { i in mapped[i] = add(nodes[i].renumbered { mapped[$0] }) }
        return mapped[root]
    }

    /// The expression whose result is node `root`: the nodes it reaches, in canonical order
    /// (left-first post-order from the result).
    public func expression(root: Int) -> Expression {
        var newIndex = [Int](repeating: -1, count: nodes.count)
        var out: [Expression.Node] = []
        Self.visitPostOrder(nodes, from: root) { i in
            newIndex[i] = out.count
            out.append(nodes[i].renumbered { newIndex[$0] })
        }
        return Expression(canonical: out)
    }

    /// Calls `visit` once for each node `root` reaches, operands first, the left before the right.
    /// A loop with its own stack, not recursion: a program of ten thousand nested functions must not
    /// exhaust the thread's stack.
    static func visitPostOrder(_ nodes: [Expression.Node], from root: Int, _ visit: (Int) -> Void) {
        var visited = [Bool](repeating: false, count: root + 1)
        var stack: [(node: Int, operandsDone: Bool)] = [(root, false)]
        while let (i, operandsDone) = stack.popLast() {
            if visited[i] { continue }
            switch (nodes[i], operandsDone) {
            case (.constant, _), (.variable, _), (.unary, true), (.binary, true):
                visited[i] = true
                visit(i)
            case (.unary(_, let a), false):
                stack.append((i, true))
                stack.append((a, false))
            case (.binary(_, let a, let b), false):
                stack.append((i, true))
                stack.append((b, false))
                stack.append((a, false))
            }
        }
    }
}

extension Expression.Node {
    /// The same node with its operands' indices mapped.
    func renumbered(_ index: (Int) -> Int) -> Expression.Node {
        switch self {
        case .constant, .variable: return self
        case .unary(let f, let a): return .unary(f, index(a))
        case .binary(let f, let a, let b): return .binary(f, index(a), index(b))
        }
    }
}
