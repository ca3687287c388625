import CalculatorBrain

/// Where each key sits on the keypad grid. Two arrangements of the same keys: a tall one (6 columns × 7 rows)
/// for portrait panels and a wide one (7 × 6) for landscape panels. Each has two pages of 42 keys:
/// 2nd turns the second page up, which differs only where `secondPageSwaps` says (sin → sin⁻¹, …, Hist → Rand).
/// An eighth row would take keys under 9 mm on a 7" 800x480 panel, and a seventh column would need a
/// seventh row on short landscape screens; a second page changes no grid (Sources/Kiosk/README.md).
/// An exhibit may leave keys out (`without`): the others close the gaps (`KeypadLayout+Disabled.swift`).
public struct KeypadLayout: Sendable, Equatable {
    /// One key where it sits: its first-page key, the key the second page puts there (the same where the page
    /// changes nothing), its row, and its share of the grid: the `part`-th of `parts` equal pieces of the
    /// columns `span` (a whole keypad's key is the one piece of its own column).
    public struct Cell: Sendable, Equatable {
        public let key: CalculatorKey
        public let secondKey: CalculatorKey
        public let row: Int
        public let span: Range<Int>
        public let part: Int
        public let parts: Int
    }

    public let columns: Int
    public let rows: Int
    /// Every key, row by row, left to right.
    public let cells: [Cell]
    /// The first page, in the order of `cells`.
    public let keys: [CalculatorKey]
    /// The second page, in the order of `cells`: `keys` with `secondPageSwaps` applied.
    public let secondKeys: [CalculatorKey]
    /// The rows and columns of the number block (digits, point, the four operations, =), whose keys keep their
    /// cells when others are left out, so 7 stays over 4 and 1.
    let block: (rows: Range<Int>, columns: Range<Int>)

    init(columns: Int, rows: Int, cells: [Cell], block: (rows: Range<Int>, columns: Range<Int>)) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.block = block
        keys = cells.map(\.key)
        secondKeys = cells.map(\.secondKey)
    }

    /// The whole arrangement: `keys` row-major, every cell a key.
    init(columns: Int, rows: Int, keys: [CalculatorKey], block: (rows: Range<Int>, columns: Range<Int>)) {
        let cells = keys.indices.map { i in
            Cell(key: keys[i], secondKey: Self.secondPageSwaps[keys[i]] ?? keys[i], row: i / columns,
                 span: i % columns ..< i % columns + 1, part: 0, parts: 1)
        }
        self.init(columns: columns, rows: rows, cells: cells, block: block)
    }

    public static func == (a: KeypadLayout, b: KeypadLayout) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.cells == b.cells
    }

    /// What 2nd swaps: the inverse functions under the functions, as on most scientific calculators, the
    /// cube under the square (the parentheses took their first-page cells, beside the digits as on a TI-30),
    /// Rand, the key least used, under the history list, and the parameter A and →A under M and →M: the
    /// same kind of key, where a visitor who knows M looks for a second variable.
    public static let secondPageSwaps: [CalculatorKey: CalculatorKey] = [
        .unary(.sine): .unary(.arcSine), .unary(.cosine): .unary(.arcCosine), .unary(.tangent): .unary(.arcTangent),
        .unary(.squareRoot): .unary(.cubeRoot), .unary(.square): .unary(.cube),
        .historyList: .random,
        .memory: .parameter, .storeMemory: .storeParameter,
    ]

    /// How many cells differ between the pages.
    public var secondPageSwapCount: Int { zip(keys, secondKeys).filter { $0 != $1 }.count }

    /// The keys of one page.
    public func keys(secondPage: Bool) -> [CalculatorKey] { secondPage ? secondKeys : keys }

    public static let tall = KeypadLayout(columns: 6, rows: 7, keys: [
        .unary(.sine), .unary(.cosine), .unary(.tangent), .secondPage, .toggleAngleMode, .exponent,
        .unary(.naturalLog), .unary(.commonLog), .unary(.exponential), .unary(.powerOfTen), .constant("π"), .constant("e"),
        .openGroup, .closeGroup, .unary(.squareRoot), .unary(.square), .unary(.reciprocal), .binary(.power),
        .digit(7), .digit(8), .digit(9), .binary(.divide), .clear, .undo,
        .digit(4), .digit(5), .digit(6), .binary(.multiply), .unary(.negate), .unary(.percent),
        .digit(1), .digit(2), .digit(3), .binary(.subtract), .storeMemory, .memory,
        .digit(0), .point, .equals, .binary(.add), .historyList, .graph,
    ], block: (rows: 3..<7, columns: 0..<4))

    public static let wide = KeypadLayout(columns: 7, rows: 6, keys: [
        .unary(.sine), .unary(.cosine), .unary(.tangent), .clear, .undo, .unary(.negate), .unary(.percent),
        .secondPage, .toggleAngleMode, .exponent, .storeMemory, .memory, .historyList, .graph,
        .unary(.naturalLog), .unary(.commonLog), .unary(.exponential), .digit(7), .digit(8), .digit(9), .binary(.divide),
        .unary(.powerOfTen), .constant("π"), .constant("e"), .digit(4), .digit(5), .digit(6), .binary(.multiply),
        .openGroup, .closeGroup, .unary(.squareRoot), .digit(1), .digit(2), .digit(3), .binary(.subtract),
        .unary(.square), .unary(.reciprocal), .binary(.power), .digit(0), .point, .equals, .binary(.add),
    ], block: (rows: 2..<6, columns: 3..<7))
}

/// How a key is coloured: digits apart from operations (Assignment 1).
public enum KeyRole: Sendable, Equatable, CaseIterable {
    case digit, operation, function, command, accent

    public init(_ key: CalculatorKey) {
        switch key {
        case .digit, .point: self = .digit
        case .binary, .equals: self = .operation
        case .unary, .constant, .random, .openGroup, .closeGroup: self = .function
        case .clear, .undo, .storeMemory, .memory, .storeParameter, .parameter, .toggleAngleMode, .angleMode, .secondPage: self = .command
        case .exponent: self = .digit
        case .history, .historyList: self = .function
        case .graph: self = .accent
        }
    }
}
