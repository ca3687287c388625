/// Numbers for axis labels and trace readouts, in the calculator's style:
/// at most 6 fraction digits, no trailing ".0", no "-0", scientific when long.
func numberText(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "undefined" : (value > 0 ? "∞" : "-∞") }
    let magnitude = abs(value)
    if magnitude != 0 && (magnitude >= 1e12 || magnitude < 1e-6) {
        let exponent = Int(libm_floor(libm_log10(magnitude)))
        let mantissa = value / libm_pow(10, Double(exponent))
        return numberText((mantissa * 1e4).rounded() / 1e4) + "e" + String(exponent)
    }
    let rounded = (value * 1e6).rounded() / 1e6
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
