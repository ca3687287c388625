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

/// A stretch where a curve is proved 0 at every x (√(M − M)): its zeros are no isolated points to mark.
public struct ZeroStretch: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    /// The curve, by index.
    public var curve: Int

    public init(lower: Double, upper: Double, curve: Int) {
        self.lower = lower
        self.upper = upper
        self.curve = curve
    }
}

/// What the finder proved over a range, and what it could not decide.
public struct PointsOfInterestReport: Sendable {
    public var points: [PointOfInterest]
    /// Where a curve is 0 throughout.
    public var zeroStretches: [ZeroStretch]
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
        var search = PointsOfInterestSearch(curves: curves, from: lower, to: upper, budget: budget)
        search.advance(work: .max)
        return search.report
    }
}

/// The finder's work, resumable, so a screen can spread it over frames: each `advance(work:)` spends
/// about that many enclosures (one narrowing more at most) and returns; run to the end in any steps it
/// proves exactly what `PointsOfInterestFinder.find` proves (which runs it in one step). The searches go
/// one after another: each curve's zeros, then its extrema, then each pair's intersections.
public struct PointsOfInterestSearch {
    private enum Task {
        case zeros(Int), extrema(Int), meets(Int, Int)
    }
    public let curves: [any ProvableFunction]
    public let lower: Double
    public let upper: Double
    /// Enclosures each search (a curve's zeros, its extrema, a pair's intersections) may spend.
    public let budget: Int
    private var tasks: [Task]
    private var current: (task: Task, search: CertifiedRoots.Search)?
    private var points: [PointOfInterest] = []
    private var uncertain: [(Double, Double)] = []
    private var zeroStretches: [ZeroStretch] = []
    /// Enclosures spent so far.
    public private(set) var workDone = 0

    public init(curves: [any ProvableFunction], from lower: Double, to upper: Double, budget: Int = 20_000) {
        self.curves = curves
        self.lower = lower
        self.upper = upper
        self.budget = budget
        var tasks: [Task] = []
        for i in curves.indices { tasks += [.zeros(i), .extrema(i)] }
        for i in curves.indices { for j in curves.indices where j > i { tasks.append(.meets(i, j)) } }
        self.tasks = tasks.reversed()
    }

    public var isFinished: Bool { current == nil && tasks.isEmpty }

    /// What is proved so far, sorted by x; complete once `isFinished`.
    public var report: PointsOfInterestReport {
        PointsOfInterestReport(points: points.sorted { $0.lower < $1.lower }, zeroStretches: zeroStretches,
                               uncertain: CertifiedRoots.merged(uncertain).map { (lower: $0.0, upper: $0.1) })
    }

    /// Spends about `work` enclosures; returns the work spent (0 once finished).
    @discardableResult
    public mutating func advance(work: Int) -> Int {
        var spent = 0
        while spent < work {
            if current == nil {
                guard let task = tasks.popLast() else { break }
                current = (task, CertifiedRoots.Search(finder(for: task), from: lower, to: upper, budget: budget))
            }
            spent += current!.search.advance(work: work - spent)
            if current!.search.isFinished {
                collect(current!.task, current!.search.result)
                current = nil
            }
        }
        workDone += spent
        return spent
    }

    private func finder(for task: Task) -> CertifiedRoots {
        switch task {
        case .zeros(let i): CertifiedRoots(zerosOf: curves[i])
        case .extrema(let i):
            CertifiedRoots(value: { [f = curves[i]] in f.slopeEnclosure(from: $0, to: $1) },
                           slope: { [f = curves[i]] in f.curvatureEnclosure(from: $0, to: $1) },
                           witness: { [f = curves[i]] in f.slopeZeroWitnessEnclosure(from: $0, to: $1) })
        case .meets(let i, let j): CertifiedRoots(zerosOf: CurveDifference(f: curves[i], g: curves[j]))
        }
    }

    /// Flat stretches: of a curve, zeros throughout; of its slope, a constant stretch, where no extremum
    /// (a sign change of the slope) lies; of a difference, never (`Enclosure.minus` rounds outward).
    private mutating func collect(_ task: Task, _ found: CertifiedRoots.Found) {
        uncertain += found.uncertain
        switch task {
        case .zeros(let i):
            zeroStretches += found.flat.map { ZeroStretch(lower: $0.0, upper: $0.1, curve: i) }
            points += found.roots.map {
                PointOfInterest(kind: .zero, lower: $0.lower, upper: $0.upper,
                                y: Enclosure(lower: 0, upper: 0, isContinuous: true, definedness: .everywhere),
                                curves: [i], isUnique: $0.isUnique)
            }
        case .extrema(let i):
            points += found.roots.map {
                PointOfInterest(kind: $0.direction > 0 ? .minimum : .maximum, lower: $0.lower, upper: $0.upper,
                                y: curves[i].enclosure(from: $0.lower, to: $0.upper) ?? .unknown, curves: [i],
                                isUnique: $0.isUnique)
            }
        case .meets(let i, let j):
            points += found.roots.map {
                PointOfInterest(kind: .intersection, lower: $0.lower, upper: $0.upper,
                                y: curves[i].enclosure(from: $0.lower, to: $0.upper) ?? .unknown,
                                curves: [i, j], isUnique: $0.isUnique)
            }
        }
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
