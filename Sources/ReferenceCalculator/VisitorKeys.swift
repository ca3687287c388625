import SeededRandom

/// Keys as a day of kiosk visitors press them, as tokens (`CalculatorKey`'s labels): sums ended by "=",
/// functions of what is shown, DRG now and then, →M and M, the graph key, ⌫ to mend a typo or take a step
/// back, the newest result from the history, EE, parentheses (a ")" forgotten now and then, which "=" closes), a stray
/// key, and C rarely. No Rand: its draw is no readout.
public struct VisitorKeys {
    private var rng: SplitMix64
    private var queue: [String] = []
    private let typesParentheses: Bool

    /// `parentheses: false` makes the days of before parentheses, key for key (the regression cases found then).
    public init(seed: UInt64, parentheses: Bool = true) {
        rng = SplitMix64(seed: seed)
        typesParentheses = parentheses
    }

    static let functions = ["√", "x²", "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log₁₀", "eˣ", "10ˣ", "x⁻¹", "±", "%",
                            "∛", "x³"]
    static let operations = ["+", "−", "×", "÷", "xʸ"]
    static let strayBeforeParentheses = functions + operations
        + ["=", ".", "ee", "±", "⌫", "→M", "M", "π", "e", "graph", "DRG", "ans", "0", "7", "C", "deg", "rad"]
    static let stray = strayBeforeParentheses + ["(", ")"]

    public mutating func next() -> String {
        if queue.isEmpty { queue = episode() }
        return queue.removeFirst()
    }

    /// A number as people type them: whole, with a point, now and then negative, with an exponent, or a typo mended.
    private mutating func number() -> [String] {
        var keys = (0..<1 + rng.below(3)).map { _ in String(rng.below(10)) }
        if rng.below(4) == 0 { keys += ["."] + (0..<1 + rng.below(3)).map { _ in String(rng.below(10)) } }
        if rng.below(12) == 0 { keys += ["ee"] + (rng.below(2) == 0 ? ["±"] : []) + (0..<1 + rng.below(3)).map { _ in String(rng.below(10)) } }
        if rng.below(15) == 0 { keys += [String(rng.below(10)), "⌫"] }
        if rng.below(10) == 0 { keys += ["±"] }
        return keys
    }

    /// An operand, or now and then a group of two, nested at most `depth` more times.
    private mutating func term(depth: Int = 1) -> [String] {
        guard typesParentheses, rng.below(6) == 0 else { return operand() }
        let inner = depth > 0 ? term(depth: depth - 1) : operand()
        return ["("] + inner + [Self.operations[rng.below(Self.operations.count)]] + operand() + (rng.below(8) == 0 ? [] : [")"])
    }

    private mutating func operand() -> [String] {
        switch rng.below(12) {
        case 0: return ["M"]
        case 1: return ["π"]
        case 2: return ["ans"]
        default: return number()
        }
    }

    private mutating func episode() -> [String] {
        switch rng.below(40) {
        case 0..<14: // a sum, a product, a power
            var keys = term()
            for _ in 0..<1 + rng.below(3) {
                keys += [Self.operations[rng.below(Self.operations.count)]] + term()
                if rng.below(5) == 0 { keys.append(Self.functions[rng.below(Self.functions.count)]) }
            }
            return keys + ["="]
        case 14..<20: // a function of a number, or of what is shown
            return (rng.below(3) == 0 ? [] : operand()) + [Self.functions[rng.below(Self.functions.count)]]
        case 20..<23: return ["DRG"]
        case 23..<26: return (rng.below(2) == 0 ? number() : []) + ["→M"]
        case 26..<29: // a graph of M
            return ["M", Self.functions[rng.below(Self.functions.count)]] + (rng.below(2) == 0 ? ["+", "1", "="] : []) + ["graph"]
        case 29..<32: return Array(repeating: "⌫", count: 1 + rng.below(4))
        case 32..<34: return operand() + ["+", "ans", "="]
        case 34..<39:
            let stray = typesParentheses ? Self.stray : Self.strayBeforeParentheses
            return [stray[rng.below(stray.count)]]
        default: // C now and then, and a fresh start with a negative number ("− 5", "− π", "− M")
            return rng.below(3) == 0 ? ["C"] + (rng.below(2) == 0 ? ["−"] + operand() + ["+", "1", "="] : []) : ["="]
        }
    }
}
