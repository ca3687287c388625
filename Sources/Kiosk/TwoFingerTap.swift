import Raster

/// Two fingers set down on the graph together and lifted without moving: a two-finger tap, which spans an
/// interval between them (the integral's bounds). Either finger moving past the slop, a finger held too
/// long, or a cancelled contact makes it a pinch or nothing instead.
struct TwoFingerTap {
    /// From the first finger down to the last one up, at most this long (a long press's delay).
    static let timeLimit = 0.5

    private var startTime = 0.0
    /// The two fingers and where each landed.
    private var landings: [Int: Point] = [:]
    /// Where the first to lift left the glass.
    private var firstLift: Point?

    /// A second finger landed on the graph beside the first, which has not moved.
    mutating func begin(first: Int, at firstPoint: Point, since firstTime: Double, second: Int, at point: Point, time: Double) {
        guard time - firstTime <= Self.timeLimit else { return reset() }
        startTime = firstTime
        landings = [first: firstPoint, second: point]
        firstLift = nil
    }

    /// A finger moved: past the slop from where it landed, there is no tap.
    mutating func moved(_ id: Int, to point: Point, slop: Double) {
        guard let landing = landings[id] else { return }
        if hypot(point.x - landing.x, point.y - landing.y) > slop { reset() }
    }

    /// A finger lifted: the tap's two points, left first, once both are up in time.
    mutating func lifted(_ id: Int, at point: Point, time: Double, cancelled: Bool, slop: Double) -> (Point, Point)? {
        guard let landing = landings.removeValue(forKey: id) else { return nil }
        guard !cancelled, time - startTime <= Self.timeLimit, hypot(point.x - landing.x, point.y - landing.y) <= slop else {
            reset()
            return nil
        }
        guard let first = firstLift else {
            firstLift = point
            return nil
        }
        reset()
        return first.x <= point.x ? (first, point) : (point, first)
    }

    mutating func reset() {
        landings = [:]
        firstLift = nil
    }
}
