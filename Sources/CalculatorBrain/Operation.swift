/// What a key of the brain does.
enum Operation {
    /// π and e: exact values whose Doubles are what the keys always entered.
    case constant(ExactValue)
    case unary(UnaryFunction)
    case binary(BinaryFunction)
    case random
    case equals
    /// "(" and ")": a group computed on its own, its value the operand of what waits outside it.
    case openGroup
    case closeGroup

    /// Euler's number as the e key enters it.
    static let eValue = 2.718281828459045

    /// The brain's primary table, keyed by the labels the keypad shows and the degree functions' names.
    static let table: [String: Operation] = {
        var table: [String: Operation] = ["π": .constant(.pi), "e": .constant(.e),
                                          "Rand": .random, "=": .equals, "(": .openGroup, ")": .closeGroup]
        for function in UnaryFunction.allCases { table[function.rawValue] = .unary(function) }
        for function in BinaryFunction.allCases { table[function.rawValue] = .binary(function) }
        return table
    }()
}
