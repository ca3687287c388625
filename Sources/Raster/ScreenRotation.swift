/// How far the upright picture is turned clockwise on the scanout (the panel's own pixel order).
/// At 90 the picture's top runs down the scanout's right edge: use it for a panel mounted a quarter
/// turn counter-clockwise. Touch mapping (Platform's AxisMapping) uses the same convention.
public enum ScreenRotation: Int, Sendable, CaseIterable {
    case upright = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    public init?(degrees: Int) { self.init(rawValue: degrees) }
    public var degrees: Int { rawValue }

    /// True when width and height trade places between picture and scanout.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size of the other side: picture to scanout or scanout to picture (a quarter turn swaps).
    public func turned(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Where upright pixel (x, y) of a `width` x `height` picture lands on the scanout. The definition
    /// the copy and the damage mapping follow.
    public func scanoutPoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .clockwise90: (height - 1 - y, x)
        case .clockwise180: (width - 1 - x, height - 1 - y)
        case .clockwise270: (y, width - 1 - x)
        }
    }

    /// Where an upright rectangle of a `width` x `height` picture lands on the scanout.
    public func scanoutRect(_ r: IntRect, width: Int, height: Int) -> IntRect {
        switch self {
        case .upright: r
        case .clockwise90: IntRect(x: height - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .clockwise180: IntRect(x: width - r.x - r.width, y: height - r.y - r.height, width: r.width, height: r.height)
        case .clockwise270: IntRect(x: r.y, y: width - r.x - r.width, width: r.height, height: r.width)
        }
    }

    /// The upright pixel shown at scanout (tx, ty) is element `origin + tx * stepX + ty * stepY` of the
    /// picture's pixels, rows `stride` pixels apart: the inverse of `scanoutPoint`, as a linear walk.
    func sourceWalk(width: Int, height: Int, stride: Int) -> (origin: Int, stepX: Int, stepY: Int) {
        switch self {
        case .upright: (0, 1, stride)
        case .clockwise90: ((height - 1) * stride, -stride, 1)
        case .clockwise180: ((height - 1) * stride + width - 1, -1, -stride)
        case .clockwise270: (width - 1, stride, -1)
        }
    }
}
