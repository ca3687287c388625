extension CurveSampler {
    /// Refines the columns of the first look, fairly across the screen. The columns their own enclosure
    /// settles need little and go first, all with the same share; the columns holding a break, and any
    /// that ran out, then share what is left equally, again and again while the leftover buys a larger
    /// share. The order of columns never decides which of them is resolved. A column resolved (or at the
    /// most a column may spend) is kept in the cache; every column refined is `fresh` for the assembly.
    mutating func refineFairly(_ function: some GraphableFunction, settled: [Int], unsettled: [Int], firstShare: Int,
                               _ columns: FrameColumns, _ counter: inout EvaluationCounter, _ events: inout [Event],
                               _ result: inout SampledCurve) {
        let refiner = ColumnRefiner(visualDepth: visualDepth, certaintyDepth: certaintyDepth, fallbackDepth: fallbackDepth,
                                    cachedScaleX: cachedScaleX, cachedScaleY: cachedScaleY)
        let first = columns.first
        var resolved = refine(function, settled, share: max(1, firstShare - 1), refiner, columns, &counter, &events)
        var pending = unsettled + settled.filter { !columns.work[$0 - first].done }
        while !pending.isEmpty {
            let share = min(columnCap, counter.pool / pending.count)
            let improvable = pending.filter { columns.work[$0 - first].lastShare < share }
            guard !improvable.isEmpty, share > 0 else { break }
            resolved += refine(function, improvable, share: share, refiner, columns, &counter, &events)
            pending = pending.filter { !columns.work[$0 - first].done }
        }
        result.budgetExhausted = !pending.isEmpty
        // The next frame gives the columns still pending this frame's whole pool; it can tell more only if
        // fewer are pending than now, so a frame that resolved nothing stops the refinement.
        result.refinesNextFrame = !pending.isEmpty && resolved > 0
    }

    /// Refines each of `list` with `share` evaluations onto the end of `events`; returns how many it resolved.
    private mutating func refine(_ function: some GraphableFunction, _ list: [Int], share: Int, _ refiner: ColumnRefiner,
                                 _ columns: FrameColumns, _ counter: inout EvaluationCounter, _ events: inout [Event]) -> Int {
        let first = columns.first
        var resolved = 0
        for k in list {
            let fa = columns.ends[k - first], fb = columns.ends[k + 1 - first]
            counter.startColumn(cap: share)
            // A column refined again with a larger share leaves its earlier events unused in the array.
            let start = events.count
            refiner.refine(function, &counter, columns.x(k), fa, columns.x(k + 1), fb, depth: 0,
                           known: columns.work[k - first].known, gentle: columns.work[k - first].gentle, &events)
            columns.work[k - first].lastShare = share
            let span = EventSpan(start: start, count: events.count - start)
            if !counter.columnStarved || share >= columnCap {
                // Done, or out of the most a column may ever spend: more frames would not tell more.
                cache.store(span, at: k)
                columns.work[k - first].done = true
                resolved += 1
            }
            columns.fresh[k - first] = span
        }
        return resolved
    }
}
