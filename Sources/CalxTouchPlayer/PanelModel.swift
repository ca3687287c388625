import Platform
import Raster
import SeededRandom

/// Where a point of the picture lies on a real panel, in the panel's raw units: the inverse of what the input
/// path does to it (the picture turned by `rotation` on the panel, the panel's own misalignment, which its udev
/// LIBINPUT_CALIBRATION_MATRIX corrects, then its axis ranges), plus the noise real panels add: jitter of up to
/// `jitter` raw units on each sample, and a pressure and contact size that vary from sample to sample. Its own
/// arithmetic, apart from AxisMapping's, so a recording made through it checks the input path rather than
/// agreeing with it by construction.
struct PanelModel {
    let description: DeviceDescription
    /// The upright picture's size in pixels.
    let width: Int, height: Int
    let rotation: ScreenRotation
    let jitter: Int32
    var random: SplitMix64
    /// The panel's misalignment as the matrix that corrects it, when the board has no udev rule saying so.
    var givenCorrection: Calibration?

    /// What it takes to put the panel's readings on the screen: the given matrix, else the panel's udev property.
    var correction: Calibration {
        givenCorrection ?? description.udevValue(CalibrationChoice.udevProperty).flatMap { try? Calibration.parse($0) } ?? .identity
    }

    var positionAxes: (x: UInt16, y: UInt16) {
        description.has(type: InputCode.EV_ABS, code: InputCode.ABS_MT_POSITION_X)
            ? (InputCode.ABS_MT_POSITION_X, InputCode.ABS_MT_POSITION_Y) : (InputCode.ABS_X, InputCode.ABS_Y)
    }

    /// Raw (x, y) for the picture's pixel (x, y), with this sample's jitter.
    mutating func raw(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        let u = Double(x) / Double(max(width - 1, 1)), v = Double(y) / Double(max(height - 1, 1))
        // Back from the upright picture to the panel's own frame (the picture is turned clockwise on it).
        let (px, py): (Double, Double)
        switch rotation {
        case .upright: (px, py) = (u, v)
        case .clockwise90: (px, py) = (1 - v, u)
        case .clockwise180: (px, py) = (1 - u, 1 - v)
        case .clockwise270: (px, py) = (v, 1 - u)
        }
        // Undo the correction: the panel reads n where the matrix sends n to (px, py).
        let m = correction
        let det = m.a * m.e - m.b * m.d
        let nx = (m.e * (px - m.c) - m.b * (py - m.f)) / det
        let ny = (m.a * (py - m.f) - m.d * (px - m.c)) / det
        return (scaled(nx, positionAxes.x), scaled(ny, positionAxes.y))
    }

    private mutating func scaled(_ n: Double, _ axis: UInt16) -> Int32 {
        guard let a = description.axes[axis] else { return 0 }
        let value = Double(a.minimum) + n * Double(Int(a.maximum) - Int(a.minimum))
        let noise = jitter > 0 ? Int32(random.below(Int(2 * jitter + 1))) - jitter : 0
        return min(max(Int32(value.rounded()) + noise, a.minimum), a.maximum)
    }

    /// A firm finger's pressure, where the panel reports one: 60 to 90 % of the axis.
    mutating func pressure() -> Int32? {
        guard let a = description.axes[InputCode.ABS_MT_PRESSURE] ?? description.axes[InputCode.ABS_PRESSURE], a.maximum > 0 else { return nil }
        return a.minimum + Int32(Double(a.maximum - a.minimum) * random.uniform(0.6, 0.9))
    }

    /// A fingertip's contact size, where the panel reports one: 20 to 30 % of the axis.
    mutating func size() -> Int32? {
        guard let a = description.axes[InputCode.ABS_MT_TOUCH_MAJOR], a.maximum > 0 else { return nil }
        return a.minimum + Int32(Double(a.maximum - a.minimum) * random.uniform(0.2, 0.3))
    }
}
