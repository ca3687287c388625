import CalculatorBrain

/// Where each key sits on the keypad grid. Two arrangements of the same 42 keys:
/// a tall one (6 columns × 7 rows) for portrait panels and a wide one (7 × 6) for landscape panels.
public struct KeypadLayout: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Row-major; every key of `CalculatorKey.all` exactly once.
    public let keys: [CalculatorKey]

    /// The position of the key at `index` in `keys`.
    public func cell(of index: Int) -> (column: Int, row: Int) { (index % columns, index / columns) }

    public static let tall = KeypadLayout(columns: 6, rows: 7, keys: [
        .unary(.sine), .unary(.cosine), .unary(.tangent), .unary(.arcSine), .unary(.arcCosine), .unary(.arcTangent),
        .unary(.naturalLog), .unary(.commonLog), .unary(.exponential), .unary(.powerOfTen), .constant("π"), .constant("e"),
        .unary(.squareRoot), .unary(.cubeRoot), .unary(.square), .unary(.cube), .unary(.reciprocal), .binary(.power),
        .digit(7), .digit(8), .digit(9), .binary(.divide), .clear, .undo,
        .digit(4), .digit(5), .digit(6), .binary(.multiply), .unary(.negate), .unary(.percent),
        .digit(1), .digit(2), .digit(3), .binary(.subtract), .storeMemory, .memory,
        .digit(0), .point, .equals, .binary(.add), .random, .graph,
    ])

    public static let wide = KeypadLayout(columns: 7, rows: 6, keys: [
        .unary(.sine), .unary(.cosine), .unary(.tangent), .clear, .undo, .unary(.negate), .unary(.percent),
        .unary(.arcSine), .unary(.arcCosine), .unary(.arcTangent), .storeMemory, .memory, .random, .graph,
        .unary(.naturalLog), .unary(.commonLog), .unary(.exponential), .digit(7), .digit(8), .digit(9), .binary(.divide),
        .unary(.powerOfTen), .constant("π"), .constant("e"), .digit(4), .digit(5), .digit(6), .binary(.multiply),
        .unary(.squareRoot), .unary(.cubeRoot), .unary(.square), .digit(1), .digit(2), .digit(3), .binary(.subtract),
        .unary(.cube), .unary(.reciprocal), .binary(.power), .digit(0), .point, .equals, .binary(.add),
    ])
}

/// How a key is coloured: digits apart from operations (Assignment 1).
public enum KeyRole: Sendable, Equatable, CaseIterable {
    case digit, operation, function, command, accent

    public init(_ key: CalculatorKey) {
        switch key {
        case .digit, .point: self = .digit
        case .binary, .equals: self = .operation
        case .unary, .constant, .random: self = .function
        case .clear, .undo, .storeMemory, .memory, .toggleAngleMode, .angleMode: self = .command
        case .exponent: self = .digit
        case .history: self = .function
        case .graph: self = .accent
        }
    }
}
