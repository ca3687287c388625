/// What the grapher draws: a function of x, asked point by point.
/// The graph view never stores an array of points handed to it; it asks.
public protocol GraphableFunction {
    /// y at x; NaN where the function is undefined, ±∞ where it blows up.
    func value(at x: Double) -> Double
    /// A guaranteed enclosure of the function over [lower, upper], or nil when the function
    /// cannot say. With it the sampler breaks curves and ends domains with certainty;
    /// without it, a numeric fallback decides.
    func enclosure(from lower: Double, to upper: Double) -> Enclosure?
    /// The same enclosure, given `value(at: lower)` and `value(at: upper)`, which the sampler has already
    /// computed: a function whose enclosure would compute them again may take them instead. It must
    /// answer exactly what `enclosure(from:to:)` answers.
    func enclosure(from lower: Double, to upper: Double, valueAtLower: Double, valueAtUpper: Double) -> Enclosure?
    /// The values at xs[0...n] and the enclosures over [xs[i], xs[i+1]] (xs increasing): exactly `value(at:)`
    /// at each x and `enclosure(from:to:valueAtLower:valueAtUpper:)` over each interval, so a function may
    /// share work between them (the sampler's columns share their ends).
    func columns(at xs: UnsafeBufferPointer<Double>, values: UnsafeMutableBufferPointer<Double>,
                 enclosures: UnsafeMutableBufferPointer<Enclosure?>)
    /// Whether `columns` costs less than asking one by one (then the sampler asks for a run of columns at
    /// once, and may so have a value it held already computed again, and every enclosure of the run).
    var sharesColumnWork: Bool { get }
}

extension GraphableFunction {
    public func enclosure(from lower: Double, to upper: Double) -> Enclosure? { nil }

    public func enclosure(from lower: Double, to upper: Double, valueAtLower: Double, valueAtUpper: Double) -> Enclosure? {
        enclosure(from: lower, to: upper)
    }

    public var sharesColumnWork: Bool { false }

    public func columns(at xs: UnsafeBufferPointer<Double>, values: UnsafeMutableBufferPointer<Double>,
                        enclosures: UnsafeMutableBufferPointer<Enclosure?>) {
        guard !xs.isEmpty else { return }
        for i in xs.indices { values[i] = value(at: xs[i]) }
        for i in 0..<(xs.count - 1) {
            enclosures[i] = enclosure(from: xs[i], to: xs[i + 1], valueAtLower: values[i], valueAtUpper: values[i + 1])
        }
    }
}

/// What a function is known to do over an interval of x.
public struct Enclosure: Sendable, Equatable {
    public enum Definedness: Sendable, Equatable {
        /// Defined at every x of the interval.
        case everywhere
        /// Defined at some x and not at others (a domain edge lies inside).
        case partly
        /// Defined at no x of the interval.
        case nowhere
    }
    /// Every defined value lies in lower...upper (either may be infinite).
    public var lower: Double
    public var upper: Double
    /// True only if the function is certainly continuous on the part of the interval where it is
    /// defined, stays bounded there (no pole, no jump; so lower and upper are finite), and that part
    /// ends only at domain edges. With `definedness == .everywhere` that part is the whole interval,
    /// which is what the sampler and the root finder rely on. A compiled program's
    /// `ProgramRange.isContinuous` means the same (the kiosk's EnclosureContractTests check it).
    public var isContinuous: Bool
    public var definedness: Definedness

    public init(lower: Double, upper: Double, isContinuous: Bool, definedness: Definedness) {
        self.lower = lower
        self.upper = upper
        self.isContinuous = isContinuous
        self.definedness = definedness
    }
}
