/// ∫_from^to f(x) dx, proved: the interval is cut into pieces, each piece's integral enclosed by the
/// function (`IntegrableFunction`), and the widest piece cut in two until the enclosures add up to less
/// than `goal`. The sum is rounded outward, so `lower ≤ ∫ ≤ upper` holds for what it reports.
///
/// Resumable, as `PointsOfInterestSearch` is: `advance(work:)` spends about that many enclosures (one cut
/// more at most) and returns, so a screen spreads it over frames; the whole run is bounded by `budget`.
/// It ends uncertain, with no number, where the function is undefined on a stretch or a piece that cannot
/// be cut further proves nothing (a pole: ∫ 1/x over [−1, 1]), or the budget ends with such a piece left.
public struct ProvedIntegral {
    public let function: any IntegrableFunction
    public let from: Double
    public let to: Double
    /// The width the enclosure aims at: `goal`, or `relativeGoal` of the integral's size where that is more
    /// (the doubles near a large value are coarser than an absolute goal).
    public let goal: Double
    public let relativeGoal: Double
    /// Enclosures the whole run may spend.
    public let budget: Int
    /// Enclosures spent so far.
    public private(set) var workDone = 0
    public private(set) var isFinished = false
    /// Finished with no number: an undefined stretch or a pole lies inside.
    public private(set) var isUncertain = false
    /// The budget ended the run short of the goal: the enclosure is what was proved (wider than the goal),
    /// or, with a piece that proved nothing left, uncertain.
    public private(set) var isCutShort = false

    /// Pieces start this many to the interval: the first answer is already a fair one.
    static let firstPieces = 8
    /// A piece shorter than this fraction of the interval is not cut again (about 44 halvings).
    static let shortestPiece = 0x1p-44

    private var lowers: [Double] = []
    private var uppers: [Double] = []
    private var enclosures: [IntegralEnclosure] = []
    /// Pieces that may still be cut, widest enclosure on top.
    private var heap: [Int] = []
    private var unprovedCount = 0
    /// How many pieces there were when the exact sum was last checked against the goal.
    private var checkedAt = 0

    public init(function: any IntegrableFunction, from: Double, to: Double, goal: Double = 1e-7, relativeGoal: Double = 1e-13,
                budget: Int = 2_000_000) {
        self.function = function
        self.from = from
        self.to = to
        self.goal = goal
        self.relativeGoal = relativeGoal
        self.budget = budget
        if from == to {
            isFinished = true
        } else if !(from.isFinite && to.isFinite) {
            isFinished = true
            isUncertain = true
        }
    }

    /// The proved enclosure of the integral so far: nil while some piece proves nothing, and when uncertain.
    /// Narrows as the run goes on; every one it gives holds.
    public var enclosure: (lower: Double, upper: Double)? {
        if from == to { return (0, 0) }
        if isFinished { return isUncertain ? nil : result }
        return sum()
    }

    /// The finished run's enclosure: its pieces are let go once it is added up.
    private var result: (lower: Double, upper: Double)?

    /// The pieces added up.
    private func sum() -> (lower: Double, upper: Double)? {
        guard !isUncertain, unprovedCount == 0, !enclosures.isEmpty else { return nil }
        var lower = OutwardSum(), upper = OutwardSum()
        for e in enclosures {
            lower.add(e.lower)
            upper.add(e.upper)
        }
        let lo = lower.roundedDown, hi = upper.roundedUp
        guard lo.isFinite, hi.isFinite else { return nil }
        return from < to ? (lo, hi) : (-hi, -lo)
    }

    /// The middle of the enclosure, as the value to show.
    public var value: Double? { enclosure.map { $0.lower / 2 + $0.upper / 2 } }

    /// Spends about `work` enclosures (one cut more at most; the first call starts with all the first pieces)
    /// and says how many it spent.
    @discardableResult
    public mutating func advance(work: Int) -> Int {
        let before = workDone
        if enclosures.isEmpty && !isFinished { start() }
        let cost = 2 * function.enclosuresPerIntegralPiece
        while !isFinished && workDone - before < work {
            if workDone + cost > budget {
                isCutShort = unprovedCount > 0 || !(sum().map(meetsGoal) ?? false)
                finish()
                break
            }
            if heap.isEmpty || reachedGoal() {
                finish()
                break
            }
            cutWidest()
        }
        if isFinished && !enclosures.isEmpty { letPiecesGo() }
        return workDone - before
    }

    /// Done: the sum is kept, the pieces (up to tens of thousands on a screen's budget) are not.
    private mutating func letPiecesGo() {
        result = isUncertain ? nil : sum()
        lowers = []
        uppers = []
        enclosures = []
        heap = []
    }

    /// x from the lower end to the upper, in equal pieces.
    private mutating func start() {
        let a = min(from, to), b = max(from, to)
        var ends = [a]
        for i in 1..<Self.firstPieces {
            let x = a + (b - a) * Double(i) / Double(Self.firstPieces)
            if x > ends[ends.count - 1] && x < b { ends.append(x) }
        }
        ends.append(b)
        for i in 0..<(ends.count - 1) { add(ends[i], ends[i + 1]) }
    }

    private mutating func add(_ lower: Double, _ upper: Double) {
        let e = function.integralEnclosure(from: lower, to: upper)
        workDone += function.enclosuresPerIntegralPiece
        if e.status == .undefined {
            isFinished = true
            isUncertain = true
        }
        lowers.append(lower)
        uppers.append(upper)
        enclosures.append(e)
        count(e, 1)
        push(enclosures.count - 1)
    }

    private mutating func count(_ e: IntegralEnclosure, _ sign: Int) {
        if e.status != .proved { unprovedCount += sign }
    }

    /// Cuts the piece whose enclosure is widest (one that proves nothing first, the longest of those).
    private mutating func cutWidest() {
        let i = popWidest()
        let lower = lowers[i], upper = uppers[i]
        let middle = lower / 2 + upper / 2
        let shortest = (max(from, to) - min(from, to)) * Self.shortestPiece
        guard middle > lower, middle < upper, upper - lower > shortest else {
            // As short as it gets: it stays as it is, and one that proves nothing leaves no number.
            if enclosures[i].status != .proved {
                isFinished = true
                isUncertain = true
            }
            return
        }
        count(enclosures[i], -1)
        let e = function.integralEnclosure(from: lower, to: middle)
        workDone += function.enclosuresPerIntegralPiece
        uppers[i] = middle
        enclosures[i] = e
        count(e, 1)
        if e.status == .undefined { isFinished = true; isUncertain = true }
        push(i)
        add(middle, upper)
    }

    /// Whether the enclosure is narrower than the goal: the sum over every piece, done again only once a
    /// quarter more pieces have come (a pass a cut would make the run quadratic).
    private mutating func reachedGoal() -> Bool {
        guard unprovedCount == 0, enclosures.count >= checkedAt + checkedAt / 4 else { return false }
        checkedAt = enclosures.count + 1
        return sum().map(meetsGoal) ?? false
    }

    private func meetsGoal(_ e: (lower: Double, upper: Double)) -> Bool {
        e.upper - e.lower <= max(goal, relativeGoal * max(abs(e.lower), abs(e.upper)))
    }

    private mutating func finish() {
        if unprovedCount > 0 || sum() == nil { isUncertain = true }
        isFinished = true
    }

    // MARK: The heap of pieces, widest on top

    /// Pieces that prove nothing come first, the longest of them; then the widest enclosure.
    private func wider(_ i: Int, _ j: Int) -> Bool {
        let a = enclosures[i], b = enclosures[j]
        switch (a.status == .proved, b.status == .proved) {
        case (false, true): return true
        case (true, false): return false
        case (false, false): return uppers[i] - lowers[i] > uppers[j] - lowers[j]
        case (true, true): return a.upper - a.lower > b.upper - b.lower
        }
    }

    private mutating func push(_ i: Int) {
        heap.append(i)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard wider(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popWidest() -> Int {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var widest = parent
                if left < heap.count && wider(heap[left], heap[widest]) { widest = left }
                if right < heap.count && wider(heap[right], heap[widest]) { widest = right }
                if widest == parent { break }
                heap.swapAt(parent, widest)
                parent = widest
            }
        }
        return top
    }
}

/// A sum of doubles bounded outward: the running sum is kept with its exact rounding error beside it
/// (Knuth's two-sum), so the bound loses an ulp of the errors' sum a term, not an ulp of the whole.
struct OutwardSum {
    private var sum = 0.0
    /// The rounding errors so far, added as a lower and an upper bound of their own sum.
    private var errorsBelow = 0.0
    private var errorsAbove = 0.0

    mutating func add(_ x: Double) {
        let s = sum + x
        let b = s - sum
        let error = (sum - (s - b)) + (x - b)
        sum = s
        errorsBelow = (errorsBelow + error).nextDown
        errorsAbove = (errorsAbove + error).nextUp
    }

    /// At most the exact sum (an overflow gives up to ∓∞).
    var roundedDown: Double { sum.isFinite ? (sum + errorsBelow).nextDown : (sum.isNaN ? -.infinity : sum) }
    /// At least the exact sum.
    var roundedUp: Double { sum.isFinite ? (sum + errorsAbove).nextUp : (sum.isNaN ? .infinity : sum) }
}
