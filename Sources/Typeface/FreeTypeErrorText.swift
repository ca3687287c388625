import CFreeType

/// Words for the FreeType error codes a font file can produce. Debian's FreeType is built
/// without FT_Error_String's tables, so the common ones are spelt out here.
func freeTypeErrorText(_ code: FT_Error) -> String {
    if let text = FT_Error_String(code) { return String(cString: text) }
    switch code {
    case 0x01: return "cannot open resource"
    case 0x02: return "unknown file format (not a TrueType or OpenType font)"
    case 0x03: return "invalid file format"
    case 0x08: return "invalid glyph index"
    case 0x09: return "invalid character code"
    case 0x0B: return "invalid outline"
    case 0x10: return "invalid table"
    case 0x40: return "out of memory"
    case 0x51, 0x52, 0x53: return "invalid font tables"
    case 0x55: return "file is truncated or corrupt (stream error)"
    case 0x8E, 0x8F: return "missing or broken font table"
    default: return "FreeType error \(code)"
    }
}
