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
    /// One word a column of chunk words: the blend pass ORs each row's bits in, for the bounds.
    private var columnBits: UnsafeMutablePointer<UInt64>
    private var capacity = 0
    private var chunkCapacity = 0
    private var columnCapacity = 1
    /// 64-bit words of chunk bits per row of the current stroke.
    private(set) var wordsPerRow = 1

    public init() {
        coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        chunks = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        columnBits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    }
    deinit { coverage.deallocate(); chunks.deallocate(); columnBits.deallocate() }

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
        if wordsPerRow > columnCapacity {
            columnBits.deallocate()
            columnBits = UnsafeMutablePointer<UInt64>.allocate(capacity: wordsPerRow)
            columnCapacity = wordsPerRow
        }
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
    /// A whole chunk is one 8-byte load.
    func blendAndClear(area: IntRect, into base: UnsafeMutableRawPointer, strideBytes: Int,
                       _ color: Color) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let split = Spans.FourPixelBlend(color)
        let width = area.width, whole = width &>> StrokeScratch.chunkShift
        let corner = (base + area.y &* strideBytes + area.x &* 4).assumingMemoryBound(to: UInt32.self)
        let pixelsPerRow = strideBytes &>> 2
        return walkChunks(area: area) { row, chunk in
            let lo = chunk &<< StrokeScratch.chunkShift
            let pixels = corner + (row &* pixelsPerRow &+ lo), cov = coverage + (row &* width &+ lo)
            if chunk < whole {
                Spans.blendEightAndClear(cov, into: pixels, split)
            } else {
                Spans.blendCoverageAndClear(cov, into: pixels, count: width &- lo, color)
            }
        }
    }

    /// Calls `body` with each covered pixel (buffer coordinates) of the chunks that hold coverage, zeroing
    /// what it reads: the 16-bit format's blend, one pixel at a time.
    func forEachCoverage(area: IntRect, _ body: (Int, Int, UInt32) -> Void) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let width = area.width
        return walkChunks(area: area) { row, chunk in
            let lo = chunk &<< StrokeScratch.chunkShift, cov = coverage + row &* width
            for i in lo..<min(lo &+ StrokeScratch.chunk, width) where cov[i] > 0 {
                body(area.x &+ i, area.y &+ row, UInt32(cov[i]))
                cov[i] = 0
            }
        }
    }

    /// Calls `visit(row, chunk)` for each chunk that holds coverage (relative to the area), row by row,
    /// zeroing the chunk bits. Returns the bounds of the chunks visited in pixels (the last chunk cut at
    /// the area's width), nil when there were none. The bounds come from each column word's bits ORed over
    /// the rows and from the first and last row with any, not from every word visited.
    @inline(__always)
    private func walkChunks(area: IntRect, _ visit: (_ row: Int, _ chunk: Int) -> Void) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let words = wordsPerRow
        let columns = columnBits
        columns.initialize(repeating: 0, count: words)
        var top = -1, bottom = 0
        var rowChunks = chunks
        for row in 0..<area.height {
            var any: UInt64 = 0
            for word in 0..<words {
                var bits = rowChunks[word]
                guard bits != 0 else { continue }
                rowChunks[word] = 0
                columns[word] |= bits
                any = bits
                repeat {
                    visit(row, (word &<< 6) | bits.trailingZeroBitCount)
                    bits &= bits &- 1
                } while bits != 0
            }
            if any != 0 {
                if top < 0 { top = row }
                bottom = row &+ 1
            }
            rowChunks += words
        }
        guard top >= 0 else { return nil }
        var first = 0
        while columns[first] == 0 { first &+= 1 }
        var last = words &- 1
        while columns[last] == 0 { last &-= 1 }
        let left = (first &<< 6) | columns[first].trailingZeroBitCount
        let right = (last &<< 6) | (63 &- columns[last].leadingZeroBitCount)
        return (left &<< StrokeScratch.chunkShift, min((right &+ 1) &<< StrokeScratch.chunkShift, area.width), top, bottom)
    }
}
