/// Per-pixel coverage that a stroke accumulates before blending once, so that where segments
/// overlap (joins) a pixel takes its largest coverage instead of being blended twice.
/// Kept all zero between strokes: the blend pass clears exactly what it read.
/// Which 8-pixel chunks of each row hold coverage is kept in a bitmask, so the blend pass reads only
/// those: a graph's stroke crosses a row in a few pixels, and eight coverage bytes are one load.
public final class StrokeScratch {
    static let chunkShift = 3
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

    /// Marks chunks `first...last` (relative to the stroke's area) as holding coverage in `rows` rows from
    /// `firstRow`: a run of bits, nearly always within one word.
    @inline(__always)
    func markChunks(_ first: Int, through last: Int, firstRow: Int, rows: Int) {
        let words = wordsPerRow
        var word = chunks + firstRow &* words
        if first &>> 6 == last &>> 6 {
            let mask = ((~0 as UInt64) &>> UInt64(truncatingIfNeeded: 63 &- (last &- first))) &<< UInt64(truncatingIfNeeded: first)
            word += first &>> 6
            for _ in 0..<rows { word.pointee |= mask; word += words }
        } else {
            for _ in 0..<rows {
                for index in first...last { word[index &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: index) }
                word += words
            }
        }
    }

    /// Blends every chunk that holds coverage onto XRGB pixels (`area`'s corner at `base`), zeroing the
    /// coverage and chunk bits it reads. Returns the bounds of the chunks blended, relative to the area.
    /// One row's pixels and coverage are addressed once, not per chunk; a whole chunk is one 8-byte load.
    func blendAndClear(area: IntRect, into base: UnsafeMutableRawPointer, strideBytes: Int,
                       _ color: Color) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let split = Spans.FourPixelBlend(color)
        let width = area.width, words = wordsPerRow, shift = StrokeScratch.chunkShift
        var bounds = TouchedChunks()
        var rowPixels = base + area.y * strideBytes + area.x * 4
        var rowCoverage = coverage
        var rowChunks = chunks
        for row in 0..<area.height {
            let pixels = rowPixels.assumingMemoryBound(to: UInt32.self)
            for word in 0..<words {
                var bits = rowChunks[word]
                guard bits != 0 else { continue }
                rowChunks[word] = 0
                bounds.add(row: row, word: word, bits: bits)
                while bits != 0 {
                    let lo = ((word << 6) | bits.trailingZeroBitCount) << shift
                    bits &= bits &- 1
                    if lo &+ StrokeScratch.chunk <= width {
                        Spans.blendEightAndClear(rowCoverage + lo, into: pixels + lo, split)
                    } else {
                        Spans.blendCoverageAndClear(rowCoverage + lo, into: pixels + lo, count: width - lo, color)
                    }
                }
            }
            rowPixels += strideBytes
            rowCoverage += width
            rowChunks += words
        }
        return bounds.pixels(width: width)
    }

    /// Calls `body` with each covered pixel (buffer coordinates) of the chunks that hold coverage, zeroing
    /// what it reads: the 16-bit format's blend, one pixel at a time.
    func forEachCoverage(area: IntRect, _ body: (Int, Int, UInt32) -> Void) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let width = area.width, words = wordsPerRow, shift = StrokeScratch.chunkShift
        var bounds = TouchedChunks()
        for row in 0..<area.height {
            let cov = coverage + row * width
            for word in 0..<words {
                var bits = chunks[row * words + word]
                guard bits != 0 else { continue }
                chunks[row * words + word] = 0
                bounds.add(row: row, word: word, bits: bits)
                while bits != 0 {
                    let lo = ((word << 6) | bits.trailingZeroBitCount) << shift
                    bits &= bits &- 1
                    for i in lo..<min(lo + StrokeScratch.chunk, width) where cov[i] > 0 {
                        body(area.x + i, area.y + row, UInt32(cov[i]))
                        cov[i] = 0
                    }
                }
            }
        }
        return bounds.pixels(width: width)
    }
}

/// The bounds of the chunks a blend pass found, in chunks and rows, as plain integers (a rectangle
/// union per row costs more).
struct TouchedChunks {
    var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min

    @inline(__always)
    mutating func add(row: Int, word: Int, bits: UInt64) {
        let first = (word << 6) | bits.trailingZeroBitCount, last = (word << 6) | (63 - bits.leadingZeroBitCount)
        if first < left { left = first }
        if last >= right { right = last + 1 }
        if top == Int.max { top = row }
        bottom = row + 1
    }

    /// In pixels, the last chunk cut at the area's width; nil when nothing was found.
    func pixels(width: Int) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        guard left < right else { return nil }
        return (left << StrokeScratch.chunkShift, min(right << StrokeScratch.chunkShift, width), top, bottom)
    }
}
