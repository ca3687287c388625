import Raster

/// Which part of the plane the graph shows: the origin as an offset from the pane's centre,
/// and pixels per unit. Gestures are pure functions of it, so they are tested without a screen.
public struct GraphViewport: Codable, Sendable, Equatable {
    public var originOffsetX: Double
    public var originOffsetY: Double
    public var pixelsPerUnit: Double

    public static let minimumScale = 1e-9
    public static let maximumScale = 1e9

    public init(originOffsetX: Double = 0, originOffsetY: Double = 0, pixelsPerUnit: Double = 50) {
        self.originOffsetX = originOffsetX
        self.originOffsetY = originOffsetY
        self.pixelsPerUnit = min(max(pixelsPerUnit, Self.minimumScale), Self.maximumScale)
    }

    /// The origin's position inside a pane of this size.
    public func origin(in size: (width: Double, height: Double)) -> Point {
        Point(x: size.width / 2 + originOffsetX, y: size.height / 2 + originOffsetY)
    }

    public func screenX(_ x: Double, in size: (width: Double, height: Double)) -> Double {
        origin(in: size).x + x * pixelsPerUnit
    }
    public func screenY(_ y: Double, in size: (width: Double, height: Double)) -> Double {
        origin(in: size).y - y * pixelsPerUnit
    }
    public func planeX(_ px: Double, in size: (width: Double, height: Double)) -> Double {
        (px - origin(in: size).x) / pixelsPerUnit
    }

    /// Moves the whole graph, axes included, with the finger.
    public mutating func pan(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        originOffsetX += dx
        originOffsetY += dy
    }

    /// Zooms by `ratio` about `center` (pane coordinates) and moves that point to `newCenter`,
    /// so the point under the fingers stays under the fingers.
    public mutating func pinch(from center: Point, to newCenter: Point, ratio: Double,
                               in size: (width: Double, height: Double)) {
        guard ratio.isFinite, ratio > 0, center.x.isFinite, center.y.isFinite,
              newCenter.x.isFinite, newCenter.y.isFinite else { return }
        let clamped = min(max(pixelsPerUnit * ratio, Self.minimumScale), Self.maximumScale)
        let applied = clamped / pixelsPerUnit
        let o = origin(in: size)
        let newOriginX = newCenter.x - (center.x - o.x) * applied
        let newOriginY = newCenter.y - (center.y - o.y) * applied
        pixelsPerUnit = clamped
        originOffsetX = newOriginX - size.width / 2
        originOffsetY = newOriginY - size.height / 2
    }

    /// Double-tap: the origin moves to the tapped point.
    public mutating func moveOrigin(to point: Point, in size: (width: Double, height: Double)) {
        guard point.x.isFinite, point.y.isFinite else { return }
        originOffsetX = point.x - size.width / 2
        originOffsetY = point.y - size.height / 2
    }
}
