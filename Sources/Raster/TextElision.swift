/// Which part of a text too long for its box gives way to an ellipsis.
public enum TextElision: Sendable {
    /// Keep the end (what was typed last).
    case leading
    /// Keep both ends (an expression: how it starts and how it ends).
    case middle
    /// Keep the start.
    case trailing
}

extension TextLayout {
    /// `text` whole if it fits `width`; else the most characters of it that fit around an ellipsis ("..."
    /// where the face has no "…"), found by bisection: the width grows with the characters kept.
    public static func elided(_ text: String, font: Font, width: Double, _ elision: TextElision) -> (text: String, layout: TextLayout) {
        let whole = TextLayout(text, font: font)
        if whole.width <= width { return (text, whole) }
        let ellipsis = TextLayout("…", font: font).missing.isEmpty ? "…" : "..."
        let characters = Array(text)
        func candidate(_ n: Int) -> String {
            switch elision {
            case .leading: return ellipsis + String(characters.suffix(n))
            case .trailing: return String(characters.prefix(n)) + ellipsis
            case .middle: return String(characters.prefix(n - n / 2)) + ellipsis + String(characters.suffix(n / 2))
            }
        }
        var best = (ellipsis, TextLayout(ellipsis, font: font))
        var low = 1, high = characters.count - 1
        while low <= high {
            let n = (low + high) / 2
            let s = candidate(n), layout = TextLayout(s, font: font)
            if layout.width <= width {
                best = (s, layout)
                low = n + 1
            } else {
                high = n - 1
            }
        }
        return best
    }
}
