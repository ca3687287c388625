/// Why no key sequence makes a stored expression: a hand-edited file, never one the app wrote.
public struct UnkeyableExpression: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

extension CalculatorBrain {
    /// The shortest program whose walk builds `expression`: how a graph saved as its expression (state
    /// formats 1 to 5) becomes its program again. A degree function is its own step (sin° is the sin key
    /// pressed in degrees).
    ///
    /// The walk is CS193P's, left to right, so the keys make few shapes. Down the left side runs a spine:
    /// an operand, then unary keys and binary operations, each binary node's right operand either an
    /// operand with unary keys on it ("+ 3 sin"), or the spine itself when "=" repeats it ("+ =", where
    /// shared nodes come from: "+ =" n times is n nodes). Any other shape throws. Every node is visited
    /// a bounded number of times and the program is capped at `maximumProgramLength`, so hostile input
    /// costs time linear in its size; and the program is replayed once to check that it builds exactly
    /// `expression`, so the brain's walk stays the one meaning of a program.
    ///
    /// A constant reads back as an operand (π and e as their keys): a Rand's drawn value is titled as its number.
    public static func program(making expression: Expression) throws(UnkeyableExpression) -> [ProgramStep] {
        let nodes = expression.nodes
        // How long each node's run of steps is when it is an operand with unary keys on it, or nil.
        var operandLength = [Int?](repeating: nil, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            switch node {
            case .constant, .variable: operandLength[i] = 1
            case .unary(_, let a): operandLength[i] = operandLength[a].map { $0 + 1 }
            case .binary: break
            }
        }
        var spine: [Int] = []
        var i = nodes.count - 1
        walk: while true {
            spine.append(i)
            switch nodes[i] {
            case .constant, .variable: break walk
            case .unary(_, let a), .binary(_, let a, _): i = a
            }
        }
        var steps: [ProgramStep] = []
        /// "op R" waits for "=" (or the next operation): the accumulator holds R, not the spine.
        var waiting = false
        func checkLength(_ count: Int) throws(UnkeyableExpression) {
            guard count <= maximumProgramLength else {
                throw UnkeyableExpression(description: "expression needs more than \(maximumProgramLength) steps")
            }
        }
        for node in spine.reversed() {
            switch nodes[node] {
            case .constant, .variable:
                steps.append(try leafStep(nodes[node]))
            case .unary(let f, _):
                if waiting { steps.append(.operation("=")); waiting = false }
                steps.append(.operation(f.rawValue))
            case .binary(let f, let a, let b) where a == b:
                // The operation performs what waits, then "=" repeats the spine as the right operand.
                steps += [.operation(f.rawValue), .operation("=")]
                waiting = false
            case .binary(let f, _, let b):
                guard let length = operandLength[b] else {
                    throw UnkeyableExpression(description: "node \(node): its right operand is no key's")
                }
                try checkLength(steps.count + 1 + length)
                steps.append(.operation(f.rawValue))
                try appendOperand(b, length: length, of: nodes, to: &steps)
                waiting = true
            }
            try checkLength(steps.count + (waiting ? 1 : 0))
        }
        if waiting { steps.append(.operation("=")) }
        guard CalculatorBrain(program: steps).expression() == expression else {
            throw UnkeyableExpression(description: "expression is not what its keys make")
        }
        return steps
    }

    private static func leafStep(_ node: Expression.Node) throws(UnkeyableExpression) -> ProgramStep {
        switch node {
        case .constant(let value) where value.bitPattern == Double.pi.bitPattern: return .operation("π")
        case .constant(let value) where value.bitPattern == Operation.eValue.bitPattern: return .operation("e")
        case .constant(let value):
            guard value.isFinite else { throw UnkeyableExpression(description: "constant is not finite") }
            return .operand(value)
        case .variable(let name):
            guard isVariableName(name) else { throw UnkeyableExpression(description: "bad variable name") }
            return .variable(name)
        case .unary, .binary:
            throw UnkeyableExpression(description: "not an operand")
        }
    }

    /// An operand with unary keys on it: the operand's step, then the keys, innermost first.
    private static func appendOperand(_ index: Int, length: Int, of nodes: [Expression.Node],
                                      to steps: inout [ProgramStep]) throws(UnkeyableExpression) {
        let start = steps.count
        steps.append(contentsOf: repeatElement(.operation("="), count: length))
        var i = index, slot = start + length - 1
        while case .unary(let f, let a) = nodes[i] {
            steps[slot] = .operation(f.rawValue)
            slot -= 1
            i = a
        }
        steps[slot] = try leafStep(nodes[i])
    }
}
