/// Why a font could not be loaded. Every case names the path (or the paths tried) so the message says what to fix.
public enum TypefaceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No file at the path.
    case missingFile(path: String)
    /// The file exists but FreeType cannot use it (not a font, truncated, unreadable).
    case unusableFile(path: String, reason: String)
    /// FreeType itself could not start.
    case libraryFailed(reason: String)
    /// Neither fontconfig nor the fixed Debian paths found a font.
    case noDefaultFont(tried: [String])

    public var description: String {
        switch self {
        case .missingFile(let path): return "font file \(path) does not exist"
        case .unusableFile(let path, let reason): return "font file \(path) cannot be used: \(reason)"
        case .libraryFailed(let reason): return "FreeType failed to start: \(reason)"
        case .noDefaultFont(let tried):
            return "no default font found (install fonts-dejavu-core); tried: " + tried.joined(separator: ", ")
        }
    }
}
