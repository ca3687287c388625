import CalculatorBrain

/// Seeded deterministic randomness for the property tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Random programs over M (free) and A (fixed), with every function of the calculator.
struct RandomExpressions {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let constants: [Double] = [0, 1, 2, 3, -1, 0.5, 10, 100, .pi, -2.5, 1e-3]

    mutating func expression(depth: Int) -> Expression {
        if depth == 0 || rng.below(4) == 0 {
            switch rng.below(6) {
            case 0, 1, 2: return .variable("M")
            case 3: return .variable("A")
            case 4: return .constant(rng.uniform(-5, 5))
            default: return .constant(RandomExpressions.constants[rng.below(RandomExpressions.constants.count)])
            }
        }
        if rng.below(2) == 0 {
            let f = UnaryFunction.allCases[rng.below(UnaryFunction.allCases.count)]
            return .unary(f, expression(depth: depth - 1))
        }
        let f = BinaryFunction.allCases[rng.below(BinaryFunction.allCases.count)]
        return .binary(f, expression(depth: depth - 1), expression(depth: depth - 1))
    }
}

/// Bit-for-bit equal, except that any NaN equals any NaN (vector units may pick either operand's payload).
func sameValue(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}
