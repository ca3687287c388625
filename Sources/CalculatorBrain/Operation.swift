/// What a key of the brain does.
enum Operation {
    case constant(Double)
    case unary(UnaryFunction)
    case binary(BinaryFunction)
    case random
    case equals

    /// The brain's primary table, keyed by the labels the keypad shows.
    static let table: [String: Operation] = {
        var table: [String: Operation] = ["π": .constant(Double.pi), "e": .constant(2.718281828459045),
                                          "Rand": .random, "=": .equals]
        for function in UnaryFunction.keyFunctions { table[function.rawValue] = .unary(function) }
        for function in BinaryFunction.allCases { table[function.rawValue] = .binary(function) }
        return table
    }()
}
