import Raster

/// The points of the polyline being assembled since its last anchor, appended one at a time in the
/// sampler's innermost loop. In memory of its own rather than an array: an array's append asks the
/// runtime whether its buffer is shared, a call for each of the 1,900 points of a pinch frame.
/// Owned by one `CurveAssembly`, which never copies it.
final class PointRun {
    private var base: UnsafeMutablePointer<Point>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var last: Point? { count > 0 ? base[count - 1] : nil }

    subscript(i: Int) -> Point {
        get {
            precondition(i >= 0 && i < count, "PointRun index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "PointRun index out of range")
            base[i] = newValue
        }
    }

    @inline(__always)
    func append(_ p: Point) {
        if count == capacity { grow() }
        (base + count).initialize(to: p)
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Point>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Drops the first `n` points; the rest move to the front.
    func removeFirst(_ n: Int) {
        precondition(n >= 0 && n <= count, "PointRun cannot remove more points than it holds")
        for i in 0..<(count - n) { base[i] = base[i + n] }
        count -= n
    }

    func removeAll() { count = 0 }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Point>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
