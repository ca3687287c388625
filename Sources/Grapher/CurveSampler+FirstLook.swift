extension CurveSampler {
    /// The first look at the columns to sample (`uncached`, ascending): their boundary values into
    /// `columns.ends`, and each column's own enclosure into its `work` (one evaluation, kept for its
    /// refinement). Returns the columns it settles (continuous, or undefined; and those without an
    /// enclosure), which need little, and those holding a break.
    ///
    /// The boundary values are taken outside the pool, as ever: the enclosure may use them, and the
    /// refinement reads them in `ends`, not from the cache again. A run of consecutive columns asks a
    /// function that shares the work (`sharesColumnWork`) for its boundary values and the columns'
    /// enclosures in one call (`GraphableFunction.columns`: the same numbers): a program's sin at a
    /// boundary serves the value there and the two enclosures ending there. Values the cache held are
    /// taken from it (the same doubles) and not counted again.
    mutating func takeFirstLook(_ function: some GraphableFunction, at uncached: [Int], _ columns: FrameColumns,
                                _ counter: inout EvaluationCounter) -> (settled: [Int], unsettled: [Int]) {
        var settled: [Int] = [], unsettled: [Int] = []
        // Room for every column at once: grown an append at a time, each array was copied a dozen times a frame.
        settled.reserveCapacity(uncached.count)
        unsettled.reserveCapacity(uncached.count)
        let first = columns.first
        let sharesColumnWork = function.sharesColumnWork
        var runStart = 0
        while runStart < uncached.count {
            var runEnd = runStart + 1
            while runEnd < uncached.count && uncached[runEnd] == uncached[runEnd - 1] + 1 { runEnd += 1 }
            let k0 = uncached[runStart], n = runEnd - runStart
            runStart = runEnd
            let batched = sharesColumnWork && counter.hasEnclosures
            let xs = UnsafeMutableBufferPointer(rebasing: columns.runPoints[0...n])
            let values = UnsafeMutableBufferPointer(rebasing: columns.runPoints[(n + 1)...(2 * n + 1)])
            let enclosures = UnsafeMutableBufferPointer(rebasing: columns.runEnclosures[0..<n])
            for i in 0...n { xs[i] = columns.x(k0 + i) }
            if batched {
                enclosures.update(repeating: nil)
                function.columns(at: UnsafeBufferPointer(xs), values: values, enclosures: enclosures)
            }
            for i in 0...n {
                let k = k0 + i
                let v: Double
                if let held = cache.value(k) {
                    v = held
                } else if batched {
                    v = values[i]
                    counter.countBaseValue()
                    cache.store(value: v, at: k)
                } else {
                    v = boundaryValue(function, at: k, columns, &counter)
                }
                (columns.ends.baseAddress! + (k - first)).initialize(to: v)
            }
            for i in 0..<n {
                let k = k0 + i
                counter.startColumn(cap: 1)
                (columns.work.baseAddress! + (k - first)).initialize(to: ColumnWork())
                let fa = columns.ends[k - first], fb = columns.ends[k + 1 - first]
                if counter.hasEnclosures, counter.canSpend(1),
                   let e = batched ? counter.countEnclosure(enclosures[i])
                                   : counter.enclosure(function, columns.x(k), fa, columns.x(k + 1), fb) {
                    columns.work[k - first].known = e
                    let isContinuous = e.definedness == .everywhere && e.isContinuous
                    if isContinuous {
                        // The run's boundary values are in `ends`; the two beyond it come from the cache or afresh.
                        let before = i > 0 ? columns.ends[k - 1 - first] : boundaryValue(function, at: k - 1, columns, &counter)
                        let after = i + 1 < n ? columns.ends[k + 2 - first] : boundaryValue(function, at: k + 2, columns, &counter)
                        columns.work[k - first].gentle = Self.bendsLittle(before, fa, fb, after, scaleY: cachedScaleY)
                    }
                    if isContinuous || e.definedness == .nowhere { settled.append(k) } else { unsettled.append(k) }
                } else {
                    settled.append(k)
                }
            }
        }
        return (settled, unsettled)
    }

    /// Whether a column's curve bends too little for its midpoint to show, from the boundary values at its
    /// ends (fa, fb) and its neighbours' far ends: the second differences at both its ends say its midpoint
    /// lies within a sixteenth of a pixel of the chord. The midpoint's own offset is an eighth of the second
    /// difference for a curve that is smooth at the scale of a pixel, and the look's rule asks for a midpoint
    /// only past a quarter of a pixel. The same numbers whichever frame asks (the neighbours' boundaries are
    /// fixed world points), so a pan draws what a whole redraw draws. Each difference is summed as
    /// (left + right) − 2·middle, whose rounding is the same mirrored: an odd function stays point-symmetric.
    static func bendsLittle(_ before: Double, _ fa: Double, _ fb: Double, _ after: Double, scaleY: Double) -> Bool {
        let atLeft = (before + fb) - 2 * fa, atRight = (fa + after) - 2 * fb
        // An offset of 1/16 px is a second difference of 1/2 px.
        let limit = 0.5 / scaleY
        return abs(atLeft) <= limit && abs(atRight) <= limit
    }
}
