import Raster

/// What part of the plane a graph shows: the origin as an offset (in pixels) from the view's centre,
/// and pixels per unit along each axis. Pure math; every gesture returns a new viewport.
public struct Viewport: Codable, Equatable, Sendable {
    /// Where the origin sits relative to the centre of the view, in pixels (y grows downwards).
    public var originOffsetX: Double
    public var originOffsetY: Double
    public var pixelsPerUnitX: Double
    public var pixelsPerUnitY: Double

    /// Scale limits: from 1e304 units per pixel (Fit shows M × 1e300) to 1e-304. How finely Double resolves a
    /// pixel does not depend on the scale but on how many pixels the point lies from the origin: a world x is
    /// that distance over the scale, so its ulp is the distance × 2⁻⁵² pixels at any scale.
    public static let minimumPixelsPerUnit = 1e-304
    public static let maximumPixelsPerUnit = 1e304
    /// The origin at most this many pixels from the view's centre: every point shown then lies within 2⁴⁴
    /// pixels of it, so Double resolves its world coordinate to 1/256 of a pixel and column indices stay exact
    /// integers. Zooming in far from the origin stops there (`pinched`): deeper, the pixels would not be
    /// told apart.
    public static let maximumOriginOffset = 1e13
    /// The largest world coordinate a view may reach: at the tiniest scales the origin's offset is cut so that
    /// every point of a screen (half of one is at most `screenMargin` pixels) stays finite.
    static let largestWorldCoordinate = 1.7e308
    static let screenMargin = 4_000.0

    public static let standard = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 50)

    public init(originOffsetX: Double, originOffsetY: Double, pixelsPerUnit: Double) {
        self.init(originOffsetX: originOffsetX, originOffsetY: originOffsetY,
                  pixelsPerUnitX: pixelsPerUnit, pixelsPerUnitY: pixelsPerUnit)
    }

    public init(originOffsetX: Double, originOffsetY: Double, pixelsPerUnitX: Double, pixelsPerUnitY: Double) {
        self.pixelsPerUnitX = Viewport.clampScale(pixelsPerUnitX)
        self.pixelsPerUnitY = Viewport.clampScale(pixelsPerUnitY)
        self.originOffsetX = Viewport.clampOffset(originOffsetX, scale: self.pixelsPerUnitX)
        self.originOffsetY = Viewport.clampOffset(originOffsetY, scale: self.pixelsPerUnitY)
    }

    static func clampScale(_ s: Double) -> Double {
        guard s.isFinite, s > 0 else { return s == .infinity ? maximumPixelsPerUnit : minimumPixelsPerUnit }
        return min(max(s, minimumPixelsPerUnit), maximumPixelsPerUnit)
    }

    /// How far the origin may lie from the centre at `scale` pixels per unit.
    static func largestOffset(scale: Double) -> Double {
        max(0, min(maximumOriginOffset, largestWorldCoordinate * scale - screenMargin))
    }

    static func clampOffset(_ o: Double, scale: Double) -> Double {
        let limit = largestOffset(scale: scale)
        guard o.isFinite else { return o.isNaN ? 0 : (o > 0 ? limit : -limit) }
        return min(max(o, -limit), limit)
    }

    // MARK: Transforms

    /// The origin in screen coordinates for a view occupying `frame`.
    public func origin(in frame: Rect) -> Point {
        Point(x: frame.center.x + originOffsetX, y: frame.center.y + originOffsetY)
    }

    public func screenPoint(x: Double, y: Double, in frame: Rect) -> Point {
        let o = origin(in: frame)
        return Point(x: o.x + x * pixelsPerUnitX, y: o.y - y * pixelsPerUnitY)
    }

    public func screenX(forWorldX x: Double, in frame: Rect) -> Double { origin(in: frame).x + x * pixelsPerUnitX }
    public func screenY(forWorldY y: Double, in frame: Rect) -> Double { origin(in: frame).y - y * pixelsPerUnitY }
    public func worldX(forScreenX sx: Double, in frame: Rect) -> Double { (sx - origin(in: frame).x) / pixelsPerUnitX }
    public func worldY(forScreenY sy: Double, in frame: Rect) -> Double { (origin(in: frame).y - sy) / pixelsPerUnitY }

    /// The world point under a screen point.
    public func worldPoint(at p: Point, in frame: Rect) -> (x: Double, y: Double) {
        (worldX(forScreenX: p.x, in: frame), worldY(forScreenY: p.y, in: frame))
    }

    // MARK: Gestures

    /// The whole graph moves with the finger.
    public func panned(by dx: Double, _ dy: Double) -> Viewport {
        var v = self
        v.originOffsetX = Viewport.clampOffset(originOffsetX + dx, scale: pixelsPerUnitX)
        v.originOffsetY = Viewport.clampOffset(originOffsetY + dy, scale: pixelsPerUnitY)
        return v
    }

    public func panned(by translation: Point) -> Viewport { panned(by: translation.x, translation.y) }

    /// Zooms about `centre` (a screen point relative to the view's centre, i.e. frame-independent
    /// when given as an offset) so the world point under the fingers stays under them.
    /// The factor is cut where the scale clamps, and where the origin would go further from the centre than
    /// Double resolves pixels (`maximumOriginOffset`), so the fixed point stays fixed even at the limits.
    public func pinched(scaleFactor: Double, about centre: Point, in frame: Rect) -> Viewport {
        pinched(scaleFactorX: scaleFactor, scaleFactorY: scaleFactor, about: centre, in: frame)
    }

    public func pinched(scaleFactorX: Double, scaleFactorY: Double, about centre: Point, in frame: Rect) -> Viewport {
        let o = origin(in: frame)
        /// The factor as far as the scale and the origin's offset allow: the origin's distance from the
        /// fixed point grows with the factor, and the offset is that distance plus the fixed point's.
        func effective(_ factor: Double, _ scale: Double, origin: Double, centre: Double, frameCentre: Double) -> Double {
            guard factor.isFinite, factor > 0 else { return 1 }
            var f = Viewport.clampScale(scale * factor) / scale
            let distance = abs(origin - centre), fixed = abs(centre - frameCentre)
            if distance > 0, f > 1, distance * f + fixed > Viewport.largestOffset(scale: scale * f) {
                f = max(1, (Viewport.largestOffset(scale: scale * f) - fixed) / distance * (1 - 1e-9))
            }
            return f
        }
        let fx = effective(scaleFactorX, pixelsPerUnitX, origin: o.x, centre: centre.x, frameCentre: frame.center.x)
        let fy = effective(scaleFactorY, pixelsPerUnitY, origin: o.y, centre: centre.y, frameCentre: frame.center.y)
        // The origin's distance from the fixed point scales with the zoom.
        let newOriginX = centre.x + (o.x - centre.x) * fx
        let newOriginY = centre.y + (o.y - centre.y) * fy
        return Viewport(originOffsetX: newOriginX - frame.center.x, originOffsetY: newOriginY - frame.center.y,
                        pixelsPerUnitX: pixelsPerUnitX * fx, pixelsPerUnitY: pixelsPerUnitY * fy)
    }

    /// The origin moves to the tapped point.
    public func doubleTapped(at p: Point, in frame: Rect) -> Viewport {
        Viewport(originOffsetX: p.x - frame.center.x, originOffsetY: p.y - frame.center.y,
                 pixelsPerUnitX: pixelsPerUnitX, pixelsPerUnitY: pixelsPerUnitY)
    }

    /// Back to the default view.
    public func reset() -> Viewport { .standard }

    /// Keeps x as it is and picks the y scale and origin so the interesting part of `function`
    /// over the visible x-range fills the height: the 5th..95th percentile of finite samples,
    /// widened a little, so asymptotic spikes do not flatten the rest. At any magnitude: halves are
    /// summed, so values near the largest double do not overflow.
    public func fitted(to function: some GraphableFunction, in frame: Rect, samples: Int = 256) -> Viewport {
        let x0 = worldX(forScreenX: frame.x, in: frame), x1 = worldX(forScreenX: frame.maxX, in: frame)
        var ys: [Double] = []
        let n = max(2, samples)
        for i in 0..<n {
            // Weighted ends, not x0 + (x1 − x0)·t: the width of a view far out may overflow.
            let t = (Double(i) + 0.5) / Double(n)
            let y = function.value(at: x0 * (1 - t) + x1 * t)
            if y.isFinite { ys.append(y) }
        }
        guard !ys.isEmpty else { return self }
        ys.sort()
        let lo = ys[Int(Double(ys.count - 1) * 0.05)], hi = ys[Int(Double(ys.count - 1) * 0.95)]
        // Halves, so that neither the span nor the middle overflows.
        var halfSpan = hi / 2 - lo / 2
        let mid = hi / 2 + lo / 2
        if !(halfSpan > 0) { halfSpan = max(0.5, abs(mid) / 2) }
        let scaleY = Viewport.clampScale(frame.height / 2 / (halfSpan * 1.2))
        // World y = mid at the vertical centre of the frame.
        return Viewport(originOffsetX: originOffsetX, originOffsetY: mid * scaleY,
                        pixelsPerUnitX: pixelsPerUnitX, pixelsPerUnitY: scaleY)
    }
}
