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

    struct Column { var events: [Event] }

    private var cache = ColumnCache()
    private var cachedScaleX = 0.0
    private var cachedScaleY = 0.0

    public init(budgetPerColumn: Int = 32, columnCap: Int = 256) {
        self.budgetPerColumn = budgetPerColumn
        self.columnCap = columnCap
    }

    /// Forgets every sample (call when the function changes).
    public mutating func invalidate() {
        cache.removeAll()
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
        var fresh = [[Event]?](repeating: nil, count: columnCount)
        var known = [Enclosure?](repeating: nil, count: columnCount)
        var lastShare = [Int](repeating: 0, count: columnCount)
        var done = [Bool](repeating: false, count: columnCount)
        var settled: [Int] = [], unsettled: [Int] = []
        let uncached = (first..<last).filter { cache.column($0) == nil }
        // The first share pays for the column's enclosure too.
        let firstShare = uncached.isEmpty ? 0 : min(columnCap, counter.pool / uncached.count)
        for k in uncached {
            counter.startColumn(cap: 1)
            if counter.hasEnclosures, counter.canSpend(1),
               let e = counter.enclosure(function, Double(k) / s, Double(k + 1) / s) {
                known[k - first] = e
                let isSettled = e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
                if isSettled { settled.append(k) } else { unsettled.append(k) }
            } else {
                settled.append(k)
            }
        }
        var resolved = 0
        func run(_ columns: [Int], share: Int) {
            for k in columns {
                let a = Double(k) / s, b = Double(k + 1) / s
                let fa = valueAt(k), fb = valueAt(k + 1)
                counter.startColumn(cap: share)
                // Room for a typical column at once: growing from empty reallocates three or four times.
                var out: [Event] = []
                out.reserveCapacity(16)
                refine(function, &counter, a, fa, b, fb, depth: 0, known: known[k - first], &out)
                lastShare[k - first] = share
                if !counter.columnStarved || share >= columnCap {
                    // Done, or out of the most a column may ever spend: more frames would not tell more.
                    cache.store(Column(events: out), at: k)
                    done[k - first] = true
                    resolved += 1
                }
                fresh[k - first] = out
            }
        }
        run(settled, share: max(1, firstShare - 1))
        var pending = unsettled + settled.filter { !done[$0 - first] }
        while !pending.isEmpty {
            let share = min(columnCap, counter.pool / pending.count)
            let improvable = pending.filter { lastShare[$0 - first] < share }
            guard !improvable.isEmpty, share > 0 else { break }
            run(improvable, share: share)
            pending = pending.filter { !done[$0 - first] }
        }
        result.budgetExhausted = !pending.isEmpty
        // The next frame gives the columns still pending this frame's whole pool; it can tell more only if
        // fewer are pending than now, so a frame that resolved nothing stops the refinement.
        result.refinesNextFrame = !pending.isEmpty && resolved > 0

        var events: [Event] = []
        events.reserveCapacity(4 * columnCount)
        let f0 = valueAt(first)
        events.append(f0.isFinite ? .point(Double(first) / s, f0) : .gap)
        // Polylines are cut at fixed world columns, so a pan simplifies and strokes every stretch but the
        // two at the screen's edges exactly as before, and a scrolled picture matches a fresh one.
        var anchors: [Int] = []
        for k in first..<last {
            defer {
                if (k + 1) % Self.anchorSpacing == 0, case .point = events.last { anchors.append(events.count - 1) }
            }
            if let out = fresh[k - first] {
                result.sampledColumns += 1
                events.append(contentsOf: out)
            } else if let column = cache.column(k) {
                result.reusedColumns += 1
                events.append(contentsOf: column.events)
            } else {
                // Not even the first share could be paid (a pool smaller than the screen): unknown.
                let fb = valueAt(k + 1)
                events.append(.unknown)
                emitRight(Double(k + 1) / s, fb, &events)
            }
        }
        result.valueEvaluations = counter.values
        result.enclosureEvaluations = counter.enclosures
        assemble(events, anchors: anchors, viewport: viewport, frame: frame, into: &result)
        return result
    }

    // MARK: Refinement

    private func emitRight(_ b: Double, _ fb: Double, _ out: inout [Event]) {
        out.append(fb.isFinite ? .point(b, fb) : .gap)
    }

    /// `provenContinuous`: an enclosure of an enclosing interval already proved the function continuous
    /// and defined here, which holds for every part of it, so no part needs an enclosure of its own.
    private func refine<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
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
        if c.hasEnclosures, let e = known ?? c.enclosure(f, a, b) {
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
        let left = c.enclosure(f, a, m), right = c.enclosure(f, m, b)
        func settled(_ e: Enclosure?) -> Bool {
            guard let e else { return false }
            return e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
        }
        switch (settled(left), settled(right)) {
        case (true, false):
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
        case (false, true):
            var rightOut: [Event] = []
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &rightOut)
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            out.append(contentsOf: rightOut)
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
            if deviation > 0.25 || (steep && depth < 3) || !fm.isFinite {
                refine(f, &c, a, fa, m, fm, depth: depth + 1, provenContinuous: fm.isFinite, &out)
                refine(f, &c, m, fm, b, fb, depth: depth + 1, provenContinuous: fm.isFinite, &out)
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

    // MARK: Assembly into screen space

    private func assemble(_ events: [Event], anchors: [Int], viewport: Viewport, frame: Rect, into result: inout SampledCurve) {
        var nextAnchor = 0
        let o = viewport.origin(in: frame)
        let sx = viewport.pixelsPerUnitX, sy = viewport.pixelsPerUnitY
        // Points far off screen are cut where the segment leaves a band a few heights tall.
        let bandTop = frame.y - 2 * frame.height - 8, bandBottom = frame.maxY + 2 * frame.height + 8
        func screen(_ x: Double, _ y: Double) -> Point {
            var py = o.y - y * sy
            if !py.isFinite { py = py > 0 ? 1e300 : -1e300 }
            return Point(x: o.x + x * sx, y: py)
        }
        var current: [Point] = []
        current.reserveCapacity(events.count)
        // Where `current` passes an anchor column's boundary.
        var currentAnchors: [Int] = []
        var previous: Point?
        // Points in the run since the last break, whether that break is proven (undefined or infinite
        // values, a proven jump), and where the run before it ended if a curve arrived there.
        var runPoints = 0
        var breakProven = true
        var lastGapEnd: Point?
        // A hole or a jump over an undefined point, drawn once the curve is seen to go on past it.
        var pendingMarkers: [CurveDot] = []
        func finish(provenBreak: Bool) {
            // A lone point is an isolated point of the graph only between two proven breaks; next to an
            // unknown stretch it is just the last thing known.
            if current.count == 1, runPoints == 1, breakProven, provenBreak,
               let p = current.first, p.y >= frame.y - 4, p.y <= frame.maxY + 4,
               p.x >= frame.x - 4, p.x <= frame.maxX + 4 {
                result.dots.append(CurveDot(center: p, isFilled: true))
            } else if current.count > 1 {
                appendSimplified(current, anchors: currentAnchors, into: &result)
            }
            current.removeAll(keepingCapacity: true)
            currentAnchors.removeAll(keepingCapacity: true)
        }
        func breakRun(proven: Bool) {
            if previous != nil {
                lastGapEnd = runPoints >= 2 && proven ? previous : nil
                finish(provenBreak: proven)
                breakProven = proven
                runPoints = 0
            } else {
                if !proven { lastGapEnd = nil }
                breakProven = breakProven && proven
            }
            if !pendingMarkers.isEmpty { pendingMarkers.removeAll() }
            previous = nil
        }
        for (index, event) in events.enumerated() {
            let isAnchor = nextAnchor < anchors.count && anchors[nextAnchor] == index
            if isAnchor { nextAnchor += 1 }
            switch event {
            case .gap:
                breakRun(proven: true)
            case .unknown:
                breakRun(proven: false)
            case let .dot(x, y, filled):
                // The sampler marked this jump itself: no hole markers of our own on top.
                lastGapEnd = nil
                let p = screen(x, y)
                if p.y >= frame.y - 4, p.y <= frame.maxY + 4 { result.dots.append(CurveDot(center: p, isFilled: filled)) }
            case let .point(x, y):
                let q = screen(x, y)
                if let p = previous {
                    if p.x == q.x && p.y == q.y { continue }
                    // The curve goes on: a hole or jump just behind it is confirmed.
                    if !pendingMarkers.isEmpty {
                        result.dots.append(contentsOf: pendingMarkers)
                        pendingMarkers.removeAll()
                    }
                    let pIn = p.y >= bandTop && p.y <= bandBottom, qIn = q.y >= bandTop && q.y <= bandBottom
                    let leaves = appendClipped(p, q, top: bandTop, bottom: bandBottom, &current)
                    // Where the band (fixed on screen) cuts the curve, the cut and the sample inside are
                    // anchors too: the segment between them lies on the sampled one wherever the cut falls,
                    // and the stretches beyond them do not depend on it.
                    if pIn != qIn, current.count >= 2 { currentAnchors.append(current.count - 2); currentAnchors.append(current.count - 1) }
                    if leaves { finish(provenBreak: false) }
                } else {
                    // The curve resumes less than a pixel from where it stopped across a proven break: at
                    // the same height a removable hole, a ring; higher or lower a jump over a point where
                    // the function is undefined, a ring on each side (neither value is reached).
                    if let g = lastGapEnd, abs(q.x - g.x) < 1, breakProven {
                        func onScreen(_ p: Point) -> Bool { p.y >= frame.y && p.y <= frame.maxY }
                        if abs(q.y - g.y) < 1 {
                            let mid = Point(x: (g.x + q.x) / 2, y: (g.y + q.y) / 2)
                            if onScreen(mid) { pendingMarkers.append(CurveDot(center: mid, isFilled: false)) }
                        } else {
                            for p in [g, q] where onScreen(p) { pendingMarkers.append(CurveDot(center: p, isFilled: false)) }
                        }
                    }
                    lastGapEnd = nil
                    if q.y >= bandTop && q.y <= bandBottom { current.append(q) }
                }
                runPoints += 1
                previous = q
                if isAnchor, current.count > 1, current.last == q { currentAnchors.append(current.count - 1) }
            }
        }
        finish(provenBreak: false)
        // The view draws a ring over a hole; a filled dot there would hide it.
        let rings = result.dots.filter { !$0.isFilled }
        result.dots = result.dots.filter { dot in
            !dot.isFilled || !rings.contains { abs($0.center.x - dot.center.x) < 1 && abs($0.center.y - dot.center.y) < 1 }
        }
    }

    /// Simplifies a polyline stretch by stretch between its anchors, which it keeps, and records them as
    /// the places where its stroke runs restart: both depend only on the curve between two anchors.
    private func appendSimplified(_ line: [Point], anchors: [Int], into result: inout SampledCurve) {
        var kept: [Point] = []
        kept.reserveCapacity(line.count / 2)
        var breaks: [Int] = []
        var start = 0
        // Anchors come in order, but a band cut may name one twice.
        line.withUnsafeBufferPointer { points in
            func piece(to end: Int) {
                guard end > start && end <= points.count - 1 else { return }
                PolylineSimplifier.append(UnsafeBufferPointer(rebasing: points[start...end]), tolerance: simplifyTolerance, to: &kept)
                if end < points.count - 1 { breaks.append(kept.count - 1) }
                start = end
            }
            for end in anchors { piece(to: end) }
            piece(to: points.count - 1)
        }
        result.polylines.append(kept)
        result.strokeBreaks.append(breaks)
    }

    /// Adds the part of segment p→q inside the band [top, bottom]; true when the polyline leaves
    /// the band there and must end.
    private func appendClipped(_ p: Point, _ q: Point, top: Double, bottom: Double, _ current: inout [Point]) -> Bool {
        func at(_ yEdge: Double) -> Point {
            let t = (yEdge - p.y) / (q.y - p.y)
            return Point(x: p.x + (q.x - p.x) * t, y: yEdge)
        }
        let pIn = p.y >= top && p.y <= bottom, qIn = q.y >= top && q.y <= bottom
        switch (pIn, qIn) {
        case (true, true):
            if current.isEmpty { current.append(p) }
            current.append(q)
            return false
        case (true, false):
            if current.isEmpty { current.append(p) }
            current.append(at(q.y < top ? top : bottom))
            return true
        case (false, true):
            current.append(at(p.y < top ? top : bottom))
            current.append(q)
            return false
        case (false, false):
            // Crossing the whole band from one side to the other.
            if (p.y < top) != (q.y < top) {
                current.append(at(p.y < top ? top : bottom))
                current.append(at(q.y < top ? top : bottom))
                return true
            }
            return false
        }
    }
}
