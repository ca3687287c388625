import Raster

/// What part of the plane a graph shows: the origin as an offset (in pixels) from the view's centre,
/// and pixels per unit along each axis. Pure math; every gesture returns a new viewport.
public struct Viewport: Codable, Equatable, Sendable {
    /// Where the origin sits relative to the centre of the view, in pixels (y grows downwards).
    public var originOffsetX: Double
    public var originOffsetY: Double
    public var pixelsPerUnitX: Double
    public var pixelsPerUnitY: Double

    /// Scale limits: from 1e9 units per pixel to 1e-9 units per pixel, where Double still resolves pixels.
    public static let minimumPixelsPerUnit = 1e-9
    public static let maximumPixelsPerUnit = 1e9
    /// Far enough for any use, near enough that column indices stay exact integers.
    public static let maximumOriginOffset = 1e13

    public static let standard = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 50)

    public init(originOffsetX: Double, originOffsetY: Double, pixelsPerUnit: Double) {
        self.init(originOffsetX: originOffsetX, originOffsetY: originOffsetY,
                  pixelsPerUnitX: pixelsPerUnit, pixelsPerUnitY: pixelsPerUnit)
    }

    public init(originOffsetX: Double, originOffsetY: Double, pixelsPerUnitX: Double, pixelsPerUnitY: Double) {
        self.originOffsetX = Viewport.clampOffset(originOffsetX)
        self.originOffsetY = Viewport.clampOffset(originOffsetY)
        self.pixelsPerUnitX = Viewport.clampScale(pixelsPerUnitX)
        self.pixelsPerUnitY = Viewport.clampScale(pixelsPerUnitY)
    }

    static func clampScale(_ s: Double) -> Double {
        guard s.isFinite, s > 0 else { return s == .infinity ? maximumPixelsPerUnit : minimumPixelsPerUnit }
        return min(max(s, minimumPixelsPerUnit), maximumPixelsPerUnit)
    }

    static func clampOffset(_ o: Double) -> Double {
        guard o.isFinite else { return o.isNaN ? 0 : (o > 0 ? maximumOriginOffset : -maximumOriginOffset) }
        return min(max(o, -maximumOriginOffset), maximumOriginOffset)
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
        v.originOffsetX = Viewport.clampOffset(originOffsetX + dx)
        v.originOffsetY = Viewport.clampOffset(originOffsetY + dy)
        return v
    }

    public func panned(by translation: Point) -> Viewport { panned(by: translation.x, translation.y) }

    /// Zooms about `centre` (a screen point relative to the view's centre, i.e. frame-independent
    /// when given as an offset) so the world point under the fingers stays under them.
    /// The factor is cut where the scale clamps, so the fixed point stays fixed even at the limits.
    public func pinched(scaleFactor: Double, about centre: Point, in frame: Rect) -> Viewport {
        pinched(scaleFactorX: scaleFactor, scaleFactorY: scaleFactor, about: centre, in: frame)
    }

    public func pinched(scaleFactorX: Double, scaleFactorY: Double, about centre: Point, in frame: Rect) -> Viewport {
        func effective(_ factor: Double, _ scale: Double) -> Double {
            guard factor.isFinite, factor > 0 else { return 1 }
            return Viewport.clampScale(scale * factor) / scale
        }
        let fx = effective(scaleFactorX, pixelsPerUnitX), fy = effective(scaleFactorY, pixelsPerUnitY)
        let o = origin(in: frame)
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
    /// widened a little, so asymptotic spikes do not flatten the rest.
    public func fitted(to function: some GraphableFunction, in frame: Rect, samples: Int = 256) -> Viewport {
        let x0 = worldX(forScreenX: frame.x, in: frame), x1 = worldX(forScreenX: frame.maxX, in: frame)
        var ys: [Double] = []
        let n = max(2, samples)
        for i in 0..<n {
            let y = function.value(at: x0 + (x1 - x0) * (Double(i) + 0.5) / Double(n))
            if y.isFinite { ys.append(y) }
        }
        guard !ys.isEmpty else { return self }
        ys.sort()
        let lo = ys[Int(Double(ys.count - 1) * 0.05)], hi = ys[Int(Double(ys.count - 1) * 0.95)]
        var span = hi - lo
        var mid = (hi + lo) / 2
        if !(span > 0) || !span.isFinite { span = max(1, abs(mid)); }
        if !mid.isFinite { mid = 0 }
        span *= 1.2
        let scaleY = Viewport.clampScale(frame.height / span)
        // World y = mid at the vertical centre of the frame.
        return Viewport(originOffsetX: originOffsetX, originOffsetY: mid * scaleY,
                        pixelsPerUnitX: pixelsPerUnitX, pixelsPerUnitY: scaleY)
    }
}
