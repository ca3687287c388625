/// What a key of the brain does.
enum Operation {
    case constant(Double)
    case unary(UnaryFunction)
    case binary(BinaryFunction)
    case random
    case equals

    /// Euler's number as the e key enters it.
    static let eValue = 2.718281828459045

    /// The brain's primary table, keyed by the labels the keypad shows and the degree functions' names.
    static let table: [String: Operation] = {
        var table: [String: Operation] = ["π": .constant(Double.pi), "e": .constant(eValue),
                                          "Rand": .random, "=": .equals]
        for function in UnaryFunction.allCases { table[function.rawValue] = .unary(function) }
        for function in BinaryFunction.allCases { table[function.rawValue] = .binary(function) }
        return table
    }()
}
