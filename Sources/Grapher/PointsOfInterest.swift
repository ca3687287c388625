/// A point on a curve worth marking: a zero, a local extremum, or where two curves meet.
public struct PointOfInterest: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case zero, minimum, maximum, intersection
    }
    public var kind: Kind
    /// An interval holding the point, proved, narrower than 1e-9 of its magnitude.
    public var lower: Double
    public var upper: Double
    /// The function's value there (enclosed over the interval).
    public var y: Enclosure
    /// The curves it lies on: one, or two for an intersection.
    public var curves: [Int]
    /// Proved the only point of its kind near it; else only proved to be there (x³'s zero at 0).
    public var isUnique: Bool

    public var x: Double { lower < 0 && upper > 0 ? 0 : lower + (upper - lower) / 2 }
}

/// What the finder proved over a range, and what it could not decide.
public struct PointsOfInterestReport: Sendable {
    public var points: [PointOfInterest]
    /// Stretches of x where some point may hide that the budget could not decide.
    public var uncertain: [(lower: Double, upper: Double)]
}

/// Zeros, local minima and maxima of each curve, and intersections of each pair, every one proved:
///
/// - zero: the curve is continuous and strictly monotone on a stretch (its slope's enclosure excludes 0)
///   and changes sign between the stretch's ends: exactly one zero (existence and uniqueness);
/// - minimum, maximum: the same for the slope, with the curvature's enclosure excluding 0: exactly one
///   stationary point, where the slope changes sign (− to + a minimum, + to − a maximum);
/// - intersection: a zero of the difference of two curves, as for zeros.
///
/// Where a stretch narrower than 1e-12 is not monotone, a sign change still proves a point there, but
/// not that it is alone (`isUnique` false): x³'s zero at 0, x⁴'s minimum.
///
/// A pole is never a zero: where the curve is unbounded its enclosure proves nothing, and a stretch is
/// only cleared by a function with the same zeros that stays bounded (tan by sin, a/b by a). Extrema at
/// kinks (|M| at 0) and zeros where a curve only touches 0 are not stationary sign changes: they stay
/// uncertain. Every search is bounded by `budget` enclosures per curve and kind.
public enum PointsOfInterestFinder {
    public static func find(curves: [any ProvableFunction], from lower: Double, to upper: Double,
                            budget: Int = 20_000) -> PointsOfInterestReport {
        var points: [PointOfInterest] = []
        var uncertain: [(Double, Double)] = []
        for (index, f) in curves.enumerated() {
            let zeros = CertifiedRoots(zerosOf: f)
            var zeroBudget = budget
            let z = zeros.roots(from: lower, to: upper, budget: &zeroBudget)
            points += z.roots.map { PointOfInterest(kind: .zero, lower: $0.lower, upper: $0.upper,
                                                    y: Enclosure(lower: 0, upper: 0, isContinuous: true, definedness: .everywhere),
                                                    curves: [index], isUnique: $0.isUnique) }
            uncertain += z.uncertain
            let stationary = CertifiedRoots(value: { f.slopeEnclosure(from: $0, to: $1) },
                                            slope: { f.curvatureEnclosure(from: $0, to: $1) },
                                            witness: { f.slopeZeroWitnessEnclosure(from: $0, to: $1) })
            var extremumBudget = budget
            let e = stationary.roots(from: lower, to: upper, budget: &extremumBudget)
            points += e.roots.map { PointOfInterest(kind: $0.direction > 0 ? .minimum : .maximum, lower: $0.lower, upper: $0.upper,
                                                    y: f.enclosure(from: $0.lower, to: $0.upper) ?? .unknown, curves: [index],
                                                    isUnique: $0.isUnique) }
            uncertain += e.uncertain
        }
        for i in curves.indices {
            for j in curves.indices where j > i {
                let meets = CertifiedRoots(zerosOf: CurveDifference(f: curves[i], g: curves[j]))
                var meetBudget = budget
                let m = meets.roots(from: lower, to: upper, budget: &meetBudget)
                points += m.roots.map { PointOfInterest(kind: .intersection, lower: $0.lower, upper: $0.upper,
                                                        y: curves[i].enclosure(from: $0.lower, to: $0.upper) ?? .unknown,
                                                        curves: [i, j], isUnique: $0.isUnique) }
                uncertain += m.uncertain
            }
        }
        points.sort { $0.lower < $1.lower }
        return PointsOfInterestReport(points: points, uncertain: CertifiedRoots.merged(uncertain).map { (lower: $0.0, upper: $0.1) })
    }
}

extension CertifiedRoots {
    init(zerosOf f: any ProvableFunction) {
        self.init(value: { f.enclosure(from: $0, to: $1) ?? .unknown },
                  slope: { f.slopeEnclosure(from: $0, to: $1) },
                  witness: { f.zeroWitnessEnclosure(from: $0, to: $1) })
    }
}

extension Enclosure {
    static let unknown = Enclosure(lower: -.infinity, upper: .infinity, isContinuous: false, definedness: .partly)
}
