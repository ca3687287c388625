/// What a program computes, with variables left symbolic.
/// The brain builds it by walking its program; the compiled evaluator and the
/// interval enclosure both start from it, so all of them agree on the meaning of a program.
///
/// It is a graph, not a tree: "7 + =" uses 7 twice, and pressing "+ =" again and again doubles
/// the tree each time. Stored as a tree that is 2ⁿ nodes after n presses; stored as a graph whose
/// nodes are listed operands first, it is one node per press, and every walk over it is one loop.
public struct Expression: Hashable, Sendable {
    /// One operation of the graph. Operands are indices of earlier nodes.
    public enum Node: Hashable, Sendable {
        case constant(Double)
        case variable(String)
        case unary(UnaryFunction, Int)
        case binary(BinaryFunction, Int, Int)

        /// Constants compare by their bits: 0 and -0 are different operands (1 ÷ -0 is -∞),
        /// and a NaN constant is itself.
        public static func == (a: Node, b: Node) -> Bool {
            switch (a, b) {
            case (.constant(let x), .constant(let y)): return x.bitPattern == y.bitPattern
            case (.variable(let x), .variable(let y)): return x == y
            case (.unary(let f, let x), .unary(let g, let y)): return f == g && x == y
            case (.binary(let f, let x1, let x2), .binary(let g, let y1, let y2)): return f == g && x1 == y1 && x2 == y2
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .constant(let x): hasher.combine(0); hasher.combine(x.bitPattern)
            case .variable(let name): hasher.combine(1); hasher.combine(name)
            case .unary(let f, let a): hasher.combine(2); hasher.combine(f); hasher.combine(a)
            case .binary(let f, let a, let b): hasher.combine(3); hasher.combine(f); hasher.combine(a); hasher.combine(b)
            }
        }
    }

    /// Every node after its operands, each node once, the result last. Never empty.
    /// The order is canonical (a left-first post-order walk from the result, sharing equal
    /// subgraphs), so two expressions that compute the same tree are `==`.
    public let nodes: [Node]

    /// Trusted: `nodes` is already canonical. Everything else goes through `ExpressionBuilder`.
    init(canonical nodes: [Node]) {
        precondition(!nodes.isEmpty, "Expression: no nodes")
        self.nodes = nodes
    }

    public static func constant(_ value: Double) -> Expression { Expression(canonical: [.constant(value)]) }
    public static func variable(_ name: String) -> Expression { Expression(canonical: [.variable(name)]) }

    public static func unary(_ function: UnaryFunction, _ operand: Expression) -> Expression {
        var builder = ExpressionBuilder()
        let a = builder.merge(operand)
        let root = builder.add(.unary(function, a))
        return builder.expression(root: root)
    }

    public static func binary(_ function: BinaryFunction, _ lhs: Expression, _ rhs: Expression) -> Expression {
        var builder = ExpressionBuilder()
        let a = builder.merge(lhs), b = builder.merge(rhs)
        let root = builder.add(.binary(function, a, b))
        return builder.expression(root: root)
    }

    /// The result's own node.
    public var root: Node { nodes[nodes.count - 1] }

    /// The value when the expression is a bare constant.
    public var constantValue: Double? {
        if nodes.count == 1, case .constant(let value) = nodes[0] { return value }
        return nil
    }

    /// Plain evaluation, node by node: the reference the faster evaluators are tested against.
    /// A variable missing from `variables` is 0.
    public func value(using variables: [String: Double]) -> Double {
        var values: [Double] = []
        values.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .constant(let value): values.append(value)
            case .variable(let name): values.append(variables[name] ?? 0)
            case .unary(let function, let a): values.append(function.apply(values[a]))
            case .binary(let function, let a, let b): values.append(function.apply(values[a], values[b]))
            }
        }
        return values[values.count - 1]
    }
}

// MARK: Coding

extension Expression: Codable {
    /// Why stored nodes do not form an expression.
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The most nodes a stored expression may have: more than any program the keypad can enter.
    public static let maximumNodeCount = 100_000

    /// Checks hostile nodes without trapping: every operand must come before its user.
    public init(validating nodes: [Node]) throws(DecodingError) {
        guard !nodes.isEmpty else { throw DecodingError(description: "expression has no nodes") }
        guard nodes.count <= Self.maximumNodeCount else {
            throw DecodingError(description: "expression has more than \(Self.maximumNodeCount) nodes")
        }
        for (index, node) in nodes.enumerated() {
            switch node {
            case .constant: break
            case .variable(let name):
                guard !name.isEmpty, name.count <= 16 else { throw DecodingError(description: "node \(index): bad variable name") }
            case .unary(_, let a):
                guard 0 <= a, a < index else { throw DecodingError(description: "node \(index): operand \(a) out of order") }
            case .binary(_, let a, let b):
                guard 0 <= a, a < index, 0 <= b, b < index else {
                    throw DecodingError(description: "node \(index): operands \(a), \(b) out of order")
                }
            }
        }
        // Checked: now the builder can share equal nodes and put them in canonical order.
        var builder = ExpressionBuilder()
        let root = builder.merge(Expression(canonical: nodes))
        self = builder.expression(root: root)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(validating: try [Node](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try nodes.encode(to: encoder)
    }
}

extension Expression.Node: Codable {
    /// A node as a short array: ["c", 2.5], ["v", "M"], ["u", "sin", 0], ["b", "+", 0, 1].
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let kind = try container.decode(String.self)
        switch kind {
        case "c":
            let value = try container.decode(Double.self)
            guard value.isFinite else { throw Expression.DecodingError(description: "constant is not finite") }
            self = .constant(value)
        case "v":
            self = .variable(try container.decode(String.self))
        case "u":
            let name = try container.decode(String.self)
            guard let f = UnaryFunction(rawValue: name) else { throw Expression.DecodingError(description: "unknown function '\(name.prefix(20))'") }
            self = .unary(f, try container.decode(Int.self))
        case "b":
            let name = try container.decode(String.self)
            guard let f = BinaryFunction(rawValue: name) else { throw Expression.DecodingError(description: "unknown operation '\(name.prefix(20))'") }
            let a = try container.decode(Int.self)
            self = .binary(f, a, try container.decode(Int.self))
        default:
            throw Expression.DecodingError(description: "unknown node kind '\(kind.prefix(20))'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        switch self {
        case .constant(let value): try container.encode("c"); try container.encode(value)
        case .variable(let name): try container.encode("v"); try container.encode(name)
        case .unary(let f, let a): try container.encode("u"); try container.encode(f.rawValue); try container.encode(a)
        case .binary(let f, let a, let b):
            try container.encode("b"); try container.encode(f.rawValue); try container.encode(a); try container.encode(b)
        }
    }
}
