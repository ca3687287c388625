/// Zeros of a function, each proved: found on a stretch where the function is continuous and changes
/// sign between the stretch's ends, so a zero lies there (intermediate values); where it is also
/// strictly monotone (its slope's enclosure excludes 0) that zero is the only one. A stretch that is
/// not monotone is split until it is, or until it is too narrow to matter (1e-12), where a sign change
/// still proves a zero (x³ at 0), though not that it is alone. Then narrowed by bisection, every sign
/// it relies on proved by an enclosure at a point. The search goes breadth first, so a budget spent on
/// one hard spot (sin(1/M) near 0) leaves the rest decided; what it cannot decide is returned as
/// uncertain, never guessed. A stretch where the function is proved 0 throughout (√(M − M)) holds no
/// isolated zero: it is returned as a flat stretch, not split for ever.
struct CertifiedRoots {
    /// The function whose zeros are sought, its slope, and a function sharing its zeros that stays
    /// bounded at poles (it proves a stretch empty where the function's own enclosure cannot).
    var value: (Double, Double) -> Enclosure
    var slope: (Double, Double) -> Enclosure
    var witness: (Double, Double) -> Enclosure

    struct Root {
        /// Holds exactly one zero, and is narrower than 1e-9 of its magnitude.
        var lower: Double
        var upper: Double
        /// +1 where the function rises through 0, −1 where it falls.
        var direction: Int
        /// Proved the only zero of a stretch around it (else only that one is there).
        var isUnique: Bool
    }

    /// What a search decided: the zeros, the stretches where the function is 0 throughout, and what it
    /// could not decide.
    struct Found {
        var roots: [Root]
        var flat: [(Double, Double)]
        var uncertain: [(Double, Double)]
    }

    /// Splits land off the middle so that round numbers (0, a range's midpoint) are not split points.
    static let splitRatio = 0.4990234375 // 511/1024

    /// Zeros in [lower, upper], left to right, and the stretches left undecided when `budget`
    /// enclosures are spent or a stretch is narrower than can be split usefully.
    func roots(from lower: Double, to upper: Double, budget: inout Int) -> Found {
        var search = Search(self, from: lower, to: upper, budget: budget)
        search.advance(work: .max)
        budget = search.budget
        return search.result
    }

    /// The same search, resumable: `advance(work:)` spends about that much of the budget, stopping only
    /// between stretches, and the next call goes on where it stopped. Run to the end in any steps, it
    /// decides exactly what `roots` decides with the same budget (it is what `roots` runs).
    struct Search {
        let finder: CertifiedRoots
        private(set) var budget: Int
        private var level: [(Double, Double)]
        private var position = 0
        private var next: [(Double, Double)] = []
        private var found: [Root] = []
        private var undecided: [(Double, Double)] = []
        private var flat: [(Double, Double)] = []

        /// The middle of the whole range: where the budget goes first when it cannot go everywhere.
        private let centre: Double

        init(_ finder: CertifiedRoots, from lower: Double, to upper: Double, budget: Int) {
            self.finder = finder
            self.budget = budget
            level = [(lower, upper)]
            centre = lower / 2 + upper / 2
        }

        var isFinished: Bool { level.isEmpty }

        var result: Found {
            Found(roots: found.sorted { $0.lower < $1.lower }, flat: CertifiedRoots.merged(flat),
                  uncertain: CertifiedRoots.merged(undecided))
        }

        /// Goes on until `work` of the budget is spent (a stretch being narrowed is finished first, so a
        /// step may spend one narrowing more) or the search ends. Returns the work spent.
        @discardableResult
        mutating func advance(work: Int) -> Int {
            let start = budget
            while !level.isEmpty && start - budget < work {
                if position == level.count {
                    level = affordable(next)
                    next = []
                    position = 0
                    continue
                }
                let (a, b) = level[position]
                position += 1
                visit(a, b)
            }
            return start - budget
        }

        /// The next level as far as the budget can take it: where it holds more stretches than the budget
        /// left could decide (`stretchCost` each), those nearest the middle of the range go on and the rest
        /// are left uncertain, so a budget too small for the whole range (M·sin M over ±10000, thousands of
        /// zeros) still proves the zeros of a part of it, where spread over all of it, it proved none.
        private mutating func affordable(_ stretches: [(Double, Double)]) -> [(Double, Double)] {
            let room = max(0, budget / CertifiedRoots.stretchCost)
            guard stretches.count > room else { return stretches }
            let nearest = stretches.indices.sorted {
                abs(stretches[$0].0 / 2 + stretches[$0].1 / 2 - centre) < abs(stretches[$1].0 / 2 + stretches[$1].1 / 2 - centre)
            }
            var kept = [Bool](repeating: false, count: stretches.count)
            for i in nearest.prefix(room) { kept[i] = true }
            var level: [(Double, Double)] = []
            for (i, s) in stretches.enumerated() {
                if kept[i] { level.append(s) } else { undecided.append(s) }
            }
            return level
        }

        private mutating func visit(_ a: Double, _ b: Double) {
            guard budget > 0 else { undecided.append((a, b)); return }
            budget -= 3
            if !finder.witness(a, b).mayBeZero { return }
            let v = finder.value(a, b)
            if !v.mayBeZero { return }
            if v.lower == 0 && v.upper == 0 && v.definedness == .everywhere { flat.append((a, b)); return }
            let small = b - a <= CertifiedRoots.smallest(a, b)
            if let root = finder.provedRoot(a, b, small: small, budget: &budget) {
                if let root { found.append(root) }
                return
            }
            if small { undecided.append((a, b)); return }
            // A stretch as wide as a view zoomed out to 1e-304 pixels a unit overflows b − a.
            let m = (b - a).isFinite ? a + (b - a) * CertifiedRoots.splitRatio : a / 2 + b / 2
            next.append((a, m))
            next.append((m, b))
        }
    }

    /// nil when [a, b] is not decided here; .some(nil) when it is proved to hold no zero.
    fileprivate func provedRoot(_ a: Double, _ b: Double, small: Bool, budget: inout Int) -> Root?? {
        let v = value(a, b)
        guard v.isContinuous, v.definedness == .everywhere else { return nil }
        let monotone = slope(a, b).sign != 0
        guard monotone || small else { return nil }
        let va = value(a, a), vb = value(b, b)
        let sa = va.sign, sb = vb.sign
        guard sa != 0, sb != 0 else { return nil }
        if sa == sb { return monotone ? .some(nil) : nil } // monotone and the same sign at both ends: none
        guard var root = narrowed(a, b, values: (va.middle, vb.middle), rising: sa < 0, budget: &budget) else { return nil }
        root.isUnique = monotone
        return .some(root)
    }

    /// Narrower than 1e-9 of the magnitude, as the points report promises; a stretch around 0, where a
    /// relative width means nothing, narrower than 1e-12.
    static func tolerance(_ a: Double, _ b: Double) -> Double {
        a <= 0 && b >= 0 ? 1e-12 : 1e-10 * Swift.max(abs(a), abs(b))
    }

    /// What deciding a stretch takes, about: a few splits and a root narrowed to 1e-10 (each step an enclosure).
    static let stretchCost = 12

    /// Below this a stretch is not split again: left uncertain.
    static func smallest(_ a: Double, _ b: Double) -> Double {
        1e-12 * Swift.max(1, abs(a), abs(b))
    }

    static func merged(_ stretches: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for s in stretches.sorted(by: { $0.0 < $1.0 }) {
            if let last = out.last, s.0 <= last.1 { out[out.count - 1].1 = Swift.max(last.1, s.1) } else { out.append(s) }
        }
        return out
    }
}
