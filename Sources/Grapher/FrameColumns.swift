/// The columns one frame samples, first..<last (column k is [k/scale, (k+1)/scale] in world x), and what
/// the frame learns of them, in buffers of the frame's own: arrays asked the runtime at every write
/// whether they were shared, several times a column. Only `fresh` is read for every column; `work` and
/// `ends` are set (by the first look) and read only for the columns sampled this frame, so a pan frame
/// does not fill them a screen wide. Made and freed by `CurveSampler.sample`, once a frame.
struct FrameColumns {
    let first: Int
    let last: Int
    /// Pixels per unit of x.
    let scale: Double
    /// Each column's span of the frame's events, where this frame sampled it; absent elsewhere.
    let fresh: UnsafeMutableBufferPointer<EventSpan>
    /// What the frame knows of each column it samples, at k - first.
    let work: UnsafeMutableBufferPointer<ColumnWork>
    /// The function's value at each boundary of the columns it samples, at k - first.
    let ends: UnsafeMutableBufferPointer<Double>
    /// A run of consecutive columns' boundary points then values, and their enclosures (`GraphableFunction.columns`),
    /// for the frame: a closure around the loop would have its captured state checked for exclusive access
    /// at every use.
    let runPoints: UnsafeMutableBufferPointer<Double>
    let runEnclosures: UnsafeMutableBufferPointer<Enclosure?>

    init(first: Int, last: Int, scale: Double) {
        self.first = first
        self.last = last
        self.scale = scale
        let count = last - first
        fresh = .allocate(capacity: count)
        fresh.initialize(repeating: .absent)
        work = .allocate(capacity: count)
        ends = .allocate(capacity: count + 1)
        runPoints = .allocate(capacity: 2 * (count + 1))
        runEnclosures = .allocate(capacity: count)
    }

    func deallocate() {
        fresh.deallocate()
        work.deallocate()
        ends.deallocate()
        runPoints.deallocate()
        runEnclosures.deallocate()
    }

    var count: Int { last - first }

    /// World x of column boundary k.
    func x(_ k: Int) -> Double { Double(k) / scale }
}

/// What a frame knows of one of the columns it samples.
struct ColumnWork {
    /// Its own enclosure, kept for its refinement.
    var known: Enclosure? = nil
    /// Its curve bends too little for a midpoint to show (`CurveSampler.bendsLittle`): its chord is drawn.
    var gentle = false
    /// The share it was last refined with.
    var lastShare = 0
    /// Resolved: stored in the cache.
    var done = false
}
