/// Per-pixel coverage that a stroke accumulates before blending once, so that where segments
/// overlap (joins) a pixel takes its largest coverage instead of being blended twice.
/// Kept all zero between strokes: the blend pass clears exactly what it read.
public final class StrokeScratch {
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    private(set) var capacity = 0
    /// Per row of the current stroke, the touched columns [low, high) relative to its region.
    var low: [Int32] = []
    var high: [Int32] = []

    public init() { coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1) }
    deinit { coverage.deallocate() }

    /// Makes room for `rows` × `columns` bytes, all zero, and resets the row spans.
    func prepare(rows: Int, columns: Int) {
        let needed = rows * columns
        if needed > capacity {
            coverage.deallocate()
            coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: needed)
            coverage.initialize(repeating: 0, count: needed)
            capacity = needed
        }
        if low.count < rows {
            low = [Int32](repeating: Int32.max, count: rows)
            high = [Int32](repeating: Int32.min, count: rows)
        }
    }
}
