import CalculatorBrain

/// An Expression as a flat prefix list of tokens, for the state file:
/// "c:<number>", "v:<name>", "u:<operation>", "b:<operation>".
enum ExpressionCoding {
    struct DecodingFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func tokens(_ expression: Expression) -> [String] {
        var out: [String] = []
        func walk(_ e: Expression) {
            switch e {
            case .constant(let v): out.append("c:" + String(v))
            case .variable(let name): out.append("v:" + name)
            case .unary(let f, let operand): out.append("u:" + f.rawValue); walk(operand)
            case .binary(let f, let lhs, let rhs): out.append("b:" + f.rawValue); walk(lhs); walk(rhs)
            }
        }
        walk(expression)
        return out
    }

    /// Decodes hostile input without trapping: depth and length are bounded.
    static func expression(_ tokens: [String]) throws -> Expression {
        guard tokens.count <= 100_000 else { throw DecodingFailure(description: "expression too long") }
        var index = 0
        func next(depth: Int) throws -> Expression {
            guard depth < 2_000 else { throw DecodingFailure(description: "expression too deep") }
            guard index < tokens.count else { throw DecodingFailure(description: "expression ends early") }
            let token = tokens[index]
            index += 1
            let body = String(token.dropFirst(2))
            switch token.prefix(2) {
            case "c:":
                guard let v = Double(body) else { throw DecodingFailure(description: "bad number '\(body)'") }
                return .constant(v)
            case "v:":
                guard !body.isEmpty else { throw DecodingFailure(description: "empty variable") }
                return .variable(body)
            case "u:":
                guard let f = UnaryFunction(rawValue: body) else { throw DecodingFailure(description: "unknown '\(body)'") }
                return .unary(f, try next(depth: depth + 1))
            case "b:":
                guard let f = BinaryFunction(rawValue: body) else { throw DecodingFailure(description: "unknown '\(body)'") }
                let lhs = try next(depth: depth + 1)
                return .binary(f, lhs, try next(depth: depth + 1))
            default:
                throw DecodingFailure(description: "bad token '\(token)'")
            }
        }
        let e = try next(depth: 0)
        guard index == tokens.count else { throw DecodingFailure(description: "trailing tokens") }
        return e
    }
}
