import CalculatorBrain

/// How state formats 1 and 2 stored a graph's expression: a prefix list of tokens,
/// "c:<number>", "v:<name>", "u:<operation>", "b:<operation>". Read, never written:
/// format 3 stores the expression's nodes, which stay small when the tree doubles.
enum LegacyExpressionTokens {
    struct DecodingFailure: Error, CustomStringConvertible {
        var description: String
    }

    static let maximumTokenCount = 100_000

    /// Decodes hostile input without trapping, and without recursion: read right to left,
    /// prefix notation is a stack machine, so any depth the old format could write loads back.
    static func expression(_ tokens: [String]) throws -> Expression {
        guard tokens.count <= maximumTokenCount else { throw DecodingFailure(description: "expression too long") }
        var builder = ExpressionBuilder()
        var operands: [Int] = []
        for token in tokens.reversed() {
            let body = String(token.dropFirst(2))
            switch token.prefix(2) {
            case "c:":
                guard let v = Double(body) else { throw DecodingFailure(description: "bad number '\(body.prefix(40))'") }
                operands.append(builder.add(.constant(v)))
            case "v:":
                guard !body.isEmpty, body.count <= 16 else { throw DecodingFailure(description: "bad variable name") }
                operands.append(builder.add(.variable(body)))
            case "u:":
                guard let f = UnaryFunction(rawValue: body) else { throw DecodingFailure(description: "unknown '\(body.prefix(40))'") }
                guard let a = operands.popLast() else { throw DecodingFailure(description: "expression ends early") }
                operands.append(builder.add(.unary(f, a)))
            case "b:":
                guard let f = BinaryFunction(rawValue: body) else { throw DecodingFailure(description: "unknown '\(body.prefix(40))'") }
                guard let lhs = operands.popLast(), let rhs = operands.popLast() else {
                    throw DecodingFailure(description: "expression ends early")
                }
                operands.append(builder.add(.binary(f, lhs, rhs)))
            default:
                throw DecodingFailure(description: "bad token '\(token.prefix(40))'")
            }
        }
        guard let root = operands.first else { throw DecodingFailure(description: "empty expression") }
        guard operands.count == 1 else { throw DecodingFailure(description: "trailing tokens") }
        return builder.expression(root: root)
    }
}
