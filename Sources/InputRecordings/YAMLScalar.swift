/// Scalars as the YAML subset of a recording writes them: plain (`1`, `ID_INPUT=1`, `/dev/input/event5`), in
/// double quotes with YAML's escapes, or in single quotes (`''` for a quote). Anchors, aliases, tags, block
/// scalars and directives are refused: `libinput record` writes none, and a file that has them is not one.
enum YAMLScalar {
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")

    /// The quoted scalar opening at `b[start]`, and the index just after its closing quote.
    static func quoted(_ b: [UInt8], from start: Int, line: Int) throws(RecordingError) -> (value: String, end: Int) {
        let quote = b[start]
        var out: [UInt8] = []
        var i = start + 1
        while i < b.count {
            let c = b[i]
            if c == quote {
                if quote == singleQuote && i + 1 < b.count && b[i + 1] == singleQuote { out.append(c); i += 2; continue }
                return (try text(out, line: line), i + 1)
            }
            if c < 0x20 && c != tab { throw RecordingError(line: line, "a control character (\(c)) in a quoted string") }
            if quote == doubleQuote && c == backslash {
                i += 1
                guard i < b.count else { break }
                try escape(b, at: &i, into: &out, line: line)
                continue
            }
            out.append(c)
            i += 1
        }
        throw RecordingError(line: line, "a string opened with \(quote == doubleQuote ? "\"" : "'") is not closed on its line")
    }

    /// One escape after a backslash, `i` at its letter; leaves `i` after it.
    private static func escape(_ b: [UInt8], at i: inout Int, into out: inout [UInt8], line: Int) throws(RecordingError) {
        let simple: [UInt8: UInt8] = [UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9,
                                      tab: 9, UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12,
                                      UInt8(ascii: "r"): 13, UInt8(ascii: "e"): 27, space: space, doubleQuote: doubleQuote,
                                      UInt8(ascii: "/"): UInt8(ascii: "/"), backslash: backslash]
        let c = b[i]
        if let byte = simple[c] { out.append(byte); i += 1; return }
        let digits: Int
        switch c {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        case UInt8(ascii: "N"): out += [0xC2, 0x85]; i += 1; return
        case UInt8(ascii: "_"): out += [0xC2, 0xA0]; i += 1; return
        case UInt8(ascii: "L"): out += [0xE2, 0x80, 0xA8]; i += 1; return
        case UInt8(ascii: "P"): out += [0xE2, 0x80, 0xA9]; i += 1; return
        default: throw RecordingError(line: line, "unknown escape \\\(Unicode.Scalar(c).escaped(asASCII: true)) in a quoted string")
        }
        guard i + digits < b.count, let code = UInt32(String(decoding: b[(i + 1)...(i + digits)], as: UTF8.self), radix: 16),
              let scalar = Unicode.Scalar(code) else {
            throw RecordingError(line: line, "\\\(Unicode.Scalar(c)) wants \(digits) hexadecimal digits of a character")
        }
        out += Array(String(Character(scalar)).utf8)
        i += digits + 1
    }

    /// The plain scalar from `start` to a comment or the end, trimmed.
    static func plain(_ b: [UInt8], from start: Int, line: Int) throws(RecordingError) -> String {
        var end = start
        while end < b.count, !(b[end] == hash && end > start && (b[end - 1] == space || b[end - 1] == tab)) { end += 1 }
        while end > start, b[end - 1] == space || b[end - 1] == tab { end -= 1 }
        guard end > start else { return "" }
        if let refused = refusedIndicator(b[start]) { throw RecordingError(line: line, "\(refused) are not part of a recording") }
        return try text(Array(b[start..<end]), line: line)
    }

    /// What a scalar may not start with, named.
    static func refusedIndicator(_ c: UInt8) -> String? {
        switch c {
        case UInt8(ascii: "&"): "YAML anchors (&)"
        case UInt8(ascii: "*"): "YAML aliases (*)"
        case UInt8(ascii: "!"): "YAML tags (!)"
        case UInt8(ascii: "|"), UInt8(ascii: ">"): "YAML block scalars (| and >)"
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"): "values starting with \(Unicode.Scalar(c))"
        default: nil
        }
    }

    /// Only spaces, then perhaps a comment, may follow a value that ended at `i`.
    static func expectLineEnd(_ b: [UInt8], from i: Int, line: Int) throws(RecordingError) {
        var j = i
        while j < b.count, b[j] == space || b[j] == tab { j += 1 }
        guard j == b.count || (b[j] == hash && j > i) else {
            throw RecordingError(line: line, "unexpected '\(String(decoding: b[j...].prefix(20), as: UTF8.self))' after a value")
        }
    }

    static func text(_ bytes: [UInt8], line: Int) throws(RecordingError) -> String {
        guard let s = String(validating: bytes, as: UTF8.self) else { throw RecordingError(line: line, "text that is not UTF-8") }
        return s
    }
}
