extension String {
    /// The text with every C0 and C1 control and DEL written as `\u{1b}` (tab and CR as `\t` and `\r`),
    /// newlines kept: what reaches a terminal cannot move its cursor, set its title or ring it, whoever
    /// wrote the bytes. Escapes already written (`\u{1b}`) are plain text and stay as they are.
    package var escapingControls: String {
        // Most lines have no control at all: one pass over the bytes, no copy.
        guard utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F || $0 == 0xC2 }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text.unicodeScalars.append(scalar)
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            // By number: Unicode's property tables would cost the shot pages.
            case _ where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value):
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
