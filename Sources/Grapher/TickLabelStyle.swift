/// How the labels of one axis read, so that they are distinct and are the numbers they mark at every zoom
/// and offset. Each tick is a multiple of 10ⁿ (its step is 1, 2 or 5 × 10ⁿ), so n digits after the unit
/// tell it from its neighbours: 0.0200001, 0.0200002 where a fixed six digits wrote "0.02" for all. Where
/// that takes more than `plainDigits` significant digits (deep in, far from 0: 10000.0000001), one tick near
/// the middle (the reference) is written in full and the others as their offsets from it: "+1e-7", "−2e-7".
struct TickLabelStyle: Hashable {
    /// Every tick is a multiple of 10^unit.
    let unit: Int
    /// 10^unit.
    let unitPower: Double
    /// The reference tick's value in offset mode (the others read as offsets from it); nil when every tick is
    /// written in full.
    let reference: Double?

    /// The most significant digits a label written in full has before the axis switches to offsets.
    static let plainDigits = 6 // (the 1e6 below)

    init(unit: Int, reference: Double?) {
        self.unit = unit
        unitPower = libm_pow(10, Double(unit))
        self.reference = reference
    }

    /// The style of ticks `step` apart over [lower, upper].
    init(step: Double, lower: Double, upper: Double) {
        let (unit, unitPower) = TickLabelStyle.decade(of: step)
        self.unit = unit
        self.unitPower = unitPower
        // More than `plainDigits` significant digits: the largest value reaches 10^(unit + plainDigits).
        let largest = Swift.max(Swift.abs(lower), Swift.abs(upper))
        guard largest.isFinite, largest >= unitPower * 1e6 else {
            reference = nil
            return
        }
        // The multiple of the largest power of ten the range spans nearest its middle: a tick (a multiple of
        // the step), inside the range, and as round as one there can be.
        let span = upper - lower
        let scale = span > 0 && span.isFinite ? Swift.max(unitPower, TickLabelStyle.decade(of: span).power) : unitPower
        let middle = lower / 2 + upper / 2
        reference = (middle / scale).rounded() * scale
    }

    /// The power of ten of the leading digit: 2 for 500, −7 for 1e-7 (never off by one where log10 rounds).
    static func exponent(of value: Double) -> Int { decade(of: value).exponent }

    /// That exponent, and 10 to it.
    static func decade(of value: Double) -> (exponent: Int, power: Double) {
        let magnitude = Swift.abs(value)
        let e = Int(libm_log10(magnitude).rounded(.down))
        let p = libm_pow(10, Double(e))
        if p > magnitude { return (e - 1, p / 10) }
        if p * 10 <= magnitude { return (e + 1, p * 10) }
        return (e, p)
    }

    /// The label of the tick at `value`: in full, or as its signed offset from the reference.
    func text(_ value: Double) -> String {
        guard let reference else { return NumberLabel.format(value, unit: unit) }
        let offset = value - reference
        // Closer than half a unit: the reference tick itself, written in full.
        if Swift.abs(offset) < unitPower / 2 { return NumberLabel.format(value, unit: unit) }
        let text = NumberLabel.format(offset, unit: unit)
        return offset > 0 ? "+" + text : text
    }

    /// Whether the tick at `value` is the one written in full in offset mode.
    func isReference(_ value: Double) -> Bool {
        guard let reference else { return false }
        return Swift.abs(value - reference) < unitPower / 2
    }
}
