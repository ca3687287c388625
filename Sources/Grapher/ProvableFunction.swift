/// A function whose points of interest can be proved, not guessed: besides its own enclosure it
/// encloses its slope and curvature, and a function sharing its zeros that stays bounded at its
/// poles. (All enclosures are of the mathematical functions, as `Enclosure` is.)
public protocol ProvableFunction: GraphableFunction {
    func slopeEnclosure(from lower: Double, to upper: Double) -> Enclosure
    func curvatureEnclosure(from lower: Double, to upper: Double) -> Enclosure
    /// An enclosure of a function that is 0 wherever this one is (and perhaps elsewhere).
    func zeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure
    /// The same for the slope: it clears the stretches around poles of extrema.
    func slopeZeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure
}

extension Enclosure {
    /// Whether some defined value may be 0.
    var mayBeZero: Bool { definedness != .nowhere && lower <= 0 && upper >= 0 }

    /// Certainly positive (+1), certainly negative (−1), or undecided (0) where defined everywhere.
    var sign: Int {
        guard definedness == .everywhere else { return 0 }
        if lower > 0 { return 1 }
        if upper < 0 { return -1 }
        return 0
    }

    /// The enclosure of a − b for functions enclosed by `self` and `other` on the same interval,
    /// rounded outward.
    func minus(_ other: Enclosure) -> Enclosure {
        let definedness: Definedness
        switch (self.definedness, other.definedness) {
        case (.nowhere, _), (_, .nowhere): definedness = .nowhere
        case (.everywhere, .everywhere): definedness = .everywhere
        default: definedness = .partly
        }
        let lo = (lower - other.upper).nextDown, hi = (upper - other.lower).nextUp
        return Enclosure(lower: lo.isNaN ? -.infinity : lo, upper: hi.isNaN ? .infinity : hi,
                         isContinuous: isContinuous && other.isContinuous && lo.isFinite && hi.isFinite,
                         definedness: definedness)
    }
}

/// f − g, for the intersections of two curves: its zeros are where they meet.
struct CurveDifference: ProvableFunction {
    let f: any ProvableFunction
    let g: any ProvableFunction

    func value(at x: Double) -> Double { f.value(at: x) - g.value(at: x) }

    func enclosure(from lower: Double, to upper: Double) -> Enclosure? {
        guard let a = f.enclosure(from: lower, to: upper), let b = g.enclosure(from: lower, to: upper) else { return nil }
        return a.minus(b)
    }

    func slopeEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        f.slopeEnclosure(from: lower, to: upper).minus(g.slopeEnclosure(from: lower, to: upper))
    }

    func curvatureEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        f.curvatureEnclosure(from: lower, to: upper).minus(g.curvatureEnclosure(from: lower, to: upper))
    }

    func zeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        enclosure(from: lower, to: upper) ?? .unknown
    }

    func slopeZeroWitnessEnclosure(from lower: Double, to upper: Double) -> Enclosure {
        slopeEnclosure(from: lower, to: upper)
    }
}
