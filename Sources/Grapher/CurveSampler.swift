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
///
/// A frame takes four steps, each in a file of its own: the columns' first look (their boundary values
/// and own enclosures, `CurveSampler+FirstLook`), their fair refinement (`CurveSampler+FairShares`, each
/// column by a `ColumnRefiner`), the assembly of their events into polylines (`CurveSampler+Stretches`),
/// and the frame's figures (below).
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

    var cache = ColumnCache()
    var cachedScaleX = 0.0
    var cachedScaleY = 0.0
    /// Assembled stretches by their first column, valid for `stretchKey`.
    var stretches: [Int: AssembledStretch] = [:]
    var stretchKey: StretchKey?
    /// The simplifier's answers for runs the kept stretches do not hold (cut by the band at a pole).
    var simplifiedRuns = SimplifiedRuns()

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
        simplifiedRuns = SimplifiedRuns()
    }

    public mutating func sample(_ function: some GraphableFunction, viewport: Viewport, frame: Rect) -> SampledCurve {
        keepSamples(atScaleOf: viewport)
        var result = SampledCurve()
        // Columns whose interval meets [frame.x, frame.maxX] on screen.
        let originX = viewport.origin(in: frame).x
        let first = Int((frame.x - originX).rounded(.down)) - 1
        let last = Int((frame.maxX - originX).rounded(.up)) + 1
        guard last > first else { return result }
        let columns = FrameColumns(first: first, last: last, scale: viewport.pixelsPerUnitX)
        defer { columns.deallocate() }
        // The pool pays for refinement; the one sample per column boundary is always taken.
        var counter = EvaluationCounter(pool: budgetPerColumn * columns.count)
        // The cache holds what is on screen plus a margin, so memory stays bounded.
        cache.cover(first, last)
        // Every column's events in one flat array, the cache's (an array a column cost an allocation each):
        // this frame's columns are refined onto its end, and each is found by its span of it.
        var events = cache.lendEvents()
        defer { cache.returnEvents(events) }

        var uncached: [Int] = []
        uncached.reserveCapacity(last - first)
        for k in first..<last where !cache.holds(k) { uncached.append(k) }
        // The first share pays for the column's enclosure too.
        let firstShare = uncached.isEmpty ? 0 : min(columnCap, counter.pool / uncached.count)
        let (settled, unsettled) = takeFirstLook(function, at: uncached, columns, &counter)
        refineFairly(function, settled: settled, unsettled: unsettled, firstShare: firstShare, columns, &counter, &events, &result)
        assemble(function, viewport: viewport, frame: frame, columns, events, &counter, &result)
        result.valueEvaluations = counter.values
        result.enclosureEvaluations = counter.enclosures
        Self.removeFilledDotsUnderRings(&result.dots)
        forgetFarStretches(columns)
        return result
    }

    /// Samples are kept at one scale: a new one forgets them all.
    mutating func keepSamples(atScaleOf viewport: Viewport) {
        guard viewport.pixelsPerUnitX != cachedScaleX || viewport.pixelsPerUnitY != cachedScaleY else { return }
        invalidate()
        cachedScaleX = viewport.pixelsPerUnitX
        cachedScaleY = viewport.pixelsPerUnitY
    }

    /// The function's value at column boundary k, from the cache or evaluated (and then kept).
    mutating func boundaryValue(_ function: some GraphableFunction, at k: Int, _ columns: FrameColumns,
                                _ counter: inout EvaluationCounter) -> Double {
        if let v = cache.value(k) { return v }
        let v = counter.baseValue(function, columns.x(k))
        cache.store(value: v, at: k)
        return v
    }

    /// The view draws a ring over a hole; a filled dot there would hide it.
    static func removeFilledDotsUnderRings(_ dots: inout [CurveDot]) {
        let rings = dots.filter { !$0.isFilled }
        guard !rings.isEmpty else { return }
        dots = dots.filter { dot in
            !dot.isFilled || !rings.contains { abs($0.center.x - dot.center.x) < 1 && abs($0.center.y - dot.center.y) < 1 }
        }
    }
}
