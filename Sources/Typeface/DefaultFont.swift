import CFreeType
import Glibc

extension Typeface {
    /// The family Calx draws with.
    public static let defaultFamily = "DejaVu Sans"

    /// Where Debian and its relatives put DejaVu Sans (`fonts-dejavu-core`), tried when fontconfig cannot help.
    public static let fallbackFontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// DejaVu Sans: found with fontconfig, else at the fixed Debian paths, else whatever sans face
    /// fontconfig offers. Throws, naming every place tried, when none loads.
    public static func `default`(cacheCapacity: Int = 1024) throws(TypefaceError) -> Typeface {
        var tried: [String] = []
        let matched = fontconfigMatch(family: defaultFamily)
        var candidates: [String] = []
        if let matched, matched.family == defaultFamily { candidates.append(matched.path) }
        candidates += fallbackFontPaths
        if let matched, matched.family != defaultFamily { candidates.append(matched.path) }
        if matched == nil { tried.append("fontconfig (no match for \(defaultFamily))") }
        for path in candidates where !tried.contains(path) {
            if let face = try? Typeface(path: path, cacheCapacity: cacheCapacity) { return face }
            tried.append(path)
        }
        throw .noDefaultFont(tried: tried)
    }

    /// The file and family fontconfig picks for a family name, or nil when fontconfig has no configuration.
    public static func fontconfigMatch(family: String) -> (path: String, family: String)? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        let parsed = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcNameParse($0) }
        }
        guard let pattern = parsed else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(match, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let path = string("file") else { return nil }
        return (path, string("family") ?? "")
    }
}
