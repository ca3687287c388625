import SeededRandom
import CalculatorBrain

/// Random programs over M (free) and A (fixed), with every function of the calculator's keys, as
/// the keys mean them in `angleMode` (sin° for sin in degrees).
struct RandomExpressions {
    var rng: SplitMix64
    let angleMode: AngleMode
    init(seed: UInt64, angleMode: AngleMode = .radians) {
        rng = SplitMix64(seed: seed)
        self.angleMode = angleMode
    }

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
            let f = UnaryFunction.keyFunctions[rng.below(UnaryFunction.keyFunctions.count)]
            return .unary(f.inAngleMode(angleMode), expression(depth: depth - 1))
        }
        let f = BinaryFunction.allCases[rng.below(BinaryFunction.allCases.count)]
        return .binary(f, expression(depth: depth - 1), expression(depth: depth - 1))
    }
}

/// Bit-for-bit equal, except that any NaN equals any NaN (vector units may pick either operand's payload).
func sameValue(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}
