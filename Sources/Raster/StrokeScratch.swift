/// Per-pixel coverage that a stroke accumulates before blending once, so that where segments
/// overlap (joins) a pixel takes its largest coverage instead of being blended twice.
/// Kept all zero between strokes: the blend pass clears exactly what it read.
/// Which 8-pixel chunks of each row may hold coverage is one bit a chunk, 64 chunks (512 pixels) a word,
/// so the blend pass reads only those: a graph's stroke crosses a row in a few pixels, eight coverage
/// bytes are one load, and the chunks between two crossings of one row cost nothing (a long polyline
/// crosses a row many times across the screen; a run from its first to its last chunk read every chunk
/// between).
public final class StrokeScratch {
    static let chunkShift = 3
    static let chunk = 1 << chunkShift

    /// Raw pointers, not arrays: class-held arrays pay a dynamic exclusivity check on every access.
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    /// Each row's chunk bits, `wordsPerRow` words a row: bit c of word w is chunk 64w + c.
    private(set) var chunkBits: UnsafeMutablePointer<UInt64>
    /// Words of chunk bits a row of the current stroke.
    private(set) var wordsPerRow = 1
    /// One word a column of chunk words: the blend pass ORs each row's bits in, for the bounds.
    private var columnBits: UnsafeMutablePointer<UInt64>
    private var columnCapacity = 1
    private var capacity = 0
    /// Coverage bytes `0..<zeroed` are zero between strokes (the blend pass clears what it read); strokes
    /// read and write no further.
    private var zeroed = 0
    /// The `room` the coverage was allocated for.
    private var sizedFor = 0
    private var bitCapacity = 0

    public init() {
        coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        chunkBits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        columnBits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    }
    deinit { coverage.deallocate(); chunkBits.deallocate(); columnBits.deallocate() }

    /// Makes room for `rows` × `columns` coverage bytes, all zero, and their chunk bits, all clear.
    /// `room` is the most any stroke on the canvas can cover (its buffer's area): the coverage is allocated
    /// for that whenever it changes (a new screen), and zeroed only as far as strokes reach. Grown to each
    /// stroke's size instead, a graph's first frames reallocated and zeroed it again and again (the bench's
    /// first ten 1080p frames: 16 times, 10 MB), and it kept the largest screen's size after the screen
    /// shrank. Pages no stroke reached are never touched, so they cost no resident memory.
    func prepare(rows: Int, columns: Int, room: Int) {
        let needed = rows * columns
        if room != sizedFor || needed > capacity {
            coverage.deallocate()
            capacity = max(needed, room)
            coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            zeroed = 0
            sizedFor = room
        }
        if needed > zeroed {
            (coverage + zeroed).initialize(repeating: 0, count: needed - zeroed)
            zeroed = needed
        }
        wordsPerRow = (columns + 511) >> 9
        if wordsPerRow > columnCapacity {
            columnBits.deallocate()
            columnBits = UnsafeMutablePointer<UInt64>.allocate(capacity: wordsPerRow)
            columnCapacity = wordsPerRow
        }
        let words = rows * wordsPerRow
        if words > bitCapacity {
            chunkBits.deallocate()
            chunkBits = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
            chunkBits.initialize(repeating: 0, count: words)
            bitCapacity = words
        }
    }

    /// Marks chunks `first...last` (relative to the stroke's area) as holding coverage in `rows` rows from
    /// `firstRow`: a run of bits, nearly always within one word.
    @inline(__always)
    func markChunks(_ first: Int, through last: Int, firstRow: Int, rows: Int) {
        let words = wordsPerRow
        var row = chunkBits + firstRow &* words
        let low = first &>> 6, high = last &>> 6
        if low == high {
            let mask = Self.chunkMask(first & 63, through: (first & 63) &+ (last &- first))
            row += low
            for _ in 0..<rows { row.pointee |= mask; row += words }
            return
        }
        let lowMask = (~0 as UInt64) &<< UInt64(truncatingIfNeeded: first & 63)
        let highMask = (~0 as UInt64) &>> UInt64(truncatingIfNeeded: 63 &- (last & 63))
        for _ in 0..<rows {
            row[low] |= lowMask
            var w = low &+ 1
            while w < high { row[w] = ~0; w &+= 1 }
            row[high] |= highMask
            row += words
        }
    }

    /// The bits of chunks `first...last` of one word (both within 0..<64).
    @inline(__always)
    static func chunkMask(_ first: Int, through last: Int) -> UInt64 {
        ((~0 as UInt64) &>> UInt64(truncatingIfNeeded: 63 &- (last &- first))) &<< UInt64(truncatingIfNeeded: first)
    }

    /// Blends every chunk that holds coverage onto XRGB pixels (`area`'s corner at `base`), zeroing the
    /// coverage and the bits it reads. Returns the bounds of the marked chunks, relative to the area.
    /// A whole chunk is one 8-byte load.
    func blendAndClear(area: IntRect, into base: UnsafeMutableRawPointer, strideBytes: Int,
                       _ color: Color) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let split = Spans.FourPixelBlend(color)
        let width = area.width, whole = width &>> StrokeScratch.chunkShift
        var rowPixels = (base + area.y &* strideBytes + area.x &* 4).assumingMemoryBound(to: UInt32.self)
        var rowCoverage = coverage
        let pixelsPerRow = strideBytes &>> 2
        let next = { rowPixels += pixelsPerRow; rowCoverage += width }
        @inline(__always) func blend(_ chunk: Int, solid: Bool) {
            let lo = chunk &<< StrokeScratch.chunkShift
            if chunk < whole {
                Spans.blendEightAndClear(rowCoverage + lo, into: rowPixels + lo, split, solid: solid)
            } else {
                // The last chunk of a width that is not a whole number of chunks is cut.
                Spans.blendCoverageAndClear(rowCoverage + lo, into: rowPixels + lo, count: width &- lo, color)
            }
        }
        // Two loops, an opaque colour's (every graph curve's) without the alpha's test every four pixels.
        if color.alpha == 255 { return walkChunks(area: area, next: next) { blend($0, solid: true) } }
        return walkChunks(area: area, next: next) { blend($0, solid: false) }
    }

    /// Calls `body` with each covered pixel (buffer coordinates) of the marked chunks, zeroing what it
    /// reads: the 16-bit format's blend, one pixel at a time.
    func forEachCoverage(area: IntRect, _ body: (Int, Int, UInt32) -> Void) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let width = area.width
        var row = 0
        return walkChunks(area: area, next: { row &+= 1 }) { chunk in
            let cov = coverage + row &* width
            let lo = chunk &<< StrokeScratch.chunkShift
            for i in lo..<min(lo &+ StrokeScratch.chunk, width) where cov[i] > 0 {
                body(area.x &+ i, area.y &+ row, UInt32(cov[i]))
                cov[i] = 0
            }
        }
    }

    /// Calls `visit(chunk)` with each marked chunk of each row, in order, and `next` after every row,
    /// clearing the bits. Returns the bounds of the marked chunks in pixels (the last chunk cut at the
    /// area's width), nil when there were none: each word column's bits ORed over the rows, and the first
    /// and last row with any. A stroke narrower than 512 pixels (every one of a graph's short runs) has one
    /// word a row, walked on its own with its column in a register.
    @inline(__always)
    private func walkChunks(area: IntRect, next: () -> Void, _ visit: (_ chunk: Int) -> Void)
        -> (left: Int, right: Int, top: Int, bottom: Int)? {
        var top = -1, bottom = 0
        let words = wordsPerRow
        var rowBits = chunkBits
        var left = 0, right = 0
        if words == 1 {
            var column: UInt64 = 0
            for row in 0..<area.height {
                var bits = rowBits.pointee
                if bits != 0 {
                    rowBits.pointee = 0
                    column |= bits
                    if top < 0 { top = row }
                    bottom = row &+ 1
                    repeat {
                        visit(bits.trailingZeroBitCount)
                        bits &= bits &- 1
                    } while bits != 0
                }
                rowBits += 1
                next()
            }
            guard top >= 0 else { return nil }
            left = column.trailingZeroBitCount
            right = 63 &- column.leadingZeroBitCount
        } else {
            let columns = columnBits
            for w in 0..<words { columns[w] = 0 }
            for row in 0..<area.height {
                var any: UInt64 = 0
                for w in 0..<words {
                    var bits = rowBits[w]
                    guard bits != 0 else { continue }
                    rowBits[w] = 0
                    columns[w] |= bits
                    any = bits
                    let first = w &<< 6
                    repeat {
                        visit(first &+ bits.trailingZeroBitCount)
                        bits &= bits &- 1
                    } while bits != 0
                }
                if any != 0 {
                    if top < 0 { top = row }
                    bottom = row &+ 1
                }
                rowBits += words
                next()
            }
            guard top >= 0 else { return nil }
            for w in 0..<words where columns[w] != 0 { left = w &<< 6 &+ columns[w].trailingZeroBitCount; break }
            for w in (0..<words).reversed() where columns[w] != 0 { right = w &<< 6 &+ 63 &- columns[w].leadingZeroBitCount; break }
        }
        return (left &<< StrokeScratch.chunkShift, min((right &+ 1) &<< StrokeScratch.chunkShift, area.width), top, bottom)
    }
}
