/// The rectangles that changed since the display last took them.
/// Overlapping or nearly touching rectangles merge, so the list stays short.
public struct DamageRegion: Sendable, Equatable {
    public private(set) var rects: [IntRect] = []
    public init() {}

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: IntRect { rects.reduce(IntRect.zero) { $0.union($1) } }

    public mutating func add(_ rect: IntRect) {
        guard !rect.isEmpty else { return }
        // Within the one rectangle held (a curve's stroke in a plot painted whole): the loop below would merge
        // it and put that rectangle back as it was, through an array's removal and append.
        if rects.count == 1 && rects[0].contains(rect) { return }
        var merged = rect
        // In place: the rectangles not merged slide down over those that were (no array per call).
        var kept = 0
        for i in rects.indices {
            let existing = rects[i]
            let joined = existing.union(merged)
            // Merge when the union wastes little: fewer, larger uploads beat many small ones.
            if joined.area <= existing.area + merged.area + merged.area / 4 + 64 {
                merged = joined
            } else {
                rects[kept] = existing
                kept += 1
            }
        }
        rects.removeLast(rects.count - kept)
        // A frame's damage is a few rectangles: room for them at the first, not the array's doubling from one.
        if rects.capacity == 0 { rects.reserveCapacity(8) }
        rects.append(merged)
    }

    /// Hands the rectangles over and starts afresh.
    public mutating func take() -> [IntRect] {
        defer { rects = [] }
        return rects
    }
}
