/// Per-pixel coverage that a stroke accumulates before blending once, so that where segments
/// overlap (joins) a pixel takes its largest coverage instead of being blended twice.
/// Kept all zero between strokes: the blend pass clears exactly what it read.
/// Which 32-pixel chunks of each row hold coverage is kept in a bitmask, so the blend pass skips
/// the empty stretches between far-apart crossings of one row (an oscillating graph).
public final class StrokeScratch {
    static let chunkShift = 5
    static let chunk = 1 << chunkShift

    /// Raw pointers, not arrays: class-held arrays pay a dynamic exclusivity check on every access.
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    private(set) var chunks: UnsafeMutablePointer<UInt64>
    private var capacity = 0
    private var chunkCapacity = 0
    /// 64-bit words of chunk bits per row of the current stroke.
    private(set) var wordsPerRow = 1

    public init() {
        coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        chunks = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    }
    deinit { coverage.deallocate(); chunks.deallocate() }

    /// Makes room for `rows` × `columns` coverage bytes and chunk bits, all zero.
    func prepare(rows: Int, columns: Int) {
        let needed = rows * columns
        if needed > capacity {
            coverage.deallocate()
            coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: needed)
            coverage.initialize(repeating: 0, count: needed)
            capacity = needed
        }
        wordsPerRow = ((columns + StrokeScratch.chunk - 1) >> StrokeScratch.chunkShift + 63) >> 6
        let words = rows * wordsPerRow
        if words > chunkCapacity {
            chunks.deallocate()
            chunks = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
            chunks.initialize(repeating: 0, count: words)
            chunkCapacity = words
        }
    }
}
