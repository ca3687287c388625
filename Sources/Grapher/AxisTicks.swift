/// Tick positions along one axis: steps of 1, 2 or 5 × 10ⁿ, at least `minimumSpacing` pixels apart.
public struct AxisTicks: Equatable, Sendable {
    /// World units between ticks.
    public let step: Double
    /// World coordinates of the ticks within the range, excluding none.
    public let values: [Double]

    public static func step(pixelsPerUnit: Double, minimumSpacing: Double = 60) -> Double {
        let minimumUnits = minimumSpacing / pixelsPerUnit
        var power = libm_pow(10, libm_log10(minimumUnits).rounded(.down))
        while true {
            for multiple in [1.0, 2, 5] where multiple * power * pixelsPerUnit >= minimumSpacing * (1 - 1e-12) {
                return multiple * power
            }
            power *= 10
        }
    }

    /// Ticks covering world [lower, upper].
    public init(lower: Double, upper: Double, pixelsPerUnit: Double, minimumSpacing: Double = 60) {
        step = AxisTicks.step(pixelsPerUnit: pixelsPerUnit, minimumSpacing: minimumSpacing)
        let first = (lower / step).rounded(.up), last = (upper / step).rounded(.down)
        var values: [Double] = []
        if first <= last, last - first < 10_000 {
            var i = first
            while i <= last {
                // Multiplying the index avoids accumulating 0.1 + 0.1 + ... errors.
                values.append(i * step)
                i += 1
            }
        }
        self.values = values
    }
}
