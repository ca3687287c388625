/// The abstract value of a subexpression over an interval of x: bounds on its non-NaN values,
/// whether it is NaN nowhere/somewhere/everywhere, and whether it is certainly continuous and bounded.
struct IntervalValue: Equatable {
    var lower: Double
    var upper: Double
    var definedness: ProgramRange.Definedness
    var isContinuous: Bool

    /// Defined and continuous over [lower, upper] (the variable itself, or a constant).
    init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
        definedness = .everywhere
        isContinuous = lower.isFinite && upper.isFinite
    }

    init(lower: Double, upper: Double, definedness: ProgramRange.Definedness, isContinuous: Bool) {
        self.lower = lower
        self.upper = upper
        self.definedness = definedness
        self.isContinuous = isContinuous
    }

    static let nowhere = IntervalValue(lower: .infinity, upper: -.infinity, definedness: .nowhere, isContinuous: true)

    /// Knows nothing except that the value may or may not be a number.
    static let unknown = IntervalValue(lower: -.infinity, upper: .infinity, definedness: .partly, isContinuous: false)

    func contains(_ v: Double) -> Bool { lower <= v && v <= upper }
    var mayBeInfinite: Bool { lower == -.infinity || upper == .infinity }

    /// The result of an operation: bounds widened outward by `ulps`, definedness from the
    /// operands (downgraded to partly when the operation itself may give NaN), continuous only
    /// if everything is continuous and the bounds are finite.
    /// (Operands as two parameters rather than an array: the grapher asks for many ranges per frame.)
    static func result(_ lo: Double, _ hi: Double, ulps: Int, operands a: IntervalValue, _ b: IntervalValue? = nil,
                       mayBeNaN: Bool = false, continuous: Bool = true) -> IntervalValue {
        if lo.isNaN || hi.isNaN { return unknown } // a bound we cannot trust: give up soundly
        let b = b ?? a
        var definedness = ProgramRange.Definedness.everywhere
        if mayBeNaN || a.definedness != .everywhere || b.definedness != .everywhere { definedness = .partly }
        let lower = widenDown(lo, ulps), upper = widenUp(hi, ulps)
        let isContinuous = continuous && a.isContinuous && b.isContinuous && lower.isFinite && upper.isFinite
        return IntervalValue(lower: lower, upper: upper, definedness: definedness, isContinuous: isContinuous)
    }

    /// `ulps` steps of `nextDown`. Between 2⁻¹⁰⁰⁰ and 2¹⁰⁰⁰ in magnitude a few steps neither reach zero nor
    /// infinity, and the bit patterns of doubles of one sign are in their order: one subtraction (or, below
    /// zero, one addition to the magnitude) gives the same double as the steps (the grapher asks for two
    /// bounds an enclosure, thousands a frame).
    @inline(__always)
    static func widenDown(_ v: Double, _ ulps: Int) -> Double {
        let magnitude = Swift.abs(v)
        if magnitude >= 0x1p-1000, magnitude <= 0x1p1000, ulps >= 0, ulps <= 1 << 20 {
            let bits = v.bitPattern, n = UInt64(ulps)
            return Double(bitPattern: v > 0 ? bits - n : bits + n)
        }
        var v = v
        for _ in 0..<ulps { v = v.nextDown }
        return v
    }

    /// `ulps` steps of `nextUp` (see `widenDown`).
    @inline(__always)
    static func widenUp(_ v: Double, _ ulps: Int) -> Double {
        let magnitude = Swift.abs(v)
        if magnitude >= 0x1p-1000, magnitude <= 0x1p1000, ulps >= 0, ulps <= 1 << 20 {
            let bits = v.bitPattern, n = UInt64(ulps)
            return Double(bitPattern: v > 0 ? bits + n : bits - n)
        }
        var v = v
        for _ in 0..<ulps { v = v.nextUp }
        return v
    }

    /// libm's elementary functions are within about an ulp of the truth; endpoints and points
    /// both err, so widen by a generous margin.
    static let libmUlps = 4

    /// `evaluate` over x = [lower, upper] (lower ≤ upper), given `f.apply(lower)` and `f.apply(upper)` for the
    /// functions of the bare variable in `functions` (`lowerValues[j]`, `upperValues[j]`): the enclosures of
    /// those nodes take them (`UnaryFunction.enclosure(_:ends:)`), the same doubles as computing them.
    static func evaluate(_ e: Expression, variable: String, repeats: [RepeatedOperand?]?, lower: Double, upper: Double,
                         givenVariableFunctions functions: UnsafeBufferPointer<UnaryFunction>,
                         lowerValues: UnsafePointer<Double>, upperValues: UnsafePointer<Double>) -> IntervalValue {
        let x = IntervalValue(lower, upper)
        return withUnsafeTemporaryAllocation(of: IntervalValue.self, capacity: e.nodes.count) { values in
            for (index, node) in e.nodes.enumerated() {
                let value: IntervalValue
                switch node {
                case .constant(let c):
                    value = c.isNaN ? nowhere : IntervalValue(c, c)
                case .variable(let name):
                    value = name == variable ? x : IntervalValue(0, 0)
                case .unary(let f, let a):
                    if values[a].definedness == .nowhere {
                        value = nowhere
                    } else if case .variable(let name) = e.nodes[a], name == variable, f.usesEnds,
                              let j = functions.firstIndex(of: f) {
                        value = f.enclosure(values[a], ends: (lowerValues[j], upperValues[j]))
                    } else {
                        value = f.enclosure(values[a])
                    }
                case .binary(let f, let a, let b):
                    if let repeats, let rule = repeats[index] {
                        value = repeated(rule, values[a])
                    } else {
                        value = f.enclosure(values[a], values[b])
                    }
                }
                (values.baseAddress! + index).initialize(to: value)
            }
            return values[e.nodes.count - 1]
        }
    }

    /// The enclosure of `e` over x, node by node; `repeats` (`Expression.repeatedOperands()`) gives the nodes
    /// whose operation meets one value twice an exact enclosure instead of the independent operands' one.
    static func evaluate(_ e: Expression, variable: String, repeats: [RepeatedOperand?]?, x: IntervalValue) -> IntervalValue {
        withUnsafeTemporaryAllocation(of: IntervalValue.self, capacity: e.nodes.count) { values in
            for (index, node) in e.nodes.enumerated() {
                let value: IntervalValue
                switch node {
                case .constant(let c):
                    value = c.isNaN ? nowhere : IntervalValue(c, c)
                case .variable(let name):
                    // Folding leaves only the free variable; anything else would be 0 as in Expression.value.
                    value = name == variable ? x : IntervalValue(0, 0)
                case .unary(let f, let a):
                    value = values[a].definedness == .nowhere ? nowhere : f.enclosure(values[a])
                case .binary(let f, let a, let b):
                    if let repeats, let rule = repeats[index] {
                        value = repeated(rule, values[a])
                    } else {
                        value = f.enclosure(values[a], values[b])
                    }
                }
                (values.baseAddress! + index).initialize(to: value)
            }
            return values[e.nodes.count - 1]
        }
    }

    /// The enclosure of v − v, v ÷ v or v × v for v anywhere in `v`: exact, where the operands' own
    /// enclosures would treat the two as independent.
    static func repeated(_ rule: RepeatedOperand, _ v: IntervalValue) -> IntervalValue {
        if v.definedness == .nowhere { return .nowhere }
        switch rule {
        case .zero:
            // ∞ − ∞ is NaN; every finite v gives ±0.
            let definedness: ProgramRange.Definedness = v.definedness == .everywhere && !v.mayBeInfinite ? .everywhere : .partly
            return IntervalValue(lower: 0, upper: 0, definedness: definedness, isContinuous: v.isContinuous)
        case .one(let sign):
            // 0 ÷ 0 and ∞ ÷ ∞ are NaN: holes, where v may be either.
            if v.lower == v.upper && (v.lower == 0 || v.lower.isInfinite) { return .nowhere }
            let holes = v.contains(0) || v.mayBeInfinite
            let definedness: ProgramRange.Definedness = v.definedness == .everywhere && !holes ? .everywhere : .partly
            return IntervalValue(lower: sign, upper: sign, definedness: definedness, isContinuous: v.isContinuous && !holes)
        case .square(let sign):
            let square = UnaryFunction.square.enclosure(v)
            return sign > 0 ? square : UnaryFunction.negate.enclosure(square)
        }
    }
}
