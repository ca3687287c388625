import Raster

extension CurveSampler {
    /// Feeds every column's events, fresh or cached, to a `CurveAssembly` and takes its polylines and dots.
    ///
    /// Polylines are cut at fixed world columns, so a pan simplifies and strokes every stretch but the
    /// two at the screen's edges exactly as before, and a scrolled picture matches a fresh one. A
    /// stretch whose columns were all kept is taken as it was assembled last time, at the same scale
    /// and vertical position (which fix the band).
    mutating func assemble(_ function: some GraphableFunction, viewport: Viewport, frame: Rect, _ columns: FrameColumns,
                           _ events: [Event], _ counter: inout EvaluationCounter, _ result: inout SampledCurve) {
        let first = columns.first, last = columns.last
        var assembly = CurveAssembly(viewport: viewport, frame: frame, tolerance: simplifyTolerance)
        let key = StretchKey(scaleX: columns.scale, scaleY: viewport.pixelsPerUnitY, bandTop: assembly.bandTop,
                             bandBottom: assembly.bandBottom, tolerance: simplifyTolerance)
        // Kept only while the key holds from frame to frame: a pinch changes it every frame, and would
        // pay for keeping stretches it never uses.
        let keepsStretches = key == stretchKey
        if !keepsStretches { stretches.removeAll(keepingCapacity: true) }
        stretchKey = key
        swap(&assembly.runs, &simplifiedRuns)
        assembly.runs.beginFrame(keeping: keepsStretches)
        let spacing = Self.anchorSpacing
        let f0 = boundaryValue(function, at: first, columns, &counter)
        assembly.add(f0.isFinite ? .point(columns.x(first), f0) : .gap)
        var k = first
        while k < last {
            if k.isMultiple(of: spacing) {
                if k + spacing <= last, assembly.atStretchStart, let stretch = stretches[k], isKept(from: k, columns) {
                    assembly.append(stretch)
                    result.reusedColumns += spacing
                    k += spacing
                    continue
                }
                assembly.beginStretch()
            }
            if !columns.fresh[k - first].isAbsent {
                result.sampledColumns += 1
                for i in columns.fresh[k - first].range { assembly.add(events[i]) }
            } else if let range = cache.eventRange(k) {
                result.reusedColumns += 1
                for i in range { assembly.add(events[i]) }
            } else {
                // Not even the first share could be paid (a pool smaller than the screen): unknown.
                let fb = boundaryValue(function, at: k + 1, columns, &counter)
                assembly.add(.unknown)
                assembly.add(fb.isFinite ? .point(columns.x(k + 1), fb) : .gap)
            }
            if (k + 1).isMultiple(of: spacing) {
                assembly.markAnchor()
                let blockStart = k + 1 - spacing
                // A pinch keeps no stretch: it need not copy each one's points only to drop them (what
                // `endStretch` records is read by nothing else, and the next stretch begins it afresh).
                let stretch = keepsStretches ? assembly.endStretch() : nil
                if keepsStretches, let stretch, blockStart >= first, isCached(from: blockStart) {
                    stretches[blockStart] = stretch
                } else if !stretches.isEmpty {
                    stretches[blockStart] = nil
                }
            }
            k += 1
        }
        assembly.finish(provenBreak: false)
        swap(&assembly.runs, &simplifiedRuns)
        result.polylines = assembly.polylines
        result.strokeBreaks = assembly.strokeBreaks
        result.dots = assembly.dots
    }

    // Plain loops: `allSatisfy` over a range ran unspecialised, through the standard library's witnesses.

    /// Whether the stretch of columns from `start` was all kept from earlier frames (none sampled in this one).
    @inline(__always)
    private func isKept(from start: Int, _ columns: FrameColumns) -> Bool {
        var c = start
        while c < start + Self.anchorSpacing {
            if !columns.fresh[c - columns.first].isAbsent || !cache.holds(c) { return false }
            c += 1
        }
        return true
    }

    /// Whether every column of the stretch from `start` is in the cache (so the stretch may be kept).
    @inline(__always)
    private func isCached(from start: Int) -> Bool {
        var c = start
        while c < start + Self.anchorSpacing {
            if !cache.holds(c) { return false }
            c += 1
        }
        return true
    }

    /// Bounded as the columns are: stretches far from the screen go.
    mutating func forgetFarStretches(_ columns: FrameColumns) {
        guard stretches.count > 3 * (columns.count / Self.anchorSpacing + 2) else { return }
        stretches = stretches.filter { $0.key >= columns.first - columns.count && $0.key < columns.last + columns.count }
    }
}
