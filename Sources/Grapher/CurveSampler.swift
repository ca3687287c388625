import Raster

/// Samples a function over the visible columns of a viewport, adaptively, within a hard budget.
///
/// Columns are the x-intervals [k/s, (k+1)/s] for integer k at scale s (pixels per unit), anchored at
/// world x = 0, so a pan keeps the same columns: their samples are cached (keyed by k at one scale)
/// and a pan frame samples only the newly revealed strip.
///
/// Inside a column the sampler bisects:
/// - With an `Enclosure`, it knows: continuous and defined everywhere ⇒ join (refining only where the
///   enclosure is taller than a pixel and the midpoint leaves the chord); otherwise it bisects to a
///   sub-pixel depth and breaks, so poles and domain edges are placed exactly at every zoom.
/// - Without one, it falls back on NumWorks' rule: bisect to a fixed depth, join two samples only if
///   their midpoint lies between them.
///
/// The budget is shared fairly: the columns their own enclosure settles all get the same share of the
/// frame's pool, then the columns holding a break (and any that ran out) share what is left equally, again
/// with one larger share while the leftover allows; inside a column, halves the enclosure settles go first
/// and unsettled halves share equally. No column is favoured for being on the left, and an odd
/// function's picture is point-symmetric at every zoom.
///
/// What is drawn where certainty ran out (the budget, or the enclosure's resolution 2⁻³⁰ px down):
/// - nothing is joined that was not proven continuous (a stretch is joined unproven only where its
///   enclosure is under half a pixel tall, so no jump there could show);
/// - the samples next to an unknown stretch are not drawn as isolated points, and no marker is drawn
///   at it: only what is proven shows, so a column holding a pole shows each branch as far as it was
///   proven continuous (off the screen, once resolved);
/// - the frame reports `refinesNextFrame`, and the next frame gives those columns its whole pool.
///
/// Markers: a filled dot is a point the function takes (an isolated point, or the side of a jump that
/// holds the value); a ring is a value only approached (a removable hole, or both sides of a jump over
/// an undefined point). A jump is marked only where the curve is proven continuous a pixel on each side.
public struct CurveSampler {
    /// Most evaluations (values + enclosures) one frame may spend, per visible column.
    public var budgetPerColumn: Int
    /// Most evaluations one column may spend.
    public var columnCap: Int
    /// Bisection depth for the look of the curve (1/32 px).
    public var visualDepth = 5
    /// Bisection depth for placing a break or a domain edge with an enclosure (2⁻³⁰ px).
    public var certaintyDepth = 30
    /// Bisection depth of the numeric fallback.
    public var fallbackDepth = 16
    /// How far (in pixels) a drawn polyline may pass from a sample it drops as collinear.
    public var simplifyTolerance = 0.1
    /// Polylines end and start again at every column boundary that is a multiple of this.
    static let anchorSpacing = 16

    enum Event: Sendable {
        case point(Double, Double)
        /// A proven break: the function is undefined, jumps or blows up in between.
        case gap
        /// Nothing is known in between: the budget ran out before the sampler could tell.
        case unknown
        case dot(Double, Double, filled: Bool)
    }

    private var cache = ColumnCache()
    private var cachedScaleX = 0.0
    private var cachedScaleY = 0.0
    /// Assembled stretches by their first column, valid for `stretchKey`.
    private var stretches: [Int: AssembledStretch] = [:]
    private var stretchKey: StretchKey?

    /// What an assembled stretch depends on besides its columns.
    struct StretchKey: Equatable {
        var scaleX, scaleY, bandTop, bandBottom, tolerance: Double
    }

    public init(budgetPerColumn: Int = 32, columnCap: Int = 256) {
        self.budgetPerColumn = budgetPerColumn
        self.columnCap = columnCap
    }

    /// Forgets every sample (call when the function changes).
    public mutating func invalidate() {
        cache.removeAll()
        stretches.removeAll()
        stretchKey = nil
    }

    public var cachedColumnCount: Int { cache.count }

    public mutating func sample(_ function: some GraphableFunction, viewport: Viewport, frame: Rect) -> SampledCurve {
        if viewport.pixelsPerUnitX != cachedScaleX || viewport.pixelsPerUnitY != cachedScaleY {
            invalidate()
            cachedScaleX = viewport.pixelsPerUnitX
            cachedScaleY = viewport.pixelsPerUnitY
        }
        var result = SampledCurve()
        let s = viewport.pixelsPerUnitX
        let originX = viewport.origin(in: frame).x
        // Columns whose interval meets [frame.x, frame.maxX] on screen.
        let first = Int((frame.x - originX).rounded(.down)) - 1
        let last = Int((frame.maxX - originX).rounded(.up)) + 1
        guard last > first else { return result }
        let columnCount = last - first
        // The pool pays for refinement; the one sample per column boundary is always taken.
        var counter = EvaluationCounter(pool: budgetPerColumn * columnCount)

        // The cache holds what is on screen plus a margin, so memory stays bounded.
        cache.cover(first, last)
        func valueAt(_ k: Int) -> Double {
            if let v = cache.value(k) { return v }
            let v = counter.baseValue(function, Double(k) / s)
            cache.store(value: v, at: k)
            return v
        }

        // Fair across the screen. Each column's own enclosure comes first (one evaluation, kept for its
        // refinement): columns it settles (continuous, or undefined) need little and go first, all with the
        // same share; the columns holding a break, and any that ran out, then share what is left equally,
        // again and again while the leftover buys a larger share. The order of columns never decides
        // which of them is resolved.
        // Every column's events in one flat array, the cache's (an array a column cost an allocation each):
        // this frame's columns are refined onto its end, and each is found by its span of it.
        var events = cache.lendEvents()
        defer { cache.returnEvents(events) }
        // What the frame learns of each column, and the columns' boundary values, in buffers of the frame's
        // own: arrays asked the runtime at every write whether they were shared, several times a column.
        // Only `fresh` is read for every column; `work` and `ends` are set (below) and read only for the
        // columns sampled this frame, so a pan frame does not fill them a screen wide.
        let fresh = UnsafeMutableBufferPointer<EventSpan>.allocate(capacity: columnCount)
        fresh.initialize(repeating: .absent)
        let work = UnsafeMutableBufferPointer<ColumnWork>.allocate(capacity: columnCount)
        let ends = UnsafeMutableBufferPointer<Double>.allocate(capacity: columnCount + 1)
        defer {
            fresh.deallocate()
            work.deallocate()
            ends.deallocate()
        }
        var settled: [Int] = [], unsettled: [Int] = []
        let uncached = (first..<last).filter { !cache.holds($0) }
        // The first share pays for the column's enclosure too.
        let firstShare = uncached.isEmpty ? 0 : min(columnCap, counter.pool / uncached.count)
        // The boundary values of the columns to sample, taken first (outside the pool, as ever): the
        // enclosure may use them, and the refinement reads them in `ends`, not from the cache again.
        // A run of consecutive columns asks a function that shares the work (`sharesColumnWork`) for its
        // boundary values and the columns' enclosures in one call (`GraphableFunction.columns`: the same
        // numbers): a program's sin at a boundary serves the value there and the two enclosures ending there.
        // Values the cache held are taken from it (the same doubles) and not counted again.
        // One buffer for the runs' points and values and one for their enclosures, for the frame (a closure
        // around the loop would have its captured state checked for exclusive access at every use).
        let runPoints = UnsafeMutableBufferPointer<Double>.allocate(capacity: 2 * (columnCount + 1))
        let runEnclosures = UnsafeMutableBufferPointer<Enclosure?>.allocate(capacity: columnCount)
        defer {
            runPoints.deallocate()
            runEnclosures.deallocate()
        }
        let sharesColumnWork = function.sharesColumnWork
        var runStart = 0
        while runStart < uncached.count {
            var runEnd = runStart + 1
            while runEnd < uncached.count && uncached[runEnd] == uncached[runEnd - 1] + 1 { runEnd += 1 }
            let k0 = uncached[runStart], n = runEnd - runStart
            runStart = runEnd
            let batched = sharesColumnWork && counter.hasEnclosures
            let xs = UnsafeMutableBufferPointer(rebasing: runPoints[0...n])
            let values = UnsafeMutableBufferPointer(rebasing: runPoints[(n + 1)...(2 * n + 1)])
            let enclosures = UnsafeMutableBufferPointer(rebasing: runEnclosures[0..<n])
            for i in 0...n { xs[i] = Double(k0 + i) / s }
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
                    v = valueAt(k)
                }
                (ends.baseAddress! + (k - first)).initialize(to: v)
            }
            for i in 0..<n {
                let k = k0 + i
                counter.startColumn(cap: 1)
                (work.baseAddress! + (k - first)).initialize(to: ColumnWork())
                let fa = ends[k - first], fb = ends[k + 1 - first]
                if counter.hasEnclosures, counter.canSpend(1),
                   let e = batched ? counter.countEnclosure(enclosures[i])
                                   : counter.enclosure(function, Double(k) / s, fa, Double(k + 1) / s, fb) {
                    work[k - first].known = e
                    let isSettled = e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
                    if isSettled { settled.append(k) } else { unsettled.append(k) }
                } else {
                    settled.append(k)
                }
            }
        }
        var resolved = 0
        let refiner = ColumnRefiner(visualDepth: visualDepth, certaintyDepth: certaintyDepth, fallbackDepth: fallbackDepth,
                                    cachedScaleX: cachedScaleX, cachedScaleY: cachedScaleY)
        func run(_ columns: [Int], share: Int) {
            for k in columns {
                let a = Double(k) / s, b = Double(k + 1) / s
                let fa = ends[k - first], fb = ends[k + 1 - first]
                counter.startColumn(cap: share)
                // A column refined again with a larger share leaves its earlier events unused in the array.
                let start = events.count
                refiner.refine(function, &counter, a, fa, b, fb, depth: 0, known: work[k - first].known, &events)
                work[k - first].lastShare = share
                let span = EventSpan(start: start, count: events.count - start)
                if !counter.columnStarved || share >= columnCap {
                    // Done, or out of the most a column may ever spend: more frames would not tell more.
                    cache.store(span, at: k)
                    work[k - first].done = true
                    resolved += 1
                }
                fresh[k - first] = span
            }
        }
        run(settled, share: max(1, firstShare - 1))
        var pending = unsettled + settled.filter { !work[$0 - first].done }
        while !pending.isEmpty {
            let share = min(columnCap, counter.pool / pending.count)
            let improvable = pending.filter { work[$0 - first].lastShare < share }
            guard !improvable.isEmpty, share > 0 else { break }
            run(improvable, share: share)
            pending = pending.filter { !work[$0 - first].done }
        }
        result.budgetExhausted = !pending.isEmpty
        // The next frame gives the columns still pending this frame's whole pool; it can tell more only if
        // fewer are pending than now, so a frame that resolved nothing stops the refinement.
        result.refinesNextFrame = !pending.isEmpty && resolved > 0

        // Polylines are cut at fixed world columns, so a pan simplifies and strokes every stretch but the
        // two at the screen's edges exactly as before, and a scrolled picture matches a fresh one. A
        // stretch whose columns were all kept is taken as it was assembled last time, at the same scale
        // and vertical position (which fix the band).
        var assembly = CurveAssembly(viewport: viewport, frame: frame, tolerance: simplifyTolerance)
        let key = StretchKey(scaleX: s, scaleY: viewport.pixelsPerUnitY, bandTop: assembly.bandTop,
                             bandBottom: assembly.bandBottom, tolerance: simplifyTolerance)
        // Kept only while the key holds from frame to frame: a pinch changes it every frame, and would
        // pay for keeping stretches it never uses.
        let keepsStretches = key == stretchKey
        if !keepsStretches { stretches.removeAll(keepingCapacity: true) }
        stretchKey = key
        let spacing = Self.anchorSpacing
        let f0 = valueAt(first)
        assembly.add(f0.isFinite ? .point(Double(first) / s, f0) : .gap)
        // Plain loops: `allSatisfy` over a range ran unspecialised, through the standard library's witnesses.
        func kept(from start: Int) -> Bool {
            var c = start
            while c < start + spacing {
                if !fresh[c - first].isAbsent || !cache.holds(c) { return false }
                c += 1
            }
            return true
        }
        func cached(from start: Int) -> Bool {
            var c = start
            while c < start + spacing {
                if !cache.holds(c) { return false }
                c += 1
            }
            return true
        }
        var k = first
        while k < last {
            if k.isMultiple(of: spacing) {
                if k + spacing <= last, assembly.atStretchStart, let stretch = stretches[k], kept(from: k) {
                    assembly.append(stretch)
                    result.reusedColumns += spacing
                    k += spacing
                    continue
                }
                assembly.beginStretch()
            }
            if !fresh[k - first].isAbsent {
                result.sampledColumns += 1
                for i in fresh[k - first].range { assembly.add(events[i]) }
            } else if let range = cache.eventRange(k) {
                result.reusedColumns += 1
                for i in range { assembly.add(events[i]) }
            } else {
                // Not even the first share could be paid (a pool smaller than the screen): unknown.
                let fb = valueAt(k + 1)
                assembly.add(.unknown)
                assembly.add(fb.isFinite ? .point(Double(k + 1) / s, fb) : .gap)
            }
            if (k + 1).isMultiple(of: spacing) {
                assembly.markAnchor()
                let blockStart = k + 1 - spacing
                let stretch = assembly.endStretch()
                if keepsStretches, let stretch, blockStart >= first, cached(from: blockStart) {
                    stretches[blockStart] = stretch
                } else if !stretches.isEmpty {
                    stretches[blockStart] = nil
                }
            }
            k += 1
        }
        assembly.finish(provenBreak: false)
        result.valueEvaluations = counter.values
        result.enclosureEvaluations = counter.enclosures
        result.polylines = assembly.polylines
        result.strokeBreaks = assembly.strokeBreaks
        result.dots = assembly.dots
        // The view draws a ring over a hole; a filled dot there would hide it.
        let rings = result.dots.filter { !$0.isFilled }
        if !rings.isEmpty {
            result.dots = result.dots.filter { dot in
                !dot.isFilled || !rings.contains { abs($0.center.x - dot.center.x) < 1 && abs($0.center.y - dot.center.y) < 1 }
            }
        }
        // Bounded as the columns are: stretches far from the screen go.
        if stretches.count > 3 * (columnCount / spacing + 2) {
            stretches = stretches.filter { $0.key >= first - columnCount && $0.key < last + columnCount }
        }
        return result
    }
}

/// What a frame knows of one of the columns it samples.
struct ColumnWork {
    /// Its own enclosure, kept for its refinement.
    var known: Enclosure? = nil
    /// The share it was last refined with.
    var lastShare = 0
    /// Resolved: stored in the cache.
    var done = false
}

/// The refinement of one column: what it needs of the sampler (depths and scales) as plain values, so the
/// recursion passes no copy of the sampler's caches along (a copy of them costs retains at every call).
struct ColumnRefiner {
    typealias Event = CurveSampler.Event
    let visualDepth: Int
    let certaintyDepth: Int
    let fallbackDepth: Int
    let cachedScaleX: Double
    let cachedScaleY: Double


    private func emitRight(_ b: Double, _ fb: Double, _ out: inout [Event]) {
        out.append(fb.isFinite ? .point(b, fb) : .gap)
    }

    /// `provenContinuous`: an enclosure of an enclosing interval already proved the function continuous
    /// and defined here, which holds for every part of it, so no part needs an enclosure of its own.
    func refine<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                              _ b: Double, _ fb: Double, depth: Int, provenContinuous: Bool = false,
                                              known: Enclosure? = nil, _ out: inout [Event]) {
        let m = a + (b - a) / 2
        let splittable = m > a && m < b
        if provenContinuous {
            // Already proven: this part needs no enclosure of its own, so no budget to enter.
            refineContinuous(f, &c, a, fa, b, fb, m: m, splittable: splittable, tall: true, depth: depth, &out)
            return
        }
        guard known != nil || c.canSpend(1) else {
            // Out of budget: never join what was not checked.
            c.starve()
            out.append(.unknown)
            emitRight(b, fb, &out)
            return
        }
        if c.hasEnclosures, let e = known ?? c.enclosure(f, a, fa, b, fb) {
            switch e.definedness {
            case .nowhere:
                out.append(.gap)
                emitRight(b, fb, &out)
                return
            case .everywhere where e.isContinuous:
                let tall = (e.upper - e.lower) * cachedScaleY > 1 || !(e.upper - e.lower).isFinite
                refineContinuous(f, &c, a, fa, b, fb, m: m, splittable: splittable, tall: tall, depth: depth, &out)
                return
            case .everywhere where (e.upper - e.lower) * cachedScaleY <= 0.5 && fa.isFinite && fb.isFinite:
                // Continuity unproven, but every value lies within half a pixel: a jump there cannot show,
                // and the chord is within a pixel of every point of the graph (sin at 1e-9 px/unit).
                emitRight(b, fb, &out)
                return
            default:
                // A break or a domain edge lies inside: locate it to well below a pixel.
                if depth < certaintyDepth, splittable {
                    guard c.canSpend(4) else {
                        c.starve()
                        out.append(.unknown)
                        emitRight(b, fb, &out)
                        return
                    }
                    let fm = c.value(f, m)
                    splitSymmetrically(f, &c, a, fa, m, fm, b, fb, depth: depth + 1, &out)
                    return
                }
                if e.definedness == .everywhere, fa.isFinite, fb.isFinite, abs(fb - fa) * cachedScaleY > 1,
                   c.canSpend(5), isolatedBreak(f, &c, a, b) {
                    // A jump: which side holds the value at the jump itself? When the jump sits exactly
                    // on an end (as at a grid point), that end's value is the one reached; otherwise the
                    // midpoint tells.
                    func near(_ u: Double, _ v: Double) -> Bool { abs(u - v) * cachedScaleY < 0.5 }
                    let leftReached: Bool
                    if near(c.value(f, b.nextDown), fa) {
                        leftReached = false
                    } else if near(c.value(f, a.nextUp), fb) {
                        leftReached = true
                    } else {
                        let fm = c.value(f, m)
                        leftReached = fm.isFinite && abs(fm - fa) <= abs(fm - fb)
                    }
                    out.append(.dot(a, fa, filled: leftReached))
                    out.append(.gap)
                    out.append(.dot(b, fb, filled: !leftReached))
                } else {
                    // Defined throughout yet not proven continuous, down to 2⁻³⁰ px: a jump, a pole, or
                    // values the enclosure cannot resolve (sin(1/x) near 0). Not joined, and no marker.
                    // Partly defined: an undefined point lies inside, a proven break.
                    out.append(e.definedness == .everywhere ? .unknown : .gap)
                }
                emitRight(b, fb, &out)
                return
            }
        }
        fallback(f, &c, a, fa, b, fb, m: m, splittable: splittable, depth: depth, &out)
    }

    /// Refines both halves of a split interval. Halves whose enclosure already settles them (nowhere
    /// defined, or continuous) go first and may use the whole budget left; halves that still hold a break
    /// share what is left equally. So which half is resolved never depends on left or right, and the
    /// picture of an odd function stays point-symmetric even where the budget runs out.
    private func splitSymmetrically<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                         _ m: Double, _ fm: Double, _ b: Double, _ fb: Double,
                                                         depth: Int, _ out: inout [Event]) {
        let left = c.enclosure(f, a, fa, m, fm), right = c.enclosure(f, m, fm, b, fb)
        func settled(_ e: Enclosure?) -> Bool {
            guard let e else { return false }
            return e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
        }
        switch (settled(left), settled(right)) {
        case (true, false) where depth >= visualDepth && right != nil:
            emitSettled(left!, fa, m, fm, &out)
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
        case (true, false):
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
        case (false, true) where depth >= visualDepth:
            // What refining the settled right half first would emit, emitted after the left's: it spends
            // nothing, so the order changes nothing but saves moving the events.
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            emitSettled(right!, fm, b, fb, &out)
        case (false, true):
            // The right half's events first, then the left's, swapped into place without an array of their own.
            let start = out.count
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
            let middle = out.count
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            out.withUnsafeMutableBufferPointer { Self.rotate($0, start, middle) }
        default:
            let total = c.columnLeft, half = total / 2
            c.columnLeft = half
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            let leftSpent = half - c.columnLeft
            c.columnLeft = half
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
            c.columnLeft = total - leftSpent - (half - c.columnLeft)
        }
    }

    /// What `refine` emits for a half its enclosure `e` settles, below the look's depth while enclosures are
    /// at hand: nothing is evaluated, only a gap where it is undefined (or starts infinite) and its end.
    /// A pole's bisection settles a half at every level; emitted here, it costs no call of `refine`.
    private func emitSettled(_ e: Enclosure, _ fa: Double, _ b: Double, _ fb: Double, _ out: inout [Event]) {
        if e.definedness == .nowhere || !fa.isFinite { out.append(.gap) }
        emitRight(b, fb, &out)
    }

    /// Moves `events[middle...]` before `events[start..<middle]`, in place (three reversals). Reversing
    /// slices of the array instead copied each slice out and back, with an allocation: it was most of the
    /// cost of a level of a pole's bisection, which rotates the events below it at every level. Slices of
    /// the buffer reverse where they lie.
    static func rotate(_ buffer: UnsafeMutableBufferPointer<Event>, _ start: Int, _ middle: Int) {
        var events = buffer
        events[start..<middle].reverse()
        events[middle...].reverse()
        events[start...].reverse()
    }

    /// A break at the bottom of the bisection gets jump markers only when the curve is proven continuous
    /// for a pixel on each side of it: then it is one break, not a tangle the enclosure cannot resolve.
    private func isolatedBreak<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ b: Double) -> Bool {
        let pixel = 1 / cachedScaleX
        for (lo, hi) in [(a - pixel, a), (b, b + pixel)] {
            guard let e = c.enclosure(f, lo, hi), e.definedness == .everywhere, e.isContinuous else { return false }
        }
        return true
    }

    /// Over an interval known continuous and defined: bisect only for the look of the curve, where it is
    /// taller than a pixel (`tall`) and its midpoint leaves the chord, or it is steep.
    private func refineContinuous<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                        _ b: Double, _ fb: Double, m: Double, splittable: Bool,
                                                        tall: Bool, depth: Int, _ out: inout [Event]) {
        let wantsLook = tall && depth < visualDepth && splittable && fa.isFinite && fb.isFinite
        // Out of budget the proven chord is drawn, and the column is refined again with a larger share.
        if wantsLook && !c.canSpend(1) { c.starve() }
        if wantsLook, c.canSpend(1) {
            let fm = c.value(f, m)
            let deviation = abs(fm - (fa + fb) / 2) * cachedScaleY
            let steep = abs(fb - fa) * cachedScaleY > 4
            if fm.isFinite && (deviation > 0.25 || (steep && depth < 3)) && depth + 1 < visualDepth {
                // Both halves are proven continuous by this interval's enclosure: straight on, without
                // `refine`'s checks (what `refine(provenContinuous: true)` does). (At the look's depth each
                // half would emit only its end, which is what the chord below emits: no calls for that.)
                let left = a + (m - a) / 2, right = m + (b - m) / 2
                refineContinuous(f, &c, a, fa, m, fm, m: left, splittable: left > a && left < m, tall: true,
                                 depth: depth + 1, &out)
                refineContinuous(f, &c, m, fm, b, fb, m: right, splittable: right > m && right < b, tall: true,
                                 depth: depth + 1, &out)
            } else if !fm.isFinite {
                refine(f, &c, a, fa, m, fm, depth: depth + 1, provenContinuous: false, &out)
                refine(f, &c, m, fm, b, fb, depth: depth + 1, provenContinuous: false, &out)
            } else {
                out.append(.point(m, fm))
                emitRight(b, fb, &out)
            }
            return
        }
        if !fa.isFinite { out.append(.gap) }
        emitRight(b, fb, &out)
    }

    /// NumWorks' rule: join only if the midpoint lies between the ends; bisect to a fixed depth.
    private func fallback<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                _ b: Double, _ fb: Double, m: Double, splittable: Bool,
                                                depth: Int, _ out: inout [Event]) {
        let bothFinite = fa.isFinite && fb.isFinite
        guard depth < fallbackDepth, splittable, c.canSpend(1) else {
            let starved = depth < fallbackDepth && splittable
            if starved { c.starve() }
            // At the bottom: join only what is visibly continuous.
            if !(bothFinite && abs(fb - fa) * cachedScaleY < 1) { out.append(starved ? .unknown : .gap) }
            emitRight(b, fb, &out)
            return
        }
        if !fa.isFinite && !fb.isFinite && depth > 0 {
            out.append(.gap)
            emitRight(b, fb, &out)
            return
        }
        let fm = c.value(f, m)
        if bothFinite && fm.isFinite {
            let between = (fm >= min(fa, fb)) && (fm <= max(fa, fb))
            let deviation = abs(fm - (fa + fb) / 2) * cachedScaleY
            let flat = abs(fb - fa) * cachedScaleY <= 1 && abs(fm - fa) * cachedScaleY <= 1
            if (between || flat) && (deviation <= 0.25 || depth >= visualDepth) {
                out.append(.point(m, fm))
                emitRight(b, fb, &out)
                return
            }
        } else if !fa.isFinite && !fb.isFinite && !fm.isFinite {
            out.append(.gap)
            emitRight(b, fb, &out)
            return
        }
        fallback(f, &c, a, fa, m, fm, m: a + (m - a) / 2, splittable: a + (m - a) / 2 > a && a + (m - a) / 2 < m,
                 depth: depth + 1, &out)
        fallback(f, &c, m, fm, b, fb, m: m + (b - m) / 2, splittable: m + (b - m) / 2 > m && m + (b - m) / 2 < b,
                 depth: depth + 1, &out)
    }
}
