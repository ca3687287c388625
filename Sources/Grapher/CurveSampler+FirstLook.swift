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
                    let isSettled = e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
                    if isSettled { settled.append(k) } else { unsettled.append(k) }
                } else {
                    settled.append(k)
                }
            }
        }
        return (settled, unsettled)
    }
}
