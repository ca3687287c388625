/// Light or dark.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
}
