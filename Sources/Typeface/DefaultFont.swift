import CFreeType
import Glibc

extension Typeface {
    /// The family Calx draws with.
    public static let defaultFamily = "DejaVu Sans"

    /// Where Debian and its relatives put DejaVu Sans (`fonts-dejavu-core`). Tried before fontconfig: asking
    /// fontconfig parses its whole configuration and loads or rebuilds its caches, three quarters of what
    /// `calx doctor` executes with a warm cache and nine tenths with a cold one (callgrind), on every start and
    /// every crash restart of the kiosk.
    public static let fallbackFontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// DejaVu Sans: at the fixed Debian paths, else found with fontconfig, else whatever sans face fontconfig
    /// offers. Throws, naming every place tried, when none loads.
    public static func `default`(cacheCapacity: Int = 1024) throws(TypefaceError) -> Typeface {
        try `default`(cacheCapacity: cacheCapacity, fixedPaths: fallbackFontPaths) { fontconfigMatch(family: defaultFamily) }
    }

    /// The search behind `default()`: `fixedPaths` first, holding DejaVu Sans; `fontconfig` is asked only when
    /// none of them does.
    static func `default`(cacheCapacity: Int, fixedPaths: [String],
                          fontconfig: () -> (path: String, family: String)?) throws(TypefaceError) -> Typeface {
        var tried: [String] = []
        for path in fixedPaths {
            if let face = try? Typeface(path: path, cacheCapacity: cacheCapacity), face.familyName == defaultFamily { return face }
            tried.append(path)
        }
        guard let matched = fontconfig() else {
            tried.append("fontconfig (no match for \(defaultFamily))")
            throw .noDefaultFont(tried: tried)
        }
        if !tried.contains(matched.path), let face = try? Typeface(path: matched.path, cacheCapacity: cacheCapacity) { return face }
        tried.append(matched.path)
        throw .noDefaultFont(tried: tried)
    }

    /// The file and family fontconfig picks for a family name, or nil when fontconfig has no configuration
    /// (or libfontconfig cannot be opened: `FontconfigLibrary`).
    public static func fontconfigMatch(family: String) -> (path: String, family: String)? {
        guard let fc = FontconfigLibrary.shared, let config = fc.initLoadConfigAndFonts() else { return nil }
        defer { fc.configDestroy(config) }
        let parsed = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { fc.nameParse($0) }
        }
        guard let pattern = parsed else { return nil }
        defer { fc.patternDestroy(pattern) }
        guard fc.configSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        fc.defaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = fc.fontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { fc.patternDestroy(match) }
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard fc.patternGetString(match, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let path = string("file") else { return nil }
        return (path, string("family") ?? "")
    }
}
