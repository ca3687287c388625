/// What a compiled program is known to do over an interval of its variable.
/// (The same meaning as Grapher's `Enclosure`, which this module cannot import; the kiosk adapts.)
public struct ProgramRange: Sendable, Equatable {
    public enum Definedness: Sendable, Equatable {
        /// The value is a number (not NaN) at every x of the interval.
        case everywhere
        /// Perhaps at some x and not at others: a domain edge may lie inside. Also the sound answer when unsure.
        case partly
        /// NaN at every x of the interval.
        case nowhere
    }
    /// Every value that is not NaN lies in lower...upper (±∞ included when the value may blow up).
    /// Empty (lower = +∞, upper = −∞) when the program is defined nowhere.
    public var lower: Double
    public var upper: Double
    /// True only if the program is certainly continuous on the part of the interval where it is
    /// defined, stays bounded there (no pole, no jump), and that part ends only at domain edges
    /// such as √'s 0. Grapher's `Enclosure.isContinuous` means the same (the kiosk's
    /// EnclosureContractTests check it).
    public var isContinuous: Bool
    public var definedness: Definedness

    public init(lower: Double, upper: Double, isContinuous: Bool, definedness: Definedness) {
        self.lower = lower
        self.upper = upper
        self.isContinuous = isContinuous
        self.definedness = definedness
    }
}

extension CompiledProgram {
    /// A guaranteed enclosure of the program over x in [lower, upper], by interval arithmetic
    /// with outward rounding over the folded expression, exact where an operation meets one value twice
    /// (M − M is 0: `RepeatedOperand`).
    public func range(from lower: Double, to upper: Double) -> ProgramRange {
        let x = lower.isNaN || upper.isNaN
            ? IntervalValue.nowhere
            : IntervalValue(Swift.min(lower, upper), Swift.max(lower, upper))
        let r: IntervalValue
        if let f = code.soleFunction {
            // What `evaluate` gives for the variable and one function of it, without walking the nodes
            // (the grapher asks for a thousand enclosures a frame).
            r = x.definedness == .nowhere ? .nowhere : f.enclosure(x)
        } else {
            r = IntervalValue.evaluate(folded, variable: variable, repeats: repeats, x: x)
        }
        return ProgramRange(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous,
                            definedness: r.definedness)
    }

    /// The same enclosure, given the program's values at both ends (`value(at: lower)` and
    /// `value(at: upper)`). A program that is one function of its variable bounds by exactly those
    /// (`UnaryFunction.usesEnds`) and takes them instead of computing them again: the grapher has sampled
    /// both ends of nearly every interval it encloses, and for tan M they were two of its three libm calls.
    public func range(from lower: Double, to upper: Double, valueAtLower: Double, valueAtUpper: Double) -> ProgramRange {
        guard let f = code.soleFunction, f.usesEnds, !lower.isNaN, !upper.isNaN else {
            return range(from: lower, to: upper)
        }
        let ends = lower <= upper ? (lower: valueAtLower, upper: valueAtUpper) : (lower: valueAtUpper, upper: valueAtLower)
        let r = f.enclosure(IntervalValue(Swift.min(lower, upper), Swift.max(lower, upper)), ends: ends)
        return ProgramRange(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous,
                            definedness: r.definedness)
    }

    /// The values at xs[0...n] and the enclosures over [xs[i], xs[i+1]] (xs increasing), exactly what
    /// `value(at:)` and `range(from:to:valueAtLower:valueAtUpper:)` give one by one: a grapher's columns.
    /// Each function the program applies to its bare variable (sin in sin M × M) is computed once a point
    /// for the value there and both enclosures that end there, not three times.
    public func columns(at xs: UnsafeBufferPointer<Double>, values: UnsafeMutableBufferPointer<Double>,
                        ranges: UnsafeMutableBufferPointer<ProgramRange>) {
        let n = xs.count - 1
        precondition(n >= 0 && values.count >= n + 1 && ranges.count >= n, "CompiledProgram.columns: buffers too short")
        let functions = code.soleFunction == nil ? code.variableFunctions(limit: 4) : []
        guard !functions.isEmpty else {
            for i in 0...n { values[i] = code.value(at: xs[i]) }
            for i in 0..<n {
                ranges[i] = range(from: xs[i], to: xs[i + 1], valueAtLower: values[i], valueAtUpper: values[i + 1])
            }
            return
        }
        let m = functions.count
        functions.withUnsafeBufferPointer { functions in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: m * (n + 1)) { table in
                // table[i * m + j]: functions[j] at xs[i].
                let t = table.baseAddress!
                for i in 0...n {
                    for j in 0..<m { (t + i * m + j).initialize(to: functions[j].apply(xs[i])) }
                    values[i] = code.value(at: xs[i], givenVariableFunctions: functions, values: t + i * m)
                }
                for i in 0..<n {
                    let lo = xs[i], hi = xs[i + 1]
                    // Out of order or NaN: as one by one (no end values to hand).
                    guard lo <= hi else {
                        ranges[i] = range(from: lo, to: hi)
                        continue
                    }
                    let r = IntervalValue.evaluate(folded, variable: variable, repeats: repeats, lower: lo, upper: hi,
                                                   givenVariableFunctions: functions,
                                                   lowerValues: t + i * m, upperValues: t + (i + 1) * m)
                    ranges[i] = ProgramRange(lower: r.lower, upper: r.upper, isContinuous: r.isContinuous,
                                             definedness: r.definedness)
                }
            }
        }
    }
}
