import Arb

/// A node's real value, proved with Arb's balls.
///
/// The walk computes Doubles; a Double's digits past the first few may be rounding noise (∛2³ − 2 is 8.9e-16,
/// not 0; sin of 10¹⁷ + 30 degrees reduces the Double 1e17, not the number typed). Here the node's operations
/// are evaluated again in ball arithmetic from its leaves as the keys denote them: an exact value exactly (a
/// typed 0.1 is 1/10, π is π), a number known only as a Double as the decimal it is written as. The precision
/// doubles until the ball proves `wantedDigits` digits, within a budget of bits times nodes, so a hostile program
/// costs a bounded amount; what is left undecided is said to be.
extension ProgramTape {
    /// Bits the first evaluation uses, and the most any may use.
    static let firstPrecision = 128
    static let maximumPrecision = 4096
    /// Bits times nodes, summed over the evaluations of one proof past the first balls: about 1 ms of Arb at most.
    static let proofBudget = 1 << 18
    /// Significant digits a proof goes for: enough that 15 shown ones round right.
    static let wantedDigits = 20
    /// 3.33 bits a digit, and some to spare for the rounding of the ends.
    static let wantedBits = wantedDigits * 10 / 3 + 4

    /// Node `index`'s ball at the first precision, from its operands' (already made).
    func firstBall(_ index: Int) -> ArbBall {
        ball(at: index, precision: Self.firstPrecision) { balls[$0] }
    }

    /// Node `index`'s ball at `precision`: its exact value's, its leaf's, or its function of its operands' balls.
    private func ball(at index: Int, precision p: Int, operand: (Int) -> ArbBall) -> ArbBall {
        if let exact = exacts[index] { return Self.ball(exact, precision: p) }
        switch nodes[index] {
        case .constant(let value): return Self.ball(written: value, precision: p)
        case .variable(let name): return provedVariables[name]?.ball ?? Self.ball(written: values[index], precision: p)
        case .unary(let f, let a): return Self.apply(f, operand(a), precision: p)
        case .binary(let f, let a, let b): return Self.apply(f, operand(a), operand(b), precision: p)
        }
    }

    func proof(of root: Int) -> ProvedResult { provedBall(of: root).result }

    /// The ball of node `root` that proves most within the budget, and what it proves.
    func provedBall(of root: Int) -> (result: ProvedResult, ball: ArbBall) {
        if let exact = exacts[root], exact.coefficient.isZero { return (.zero, balls[root]) }
        // The balls made with the nodes first: most answers need no more.
        var ball = balls[root]
        var last = Self.result(of: ball)
        if ball.isExact || (last.isEnclosure && ball.relativeAccuracyBits >= Self.wantedBits) { return (last, ball) }
        let needed = nodesNeeded(by: root)
        var precision = Self.firstPrecision * 2, spent = 0
        while precision <= Self.maximumPrecision && spent + precision * needed.count <= Self.proofBudget {
            spent += precision * needed.count
            ball = evaluate(root, nodes: needed, precision: precision)
            last = Self.result(of: ball)
            if last.isEnclosure && ball.relativeAccuracyBits >= Self.wantedBits { return (last, ball) }
            if ball.isExact { return (last, ball) }
            precision *= 2
        }
        return (last, ball)
    }

    /// The nodes `root` reaches, in tape order (operands first), stopping at nodes with an exact value.
    private func nodesNeeded(by root: Int) -> [Int] {
        var isNeeded = [Bool](repeating: false, count: root + 1)
        isNeeded[root] = true
        for index in stride(from: root, through: 0, by: -1) where isNeeded[index] && exacts[index] == nil {
            switch nodes[index] {
            case .unary(_, let a): isNeeded[a] = true
            case .binary(_, let a, let b): isNeeded[a] = true; isNeeded[b] = true
            case .constant, .variable: break
            }
        }
        return isNeeded.indices.filter { isNeeded[$0] }
    }

    private func evaluate(_ root: Int, nodes needed: [Int], precision: Int) -> ArbBall {
        var balls: [Int: ArbBall] = [:]
        balls.reserveCapacity(needed.count)
        for index in needed {
            balls[index] = ball(at: index, precision: precision) { balls[$0]! }
        }
        return balls[root]!
    }

    /// A number known only as a Double denotes the decimal Calx writes it as and reads it from, the shortest
    /// that reads back as it: a typed 1e-320 (no bounded rational) is 10⁻³²⁰, not the subnormal near it.
    static func ball(written value: Double, precision: Int) -> ArbBall {
        value.isFinite ? ArbBall(decimal: value.description, precision: precision) : ArbBall(value)
    }

    static func ball(_ exact: ExactValue, precision: Int) -> ArbBall {
        let q = exact.coefficient
        let rational = ArbBall(numerator: q.numerator, denominator: q.denominator, precision: precision)
        switch exact.constant {
        case .one: return rational
        case .pi: return rational.multiplying(.pi(precision: precision), precision: precision)
        case .e: return rational.multiplying(.e(precision: precision), precision: precision)
        case .squareRoot(let n):
            return rational.multiplying(ArbBall(Double(n)).squareRoot(precision: precision), precision: precision)
        }
    }

    static func apply(_ f: UnaryFunction, _ x: ArbBall, precision p: Int) -> ArbBall {
        switch f {
        case .squareRoot: return x.squareRoot(precision: p)
        case .cubeRoot: return x.cubeRoot(precision: p)
        case .square: return x.multiplying(x, precision: p)
        case .cube: return x.multiplying(x, precision: p).multiplying(x, precision: p)
        case .reciprocal: return ArbBall(1).dividing(x, precision: p)
        case .negate: return x.negated
        case .percent: return x.dividing(ArbBall(100), precision: p)
        case .sine: return x.sine(precision: p)
        case .cosine: return x.cosine(precision: p)
        case .tangent: return x.tangent(precision: p)
        case .arcSine: return x.arcSine(precision: p)
        case .arcCosine: return x.arcCosine(precision: p)
        case .arcTangent: return x.arcTangent(precision: p)
        case .naturalLog: return x.naturalLog(precision: p)
        case .commonLog: return x.commonLog(precision: p)
        case .exponential: return x.exponential(precision: p)
        case .powerOfTen: return ArbBall(10).power(x, precision: p)
        // Degrees as half turns (x/180 of π), reduced exactly: no π of the angle's size is needed.
        case .sineDegrees: return halfTurns(x, p).sineOfHalfTurns(precision: p)
        case .cosineDegrees: return halfTurns(x, p).cosineOfHalfTurns(precision: p)
        case .tangentDegrees: return halfTurns(x, p).tangentOfHalfTurns(precision: p)
        case .arcSineDegrees: return degrees(x.arcSine(precision: p), p)
        case .arcCosineDegrees: return degrees(x.arcCosine(precision: p), p)
        case .arcTangentDegrees: return degrees(x.arcTangent(precision: p), p)
        }
    }

    private static func halfTurns(_ degrees: ArbBall, _ p: Int) -> ArbBall { degrees.dividing(ArbBall(180), precision: p) }

    private static func degrees(_ radians: ArbBall, _ p: Int) -> ArbBall {
        radians.multiplying(ArbBall(180), precision: p).dividing(.pi(precision: p), precision: p)
    }

    static func apply(_ f: BinaryFunction, _ x: ArbBall, _ y: ArbBall, precision p: Int) -> ArbBall {
        switch f {
        case .add: return x.adding(y, precision: p)
        case .subtract: return x.subtracting(y, precision: p)
        case .multiply: return x.multiplying(y, precision: p)
        case .divide: return x.dividing(y, precision: p)
        case .power: return x.power(y, precision: p)
        }
    }

    /// What a ball proves: its ends as decimals where it keeps off 0 and inside the Doubles' range.
    static func result(of ball: ArbBall) -> ProvedResult {
        // Not finite: an operand Arb could not keep off a singular point, 0 nearly always (the reciprocal of
        // ∛2³ − 2, the log of sin π).
        guard ball.isFinite else { return .tooCloseToZero }
        if ball.containsZero { return ball.isExact ? .zero : .tooCloseToZero }
        guard let (lower, upper) = ball.decimalBounds(digits: wantedDigits + 2) else { return .undecided }
        let low = ProvedDecimal(lower), high = ProvedDecimal(upper)
        // Both ends of one sign; the magnitude that is larger bounds how small the number can be.
        let largest = low.isNegative ? low.magnitude : high.magnitude
        if largest < CalculatorNumberFormat.Decimal.leastNonzeroDouble { return .underflow }
        return .enclosure(lower: low, upper: high)
    }
}

extension ProvedDecimal {
    /// A decimal bound from Arb (its significand's digits, with a "-" where negative, times 10^exponent); never 0.
    init(_ bound: ArbBall.DecimalBound) {
        var text = Array(bound.significand.utf8)
        let negative = text.first == UInt8(ascii: "-")
        if negative { text.removeFirst() }
        var digits = text.map { $0 - UInt8(ascii: "0") }
        let count = digits.count
        while digits.first == 0 { digits.removeFirst() }
        while digits.last == 0 { digits.removeLast() }
        let leading = count - text.drop { $0 == UInt8(ascii: "0") }.count
        self.init(magnitude: CalculatorNumberFormat.Decimal(digits: digits, exponent: bound.exponent + count - 1 - leading),
                  isNegative: negative)
    }
}

extension ProvedResult {
    /// The proof of a number known only as a Double: the decimal it is written as (M's readout, say).
    public static func written(_ value: Double) -> ProvedResult {
        if value == 0 { return .zero }
        return ProgramTape.result(of: ProgramTape.ball(written: value, precision: ProgramTape.firstPrecision * 2))
    }

    /// The proof of an exact value: its digits to as many places as a display shows.
    public static func exactly(_ value: ExactValue) -> ProvedResult {
        if value.coefficient.isZero { return .zero }
        return ProgramTape.result(of: ProgramTape.ball(value, precision: ProgramTape.firstPrecision * 2))
    }
}
