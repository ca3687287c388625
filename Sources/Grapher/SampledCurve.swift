import Raster

/// A dot where a curve has an isolated point or a one-sided limit at a jump.
public struct CurveDot: Equatable, Sendable {
    public var center: Point
    /// Filled where the function reaches the value, a ring where it only approaches it.
    public var isFilled: Bool
    public init(center: Point, isFilled: Bool) { self.center = center; self.isFilled = isFilled }
}

/// What the sampler hands the view: screen-space polylines (never joined across a break) and dots.
public struct SampledCurve: Sendable {
    public var polylines: [[Point]] = []
    /// For each polyline, the indices of its points at fixed world columns, where its stroke runs restart:
    /// so a pan that keeps the scale strokes every run away from the screen's edges as it did before.
    public var strokeBreaks: [[Int]] = []
    public var dots: [CurveDot] = []
    /// Calls of `value(at:)` and `enclosure(from:to:)` made for this frame (cached columns cost nothing).
    public var valueEvaluations = 0
    public var enclosureEvaluations = 0
    public var evaluations: Int { valueEvaluations + enclosureEvaluations }
    /// Columns served from the cache and columns sampled afresh.
    public var reusedColumns = 0
    public var sampledColumns = 0
    /// True when the frame's budget ran out before every column was resolved (or had spent the most a
    /// column may); those columns are not cached, and show only what was proven before it ran out.
    public var budgetExhausted = false
    /// True when another frame of the same view would resolve more: the starved columns then share a
    /// whole frame's budget. The view asks for that frame itself.
    public var refinesNextFrame = false
    public init() {}
}
