/// Light, dark, or high contrast: every text 7:1 on its surface (WCAG's AAA level), every key face 3:1 on
/// the keypad, light faces on black.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
    case highContrast = "high-contrast"

    /// "light, dark or high-contrast": what `--theme` and `theme=` accept, for a message.
    public static var accepted: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
