/// Counts and limits calls into the function. It does not hold the function, so it stays a plain
/// value that generic code passes around without copying the function along.
struct EvaluationCounter {
    var pool: Int
    var values = 0
    var enclosures = 0
    var columnLeft = 0
    var columnStarved = false
    var hasEnclosures = true

    init(pool: Int) {
        self.pool = pool
    }

    mutating func startColumn(cap: Int) {
        columnLeft = cap
        columnStarved = false
    }

    func canSpend(_ n: Int) -> Bool { pool >= n && columnLeft >= n }
    mutating func starve() { columnStarved = true }

    @inline(__always)
    mutating func value(_ function: some GraphableFunction, _ x: Double) -> Double {
        values += 1; pool -= 1; columnLeft -= 1
        return function.value(at: x)
    }

    /// Counts a column-boundary value the function gave with others (`GraphableFunction.columns`).
    mutating func countBaseValue() { values += 1 }

    /// A column-boundary sample: always taken, outside the refinement pool.
    @inline(__always)
    mutating func baseValue(_ function: some GraphableFunction, _ x: Double) -> Double {
        values += 1
        return function.value(at: x)
    }

    /// The function's enclosure over [a, b]; nil, without asking, once a function has answered nil.
    @inline(__always)
    mutating func enclosure(_ function: some GraphableFunction, _ a: Double, _ b: Double) -> Enclosure? {
        guard hasEnclosures else { return nil }
        return countEnclosure(function.enclosure(from: a, to: b))
    }

    /// The same, given the function's values at a and b (samples the sampler holds).
    @inline(__always)
    mutating func enclosure(_ function: some GraphableFunction, _ a: Double, _ fa: Double, _ b: Double, _ fb: Double) -> Enclosure? {
        guard hasEnclosures else { return nil }
        return countEnclosure(function.enclosure(from: a, to: b, valueAtLower: fa, valueAtUpper: fb))
    }

    /// Counts an enclosure, asked for alone or given with others (`GraphableFunction.columns`); nil when
    /// enclosures are no longer asked for, and none are asked for after a function has answered nil.
    @inline(__always)
    mutating func countEnclosure(_ e: Enclosure?) -> Enclosure? {
        guard hasEnclosures else { return nil }
        enclosures += 1; pool -= 1; columnLeft -= 1
        if e == nil { hasEnclosures = false }
        return e
    }
}
