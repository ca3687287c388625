import Raster

/// Axis labels formatted, laid out and haloed once per tick value: a pan or a pinch shows mostly the same tick
/// values frame after frame, and formatting a number and shaping its text cost more than drawing it.
/// Holds one font's layouts; bounded, since a pinch through many scales meets new values all the time.
final class AxisLabelCache {
    struct Entry {
        var text: String
        var layout: TextLayout
        /// Blended in the plot's background before the text, which is drawn over the curves.
        var halo: TextHalo
    }
    /// A tick's label depends on its value and its axis's style (the digits, the reference of offsets).
    private struct Key: Hashable {
        var value: Double
        var style: TickLabelStyle
    }
    private var entries: [Key: Entry] = [:]
    /// Two pixels at the kiosk's label sizes (15 to 18 px), one for the smallest.
    static func haloRadius(_ font: Font) -> Int { font.pixelSize >= 12 ? 2 : 1 }
    /// How the labels write their numbers (the decimal separator).
    let numbers: NumberLabel.Style

    init(numbers: NumberLabel.Style = NumberLabel.Style()) { self.numbers = numbers }

    /// More than a few screens of labels at a handful of scales.
    static let capacity = 512

    func entry(_ value: Double, style: TickLabelStyle, font: Font) -> Entry {
        let key = Key(value: value, style: style)
        if let e = entries[key] { return e }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let text = numbers.written(style.text(value))
        let layout = TextLayout(text, font: font)
        let e = Entry(text: text, layout: layout, halo: TextHalo(layout, radius: Self.haloRadius(font)))
        entries[key] = e
        return e
    }
}
