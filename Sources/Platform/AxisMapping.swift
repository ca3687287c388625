/// Raw device axes to screen pixels: normalise by absinfo min/max, apply an optional libinput-style
/// calibration matrix (a b c / d e f on normalised coordinates), then rotate to the upright picture.
/// Every point it returns is on the screen, whatever the device or the matrix says.
public struct AxisMapping: Sendable, Equatable {
    public var xRange: ClosedRange<Int>
    public var yRange: ClosedRange<Int>
    public var screenWidth: Int
    public var screenHeight: Int
    /// Clockwise degrees the picture is turned: 0, 90, 180 or 270.
    public var rotation: Int
    public var calibration: [Double]

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    /// A calibration that is not six finite numbers is replaced by the identity.
    public init(xRange: ClosedRange<Int>, yRange: ClosedRange<Int>, screenWidth: Int, screenHeight: Int,
                rotation: Int = 0, calibration: [Double] = AxisMapping.identity) {
        self.xRange = xRange; self.yRange = yRange
        self.screenWidth = max(screenWidth, 1); self.screenHeight = max(screenHeight, 1)
        self.rotation = rotation
        self.calibration = calibration.count == 6 && calibration.allSatisfy(\.isFinite) ? calibration : AxisMapping.identity
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
        return (AxisMapping.unit(ux) * Double(screenWidth - 1), AxisMapping.unit(uy) * Double(screenHeight - 1))
    }

    /// Into 0...1; NaN (no sane matrix makes it, but no touch may trap) goes to 0.
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    func normalised(_ v: Int, _ r: ClosedRange<Int>) -> Double {
        // In Double: the span of two extreme Int32 axis limits, or of hostile Ints, must not overflow.
        let span = Double(r.upperBound) - Double(r.lowerBound)
        guard span > 0 else { return 0 }
        return min(max((Double(v) - Double(r.lowerBound)) / span, 0), 1)
    }

    /// Why a calibration text was refused.
    public struct CalibrationError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The largest matrix entry accepted: beyond it every touch lands off the screen.
    public static let largestCalibrationEntry = 100.0

    /// Parses "a b c d e f" (spaces, tabs or commas), libinput's LIBINPUT_CALIBRATION_MATRIX format.
    /// Refuses anything but six finite numbers no larger than `largestCalibrationEntry`, and a matrix whose
    /// 2x2 part is singular (all touches would land on one line or point).
    public static func parseCalibration(_ text: String) throws(CalibrationError) -> [Double] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard words.count == 6 else { throw CalibrationError(description: "\(words.count) numbers, not 6") }
        var numbers: [Double] = []
        for word in words {
            guard let v = Double(word), v.isFinite else { throw CalibrationError(description: "'\(word)' is not a finite number") }
            guard abs(v) <= largestCalibrationEntry else {
                throw CalibrationError(description: "\(word) is larger than \(Int(largestCalibrationEntry))")
            }
            numbers.append(v)
        }
        let determinant = numbers[0] * numbers[4] - numbers[1] * numbers[3]
        guard abs(determinant) > 1e-6 else {
            throw CalibrationError(description: "singular (a·e − b·d = 0): every touch would land on one line")
        }
        return numbers
    }
}
