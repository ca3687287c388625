/// Which calibration matrix a touch device gets, and why: the setting (--touch-calibration or
/// calx.conf) over the device's udev LIBINPUT_CALIBRATION_MATRIX, over none.
public struct CalibrationChoice: Equatable, Sendable {
    public enum Source: Equatable, Sendable { case setting, udev, none }
    public var matrix: Calibration
    public var source: Source
    /// A udev property that was there but unusable, and why; the matrix is then the identity.
    public var problem: String?

    public static let udevProperty = "LIBINPUT_CALIBRATION_MATRIX"

    public static func choose(setting: Calibration?, udev: String?) -> CalibrationChoice {
        if let setting { return CalibrationChoice(matrix: setting, source: .setting) }
        guard let udev else { return CalibrationChoice(matrix: .identity, source: .none) }
        do { return CalibrationChoice(matrix: try Calibration.parse(udev), source: .udev) } catch {
            return CalibrationChoice(matrix: .identity, source: .none,
                                     problem: "udev \(udevProperty)=\"\(udev)\" ignored: \(error)")
        }
    }

    /// For the log and `calx doctor`.
    public var summary: String {
        let numbers = matrix.text
        switch source {
        case .setting: return "calibration \(numbers) (--touch-calibration)"
        case .udev: return "calibration \(numbers) (udev \(CalibrationChoice.udevProperty))"
        case .none: return problem ?? "no calibration"
        }
    }
}
