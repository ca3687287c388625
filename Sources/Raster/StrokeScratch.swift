/// Per-pixel coverage that a stroke accumulates before blending once, so that where segments
/// overlap (joins) a pixel takes its largest coverage instead of being blended twice.
/// Kept all zero between strokes: the blend pass clears exactly what it read.
/// Which 8-pixel chunks of each row hold coverage is kept as one run a row, from its first to its last
/// chunk, so the blend pass reads only those: a graph's stroke crosses a row in a few pixels, eight
/// coverage bytes are one load, and a chunk between two crossings of one row costs a load and a test.
public final class StrokeScratch {
    static let chunkShift = 3
    static let chunk = 1 << chunkShift

    /// Raw pointers, not arrays: class-held arrays pay a dynamic exclusivity check on every access.
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    /// Each row's first and last chunk that may hold coverage; first > last (`Int32.max`, -1) when none.
    private(set) var firstChunk: UnsafeMutablePointer<Int32>
    private(set) var lastChunk: UnsafeMutablePointer<Int32>
    private var capacity = 0
    /// Coverage bytes `0..<zeroed` are zero between strokes (the blend pass clears what it read); strokes
    /// read and write no further.
    private var zeroed = 0
    /// The `room` the coverage was allocated for.
    private var sizedFor = 0
    private var rowCapacity = 0

    public init() {
        coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        firstChunk = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        lastChunk = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    }
    deinit { coverage.deallocate(); firstChunk.deallocate(); lastChunk.deallocate() }

    /// Makes room for `rows` × `columns` coverage bytes, all zero, and `rows` empty runs of chunks.
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
        if rows > rowCapacity {
            firstChunk.deallocate()
            lastChunk.deallocate()
            firstChunk = UnsafeMutablePointer<Int32>.allocate(capacity: rows)
            lastChunk = UnsafeMutablePointer<Int32>.allocate(capacity: rows)
            firstChunk.initialize(repeating: Int32.max, count: rows)
            lastChunk.initialize(repeating: -1, count: rows)
            rowCapacity = rows
        }
    }

    /// Marks chunks `first...last` (relative to the stroke's area) as holding coverage in `rows` rows from
    /// `firstRow`: each row's run grows to take them in.
    @inline(__always)
    func markChunks(_ first: Int, through last: Int, firstRow: Int, rows: Int) {
        let f = Int32(truncatingIfNeeded: first), l = Int32(truncatingIfNeeded: last)
        var firsts = firstChunk + firstRow, lasts = lastChunk + firstRow
        for _ in 0..<rows {
            if f < firsts.pointee { firsts.pointee = f }
            if l > lasts.pointee { lasts.pointee = l }
            firsts += 1
            lasts += 1
        }
    }

    /// Blends every chunk that holds coverage onto XRGB pixels (`area`'s corner at `base`), zeroing the
    /// coverage and the runs it reads. Returns the bounds of the runs, relative to the area.
    /// A whole chunk is one 8-byte load.
    func blendAndClear(area: IntRect, into base: UnsafeMutableRawPointer, strideBytes: Int,
                       _ color: Color) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let split = Spans.FourPixelBlend(color)
        let width = area.width, whole = width &>> StrokeScratch.chunkShift
        var rowPixels = (base + area.y &* strideBytes + area.x &* 4).assumingMemoryBound(to: UInt32.self)
        var rowCoverage = coverage
        let pixelsPerRow = strideBytes &>> 2
        return walkRuns(area: area, next: { rowPixels += pixelsPerRow; rowCoverage += width }) { first, last in
            var chunk = first
            // The last chunk of a width that is not a whole number of chunks is cut.
            let end = last < whole ? last &+ 1 : whole
            while chunk < end {
                let lo = chunk &<< StrokeScratch.chunkShift
                Spans.blendEightAndClear(rowCoverage + lo, into: rowPixels + lo, split)
                chunk &+= 1
            }
            if last >= whole {
                let lo = whole &<< StrokeScratch.chunkShift
                Spans.blendCoverageAndClear(rowCoverage + lo, into: rowPixels + lo, count: width &- lo, color)
            }
        }
    }

    /// Calls `body` with each covered pixel (buffer coordinates) of the runs, zeroing what it reads: the
    /// 16-bit format's blend, one pixel at a time.
    func forEachCoverage(area: IntRect, _ body: (Int, Int, UInt32) -> Void) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let width = area.width
        var row = 0
        return walkRuns(area: area, next: { row &+= 1 }) { first, last in
            let cov = coverage + row &* width
            for i in (first &<< StrokeScratch.chunkShift)..<min((last &+ 1) &<< StrokeScratch.chunkShift, width) where cov[i] > 0 {
                body(area.x &+ i, area.y &+ row, UInt32(cov[i]))
                cov[i] = 0
            }
        }
    }

    /// Calls `visit(first, last)` with each row's run of chunks that may hold coverage (rows without one
    /// are skipped) and `next` after every row, emptying the runs. Returns the bounds of the runs in
    /// pixels (the last chunk cut at the area's width), nil when there were none.
    @inline(__always)
    private func walkRuns(area: IntRect, next: () -> Void, _ visit: (_ first: Int, _ last: Int) -> Void)
        -> (left: Int, right: Int, top: Int, bottom: Int)? {
        var left = Int.max, right = -1, top = -1, bottom = 0
        for row in 0..<area.height {
            let first = Int(firstChunk[row]), last = Int(lastChunk[row])
            if first <= last {
                firstChunk[row] = Int32.max
                lastChunk[row] = -1
                if first < left { left = first }
                if last > right { right = last }
                if top < 0 { top = row }
                bottom = row &+ 1
                visit(first, last)
            }
            next()
        }
        guard top >= 0 else { return nil }
        return (left &<< StrokeScratch.chunkShift, min((right &+ 1) &<< StrokeScratch.chunkShift, area.width), top, bottom)
    }
}
