/// Flow collections (`[0, 0, 3, 57, 1420]`, `{time: 1.5, type: KEYBOARD_KEY}`), which may run over several
/// lines (`hid: [` ... `]`). `FlowBalance` finds where one ends; `YAMLFlowParser` reads it, bounded in depth
/// and items, naming the line of anything wrong.
struct YAMLFlowParser {
    static let depthLimit = 8
    static let itemLimit = 65_536

    let b: [UInt8]
    let firstLine: Int
    var i = 0
    var items = 0

    init(_ bytes: [UInt8], firstLine: Int) { b = bytes; self.firstLine = firstLine }

    /// The line of byte `index`: the text holds the lines it came from, joined by newlines.
    func line(at index: Int) -> Int { firstLine + b[..<min(index, b.count)].reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

    func error(_ message: String) -> RecordingError { RecordingError(line: line(at: i), message) }

    /// The one collection the text holds, then only spaces and comments.
    static func parse(_ bytes: [UInt8], firstLine: Int) throws(RecordingError) -> YAMLFlow {
        var p = YAMLFlowParser(bytes, firstLine: firstLine)
        let value = try p.collection(depth: 0)
        p.skipSpace()
        guard p.i == p.b.count else { throw p.error("unexpected text after the closing bracket") }
        return value
    }

    mutating func skipSpace() {
        while i < b.count {
            switch b[i] {
            case YAMLScalar.space, YAMLScalar.tab, 10, 13: i += 1
            case YAMLScalar.hash where i == 0 || [YAMLScalar.space, YAMLScalar.tab, 10].contains(b[i - 1]):
                while i < b.count, b[i] != 10 { i += 1 }
            default: return
            }
        }
    }

    mutating func collection(depth: Int) throws(RecordingError) -> YAMLFlow {
        guard depth < Self.depthLimit else { throw error("flow collections nested deeper than \(Self.depthLimit)") }
        let isSequence = b[i] == UInt8(ascii: "[")
        let close = UInt8(ascii: isSequence ? "]" : "}")
        i += 1
        var sequence: [YAMLFlow] = [], mapping: [YAMLFlowEntry] = []
        while true {
            skipSpace()
            guard i < b.count else { throw error("a \(isSequence ? "[" : "{") is never closed") }
            if b[i] == close { i += 1; break }
            items += 1
            guard items <= Self.itemLimit else { throw error("more than \(Self.itemLimit) items in a flow collection") }
            if isSequence {
                sequence.append(try value(depth: depth))
            } else {
                let key = try scalar()
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw error("a key in { } without ':'") }
                i += 1
                skipSpace()
                mapping.append(YAMLFlowEntry(key: key, value: try value(depth: depth)))
            }
            skipSpace()
            guard i < b.count else { throw error("a \(isSequence ? "[" : "{") is never closed") }
            if b[i] == UInt8(ascii: ",") { i += 1 } else if b[i] != close {
                throw error("expected ',' or '\(Unicode.Scalar(close))' in a flow collection")
            }
        }
        return isSequence ? .sequence(sequence) : .mapping(mapping)
    }

    mutating func value(depth: Int) throws(RecordingError) -> YAMLFlow {
        guard i < b.count else { throw error("a value is missing") }
        if b[i] == UInt8(ascii: "[") || b[i] == UInt8(ascii: "{") { return try collection(depth: depth + 1) }
        return .scalar(try scalar())
    }

    /// A quoted or plain scalar; a plain one ends at , ] } or a ':' before a space.
    mutating func scalar() throws(RecordingError) -> String {
        guard i < b.count else { throw error("a value is missing") }
        if b[i] == YAMLScalar.doubleQuote || b[i] == YAMLScalar.singleQuote {
            let lineEnd = b[i...].firstIndex(of: 10) ?? b.count
            let (text, end) = try YAMLScalar.quoted(Array(b[..<lineEnd]), from: i, line: line(at: i))
            i = end
            return text
        }
        if let refused = YAMLScalar.refusedIndicator(b[i]) { throw error("\(refused) are not part of a recording") }
        let start = i
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == 10 || c == 13 { break }
            if c == UInt8(ascii: ":") && (i + 1 == b.count || [YAMLScalar.space, YAMLScalar.tab, 10].contains(b[i + 1])) { break }
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { throw error("a bracket inside a flow value") }
            i += 1
        }
        var end = i
        while end > start, b[end - 1] == YAMLScalar.space || b[end - 1] == YAMLScalar.tab { end -= 1 }
        guard end > start else { throw error("an empty item in a flow collection") }
        guard let text = String(validating: b[start..<end], as: UTF8.self) else { throw error("text that is not UTF-8") }
        return text
    }
}

/// Follows brackets and quotes over the lines of a flow collection, to tell where it ends.
struct FlowBalance {
    var depth = 0
    var quote: UInt8?

    /// Feeds one line of it; true once the outermost bracket has closed.
    mutating func feed(_ b: [UInt8], from start: Int = 0) -> Bool {
        var i = start
        while i < b.count {
            let c = b[i]
            if let q = quote {
                if q == YAMLScalar.doubleQuote && c == YAMLScalar.backslash { i += 2; continue }
                if c == q { quote = nil }
            } else if c == YAMLScalar.doubleQuote || c == YAMLScalar.singleQuote {
                quote = c
            } else if c == YAMLScalar.hash && (i == 0 || b[i - 1] == YAMLScalar.space || b[i - 1] == YAMLScalar.tab) {
                return false
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return true }
            }
            i += 1
        }
        // A quote does not carry over a line: the parser will say so.
        quote = nil
        return false
    }
}
