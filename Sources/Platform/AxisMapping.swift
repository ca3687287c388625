/// Raw device axes to screen pixels: normalise by absinfo min/max, apply an optional libinput-style
/// calibration matrix (a b c / d e f on normalised coordinates), then rotate to the upright picture.
public struct AxisMapping: Sendable, Equatable {
    public var xRange: ClosedRange<Int>
    public var yRange: ClosedRange<Int>
    public var screenWidth: Int
    public var screenHeight: Int
    /// Clockwise degrees the picture is turned: 0, 90, 180 or 270.
    public var rotation: Int
    public var calibration: [Double]

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    public init(xRange: ClosedRange<Int>, yRange: ClosedRange<Int>, screenWidth: Int, screenHeight: Int,
                rotation: Int = 0, calibration: [Double] = AxisMapping.identity) {
        self.xRange = xRange; self.yRange = yRange
        self.screenWidth = screenWidth; self.screenHeight = screenHeight
        self.rotation = rotation
        self.calibration = calibration.count == 6 ? calibration : AxisMapping.identity
    }

    /// Screen pixels in the upright picture (screenWidth x screenHeight already swapped for 90/270).
    public func map(rawX: Int, rawY: Int) -> (x: Double, y: Double) {
        let nx = normalised(rawX, xRange), ny = normalised(rawY, yRange)
        let c = calibration
        let cx = c[0] * nx + c[1] * ny + c[2], cy = c[3] * nx + c[4] * ny + c[5]
        let (ux, uy): (Double, Double)
        switch rotation {
        case 90: (ux, uy) = (cy, 1 - cx)
        case 180: (ux, uy) = (1 - cx, 1 - cy)
        case 270: (ux, uy) = (1 - cy, cx)
        default: (ux, uy) = (cx, cy)
        }
        return (ux * Double(screenWidth - 1), uy * Double(screenHeight - 1))
    }

    func normalised(_ v: Int, _ r: ClosedRange<Int>) -> Double {
        let span = r.upperBound - r.lowerBound
        guard span > 0 else { return 0 }
        return min(max(Double(v - r.lowerBound) / Double(span), 0), 1)
    }

    /// Parses "a b c d e f" (spaces or commas).
    public static func parseCalibration(_ text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        return parts.count == 6 ? parts : nil
    }
}
