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
    /// The held columns' events, in the order they were stored.
    private(set) var events: [Event] = []

    /// Columns held (for reporting).
    var count: Int { spans.reduce(0) { $0 + ($1.isAbsent ? 0 : 1) } }

    mutating func removeAll() {
        for i in spans.indices { spans[i] = .absent }
        for i in values.indices { values[i] = nil }
        events.removeAll(keepingCapacity: true)
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
        var newEvents: [Event] = []
        let overlapStart = max(newFirst, firstKey), overlapEnd = min(newFirst + newCount, firstKey + spans.count)
        if overlapStart < overlapEnd {
            newEvents.reserveCapacity(events.count)
            for k in overlapStart..<overlapEnd {
                let span = spans[k - firstKey]
                guard !span.isAbsent else { continue }
                newSpans[k - newFirst] = EventSpan(start: newEvents.count, count: Int(span.count))
                newEvents.append(contentsOf: events[span.range])
            }
            for k in overlapStart...overlapEnd { newValues[k - newFirst] = values[k - firstKey] }
        }
        firstKey = newFirst
        spans = newSpans
        values = newValues
        events = newEvents
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

    /// Keeps `columnEvents` as column k's (a column is stored once a scale: only when it is resolved).
    mutating func store(_ columnEvents: ArraySlice<Event>, at k: Int) {
        let i = k - firstKey
        guard i >= 0 && i < spans.count else { return }
        spans[i] = EventSpan(start: events.count, count: columnEvents.count)
        events.append(contentsOf: columnEvents)
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
