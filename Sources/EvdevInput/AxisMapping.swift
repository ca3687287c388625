import Raster

/// Raw device axes to screen pixels: normalise by absinfo min/max, apply an optional libinput-style
/// calibration matrix (a b c / d e f on normalised coordinates), then rotate to the upright picture.
/// Every point it returns is on the screen, whatever the device or the matrix says.
public struct AxisMapping: Sendable, Equatable {
    public var xRange: ClosedRange<Int>
    public var yRange: ClosedRange<Int>
    public var screenWidth: Int
    public var screenHeight: Int
    /// How far the picture is turned clockwise on the panel.
    public var rotation: ScreenRotation
    public var calibration: Calibration

    /// A calibration with a non-finite entry is replaced by the identity.
    public init(xRange: ClosedRange<Int>, yRange: ClosedRange<Int>, screenWidth: Int, screenHeight: Int,
                rotation: ScreenRotation = .upright, calibration: Calibration = .identity) {
        self.xRange = xRange; self.yRange = yRange
        self.screenWidth = max(screenWidth, 1); self.screenHeight = max(screenHeight, 1)
        self.rotation = rotation
        self.calibration = calibration.isFinite ? calibration : .identity
    }

    /// Screen pixels in the upright picture (screenWidth x screenHeight already swapped for 90/270).
    public func map(rawX: Int, rawY: Int) -> (x: Double, y: Double) {
        map(normalisedX: normalised(rawX, xRange), normalisedY: normalised(rawY, yRange))
    }

    /// The same from a reading already normalised to 0...1 on the device's axes.
    public func map(normalisedX nx: Double, normalisedY ny: Double) -> (x: Double, y: Double) {
        let (cx, cy) = calibration.apply(x: nx, y: ny)
        let (ux, uy): (Double, Double)
        switch rotation {
        case .clockwise90: (ux, uy) = (cy, 1 - cx)
        case .clockwise180: (ux, uy) = (1 - cx, 1 - cy)
        case .clockwise270: (ux, uy) = (1 - cy, cx)
        case .upright: (ux, uy) = (cx, cy)
        }
        return (AxisMapping.unit(ux) * Double(screenWidth - 1), AxisMapping.unit(uy) * Double(screenHeight - 1))
    }

    /// Where an upright screen pixel lies on the panel, normalised to 0...1 before any calibration: the inverse
    /// of the rotation and the scaling `map` applies. A touch read through the identity calibration comes back
    /// to its normalised reading; a point of the picture goes to where a calibrated reading must land.
    public func panelPoint(screenX x: Double, screenY y: Double) -> (x: Double, y: Double) {
        let u = x / Double(max(screenWidth - 1, 1)), v = y / Double(max(screenHeight - 1, 1))
        switch rotation {
        case .clockwise90: return (1 - v, u)
        case .clockwise180: return (1 - u, 1 - v)
        case .clockwise270: return (v, 1 - u)
        case .upright: return (u, v)
        }
    }

    /// The panel's own size in pixels: the picture's, turned back.
    public var panelSize: (width: Int, height: Int) {
        rotation == .clockwise90 || rotation == .clockwise270 ? (screenHeight, screenWidth) : (screenWidth, screenHeight)
    }

    /// Into 0...1; NaN (no sane matrix makes it, but no touch may trap) goes to 0.
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    func normalised(_ v: Int, _ r: ClosedRange<Int>) -> Double {
        // In Double: the span of two extreme Int32 axis limits, or of hostile Ints, must not overflow.
        let span = Double(r.upperBound) - Double(r.lowerBound)
        guard span > 0 else { return 0 }
        return min(max((Double(v) - Double(r.lowerBound)) / span, 0), 1)
    }
}
