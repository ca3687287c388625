/// The sampler's memory of columns at one scale: each column's events and the function's value at each
/// column boundary, for a window of consecutive column numbers around the screen.
/// Plain arrays indexed from the window's first column: a pan frame looks up hundreds of columns,
/// and hashing each one cost more than sampling the strip a pan reveals.
/// Every column's events sit in one flat array, each column naming its range of it: an array of its own
/// a column cost an allocation to store and a release to forget, and a pinch forgets them all every frame.
struct ColumnCache {
    typealias Event = CurveSampler.Event
    private(set) var firstKey = 0
    /// Each column's range of `events`; `absent` where the column is not held.
    private var spans: [EventSpan] = []
    /// Boundary k's value sits at k - firstKey; one more boundary than columns.
    private var values: [Double?] = [nil]
    /// The held columns' events, in the order they were stored, and events of nobody's (a column refined
    /// again with a larger share leaves its first try behind); compacted when those outnumber the held.
    private(set) var events: [Event] = []
    /// How many of `events` are held columns'.
    private var heldEvents = 0

    mutating func removeAll() {
        for i in spans.indices { spans[i] = .absent }
        for i in values.indices { values[i] = nil }
        events.removeAll(keepingCapacity: true)
        heldEvents = 0
    }

    /// Makes room for columns first..<last, keeping what lies inside the new window. The window is the
    /// visible run widened by its own width on each side, so panning back and forth finds its samples,
    /// and it moves only when the screen leaves it. The events of the columns it drops go with them.
    mutating func cover(_ first: Int, _ last: Int) {
        let needed = last - first
        if first >= firstKey && last <= firstKey + spans.count && spans.count <= 3 * needed + 2 { return }
        let newFirst = first - needed
        let newCount = 3 * needed
        var newSpans = [EventSpan](repeating: .absent, count: newCount)
        var newValues = [Double?](repeating: nil, count: newCount + 1)
        let overlapStart = max(newFirst, firstKey), overlapEnd = min(newFirst + newCount, firstKey + spans.count)
        if overlapStart < overlapEnd {
            for k in overlapStart..<overlapEnd { newSpans[k - newFirst] = spans[k - firstKey] }
            for k in overlapStart...overlapEnd { newValues[k - newFirst] = values[k - firstKey] }
        }
        firstKey = newFirst
        spans = newSpans
        values = newValues
        compact()
    }

    /// Keeps only the held columns' events, in column order.
    private mutating func compact() {
        var kept: [Event] = []
        kept.reserveCapacity(events.count)
        heldEvents = 0
        for i in spans.indices where !spans[i].isAbsent {
            let range = spans[i].range
            spans[i] = EventSpan(start: kept.count, count: range.count)
            kept.append(contentsOf: events[range])
            heldEvents += range.count
        }
        events = kept
    }

    /// Lends the events to the sampler, which refines columns straight onto their end (so a column it keeps
    /// is not copied) and hands them back with `returnEvents`.
    mutating func lendEvents() -> [Event] {
        var lent: [Event] = []
        swap(&lent, &events)
        return lent
    }

    mutating func returnEvents(_ returned: [Event]) {
        events = returned
        if events.count > 2 * heldEvents + 4096 { compact() }
    }

    /// Where column k's events lie in `events`, or nil when the column is not held.
    func eventRange(_ k: Int) -> Range<Int>? {
        let i = k - firstKey
        guard i >= 0 && i < spans.count else { return nil }
        let span = spans[i]
        return span.isAbsent ? nil : span.range
    }

    func holds(_ k: Int) -> Bool {
        let i = k - firstKey
        return i >= 0 && i < spans.count && !spans[i].isAbsent
    }

    /// Keeps `span` of the lent events as column k's (a column is stored once a scale: only when it is
    /// resolved).
    mutating func store(_ span: EventSpan, at k: Int) {
        let i = k - firstKey
        guard i >= 0 && i < spans.count else { return }
        if !spans[i].isAbsent { heldEvents -= Int(spans[i].count) }
        spans[i] = span
        heldEvents += Int(span.count)
    }

    func value(_ k: Int) -> Double? {
        let i = k - firstKey
        return i >= 0 && i < values.count ? values[i] : nil
    }

    mutating func store(value: Double, at k: Int) {
        let i = k - firstKey
        if i >= 0 && i < values.count { values[i] = value }
    }
}

/// A column's range of a flat array of events.
struct EventSpan {
    var start: Int32
    var count: Int32

    static let absent = EventSpan(start: -1, count: 0)

    init(start: Int, count: Int) {
        self.start = Int32(start)
        self.count = Int32(count)
    }

    var isAbsent: Bool { start < 0 }
    var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
}
