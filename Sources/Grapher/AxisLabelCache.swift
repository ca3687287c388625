import Raster

/// Axis labels formatted and laid out once per tick value: a pan or a pinch shows mostly the same tick
/// values frame after frame, and formatting a number and shaping its text cost more than drawing it.
/// Holds one font's layouts; bounded, since a pinch through many scales meets new values all the time.
final class AxisLabelCache {
    struct Entry {
        var text: String
        var layout: TextLayout
    }
    private var entries: [Double: Entry] = [:]
    /// How the labels write their numbers.
    let numbers: NumberLabel.Style

    init(numbers: NumberLabel.Style = NumberLabel.Style()) { self.numbers = numbers }
    /// More than a few screens of labels at a handful of scales.
    static let capacity = 512

    func entry(_ value: Double, font: Font) -> Entry {
        if let e = entries[value] { return e }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let text = NumberLabel.format(value, style: numbers)
        let e = Entry(text: text, layout: TextLayout(text, font: font))
        entries[value] = e
        return e
    }
}
