import CalculatorBrain

/// Reads the bench-peers eval syntax ("(sin(x)+x)/x", "tan(x)", "sqrt(x)*cos(x)+x^2") into the
/// `Expression` the calculator's keys build, with x as the memory variable M.
/// `x^2` and `x^3` are the calculator's x² and x³ keys (the issue writes the bench formula as
/// √(M)×cos(M)+M²); any other exponent is the xʸ key.
struct EvalExpressionParser {
    static let variable = "M"
    private let bytes: [UInt8]
    private var at = 0

    static func parse(_ text: String) -> Expression? {
        var parser = EvalExpressionParser(bytes: Array(text.utf8).filter { $0 != UInt8(ascii: " ") })
        guard let e = parser.sum(), parser.at == parser.bytes.count else { return nil }
        return e
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func take(_ c: Character) -> Bool {
        guard next == c.asciiValue else { return false }
        at += 1
        return true
    }

    private mutating func sum() -> Expression? {
        guard var lhs = product() else { return nil }
        while true {
            if take("+") { guard let rhs = product() else { return nil }; lhs = .binary(.add, lhs, rhs) }
            else if take("-") { guard let rhs = product() else { return nil }; lhs = .binary(.subtract, lhs, rhs) }
            else { return lhs }
        }
    }

    private mutating func product() -> Expression? {
        guard var lhs = prefix() else { return nil }
        while true {
            if take("*") { guard let rhs = prefix() else { return nil }; lhs = .binary(.multiply, lhs, rhs) }
            else if take("/") { guard let rhs = prefix() else { return nil }; lhs = .binary(.divide, lhs, rhs) }
            else { return lhs }
        }
    }

    /// Binds tighter than a leading minus (-x^2 is -(x²)) and to the right (2^3^2 is 2^9).
    private mutating func power() -> Expression? {
        guard let base = primary() else { return nil }
        guard take("^") else { return base }
        guard let exponent = prefix() else { return nil }
        switch exponent {
        case .constant(2): return .unary(.square, base)
        case .constant(3): return .unary(.cube, base)
        default: return .binary(.power, base, exponent)
        }
    }

    private mutating func prefix() -> Expression? {
        if take("-") { return prefix().map { .unary(.negate, $0) } }
        return power()
    }

    private static let functions: [String: UnaryFunction] = [
        "sqrt": .squareRoot, "cbrt": .cubeRoot, "sin": .sine, "cos": .cosine, "tan": .tangent,
        "asin": .arcSine, "acos": .arcCosine, "atan": .arcTangent,
        "ln": .naturalLog, "log": .commonLog, "log10": .commonLog, "exp": .exponential,
    ]

    private mutating func primary() -> Expression? {
        if take("(") {
            guard let inner = sum(), take(")") else { return nil }
            return inner
        }
        let start = at
        if let c = next, c == UInt8(ascii: ".") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            while let c = next, c == UInt8(ascii: ".") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) { at += 1 }
            return Double(String(decoding: bytes[start..<at], as: UTF8.self)).map { .constant($0) }
        }
        while let c = next, (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (at > start && c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) { at += 1 }
        let name = String(decoding: bytes[start..<at], as: UTF8.self)
        switch name {
        case "x": return .variable(EvalExpressionParser.variable)
        case "pi": return .constant(Double.pi)
        case "e": return .constant(2.718281828459045)
        default:
            guard let function = EvalExpressionParser.functions[name], take("("), let argument = sum(), take(")") else { return nil }
            return .unary(function, argument)
        }
    }
}
