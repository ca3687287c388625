/// The YAML subset a `libinput record` recording is written in, read a line at a time: block mappings and
/// lists (a list may sit at its key's own indentation, as libinput writes `properties:` / `- ID_INPUT=1`),
/// flow collections over one or more lines, quoted and plain scalars, comments. Every leaf goes to the caller
/// with its path and line as it is read, so nothing is built that the caller does not keep. Bounded: a line
/// is at most `lineLimit` bytes, blocks nest at most `depthLimit` deep, a flow collection spans at most
/// `flowLimit` bytes. Everything wrong is a `RecordingError` naming its line.
struct BlockYAMLReader {
    static let lineLimit = 16_384
    static let depthLimit = 32
    static let flowLimit = 262_144

    typealias Leaf = (YAMLLeaf, [YAMLPathComponent], Int) throws(RecordingError) -> Void

    private struct Frame {
        var isSequence: Bool
        var indent: Int
        var nextIndex = 0
        var keys: Set<String> = []
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var lineNumber = 0
    private var stack: [Frame] = []
    /// The component of the child each open frame is filling; the top's is the current one.
    private var path: [YAMLPathComponent] = []
    /// The line of a `key:` or `-` whose value may be a block under it.
    private var pending: Int?

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads the whole document, handing each leaf to `leaf`.
    static func read(_ bytes: [UInt8], _ leaf: Leaf) throws(RecordingError) {
        var reader = BlockYAMLReader(bytes)
        try reader.run(leaf)
    }

    /// The next physical line without its line break, or nil at the end.
    private mutating func nextLine() throws(RecordingError) -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        lineNumber += 1
        let end = bytes[offset...].firstIndex(of: 10) ?? bytes.count
        guard end - offset <= Self.lineLimit else {
            throw RecordingError(line: lineNumber, "a line longer than \(Self.lineLimit) bytes")
        }
        var line = Array(bytes[offset..<end])
        if line.last == 13 { line.removeLast() }
        offset = end + 1
        return line
    }

    private mutating func run(_ leaf: Leaf) throws(RecordingError) {
        var started = false
        while let b = try nextLine() {
            var n = 0
            while n < b.count, b[n] == YAMLScalar.space { n += 1 }
            if n < b.count, b[n] == YAMLScalar.tab {
                throw RecordingError(line: lineNumber, "a tab in the indentation (YAML indents with spaces)")
            }
            guard n < b.count, b[n] != YAMLScalar.hash else { continue }
            let marker = b.count - n >= 3 && n == 0 ? String(decoding: b[0..<3], as: UTF8.self) : ""
            if marker == "..." { break }
            if marker == "---" {
                guard !started else { throw RecordingError(line: lineNumber, "a second YAML document (---): a recording is one") }
                started = true
                try YAMLScalar.expectLineEnd(b, from: 3, line: lineNumber)
                continue
            }
            if b[n] == UInt8(ascii: "%") { throw RecordingError(line: lineNumber, "YAML directives (%) are not part of a recording") }
            started = true
            try line(b, indent: n, leaf)
        }
        if let line = pending { try leaf(.empty, path, line) }
    }

    private static func isDash(_ b: [UInt8], _ n: Int) -> Bool {
        b[n] == UInt8(ascii: "-") && (n + 1 == b.count || b[n + 1] == YAMLScalar.space || b[n + 1] == YAMLScalar.tab)
    }

    private mutating func push(isSequence: Bool, indent: Int) throws(RecordingError) {
        guard stack.count < Self.depthLimit else { throw RecordingError(line: lineNumber, "blocks nested deeper than \(Self.depthLimit)") }
        stack.append(Frame(isSequence: isSequence, indent: indent))
        path.append(.index(-1))
    }

    private mutating func line(_ b: [UInt8], indent n: Int, _ leaf: Leaf) throws(RecordingError) {
        let dash = Self.isDash(b, n)
        if let line = pending, let top = stack.last {
            pending = nil
            if n > top.indent || (!top.isSequence && n == top.indent && dash) {
                try push(isSequence: dash, indent: n)
            } else {
                try leaf(.empty, path, line)
            }
        }
        if stack.isEmpty {
            guard !dash else { throw RecordingError(line: lineNumber, "a recording is a YAML mapping (version:, devices:), not a list") }
            try push(isSequence: false, indent: n)
        }
        while let top = stack.last, top.indent > n { stack.removeLast(); path.removeLast() }
        // A list at its key's own indentation ends at the next key of that mapping.
        if !dash, stack.count >= 2, let top = stack.last, top.isSequence, top.indent == n, stack[stack.count - 2].indent == n {
            stack.removeLast(); path.removeLast()
        }
        guard let top = stack.last, top.indent == n else {
            throw RecordingError(line: lineNumber, "indented to column \(n + 1), which lines up with no block above it")
        }
        if top.isSequence {
            guard dash else { throw RecordingError(line: lineNumber, "a list item ('- ') was expected at column \(n + 1)") }
            try item(b, dash: n, leaf)
        } else {
            guard !dash else { throw RecordingError(line: lineNumber, "a list item ('- ') where a key was expected") }
            try entry(b, from: n, leaf)
        }
    }

    private mutating func item(_ b: [UInt8], dash n: Int, _ leaf: Leaf) throws(RecordingError) {
        let top = stack.count - 1
        path[top] = .index(stack[top].nextIndex)
        stack[top].nextIndex += 1
        var j = n + 1
        while j < b.count, b[j] == YAMLScalar.space || b[j] == YAMLScalar.tab { j += 1 }
        if j == b.count || b[j] == YAMLScalar.hash { pending = lineNumber; return }
        if Self.isDash(b, j) { throw RecordingError(line: lineNumber, "a list directly inside a list item ('- -')") }
        if (try? key(b, from: j)) != nil {
            try push(isSequence: false, indent: j)
            try entry(b, from: j, leaf)
        } else {
            try value(b, from: j, leaf)
        }
    }

    /// `key: value` or `key:` from `j`: the key and where its value starts.
    private func key(_ b: [UInt8], from j: Int) throws(RecordingError) -> (key: String, rest: Int)? {
        var end: Int
        let text: String
        if b[j] == YAMLScalar.doubleQuote || b[j] == YAMLScalar.singleQuote {
            (text, end) = try YAMLScalar.quoted(b, from: j, line: lineNumber)
            while end < b.count, b[end] == YAMLScalar.space { end += 1 }
            guard end < b.count, b[end] == UInt8(ascii: ":") else { return nil }
        } else {
            end = j
            while end < b.count {
                if b[end] == UInt8(ascii: ":") && (end + 1 == b.count || b[end + 1] == YAMLScalar.space || b[end + 1] == YAMLScalar.tab) { break }
                if b[end] == YAMLScalar.hash && end > j && (b[end - 1] == YAMLScalar.space || b[end - 1] == YAMLScalar.tab) { return nil }
                if b[end] == UInt8(ascii: "[") || b[end] == UInt8(ascii: "{") { return nil }
                end += 1
            }
            guard end < b.count else { return nil }
            text = try YAMLScalar.plain(Array(b[j..<end]), from: 0, line: lineNumber)
        }
        return (text, end + 1)
    }

    private mutating func entry(_ b: [UInt8], from j: Int, _ leaf: Leaf) throws(RecordingError) {
        guard let (name, rest) = try key(b, from: j) else {
            throw RecordingError(line: lineNumber, "'key: value' was expected, not '\(String(decoding: b[j...].prefix(30), as: UTF8.self))'")
        }
        let top = stack.count - 1
        guard stack[top].keys.insert(name).inserted else {
            throw RecordingError(line: lineNumber, "the key '\(name)' is given twice in one mapping")
        }
        path[top] = .key(name)
        var k = rest
        while k < b.count, b[k] == YAMLScalar.space || b[k] == YAMLScalar.tab { k += 1 }
        if k == b.count || b[k] == YAMLScalar.hash { pending = lineNumber; return }
        try value(b, from: k, leaf)
    }

    private mutating func value(_ b: [UInt8], from k: Int, _ leaf: Leaf) throws(RecordingError) {
        let first = lineNumber
        if b[k] == UInt8(ascii: "[") || b[k] == UInt8(ascii: "{") {
            var text = Array(b[k...])
            var balance = FlowBalance()
            var closed = balance.feed(text)
            while !closed {
                guard let next = try nextLine() else {
                    throw RecordingError(line: first, "a \(Unicode.Scalar(b[k])) opened here is never closed")
                }
                guard text.count + next.count < Self.flowLimit else {
                    throw RecordingError(line: first, "a flow collection longer than \(Self.flowLimit) bytes")
                }
                text.append(10)
                closed = balance.feed(next)
                text += next
            }
            try leaf(.flow(try YAMLFlowParser.parse(text, firstLine: first)), path, first)
        } else if b[k] == YAMLScalar.doubleQuote || b[k] == YAMLScalar.singleQuote {
            let (text, end) = try YAMLScalar.quoted(b, from: k, line: first)
            try YAMLScalar.expectLineEnd(b, from: end, line: first)
            try leaf(.scalar(text), path, first)
        } else {
            try leaf(.scalar(try YAMLScalar.plain(b, from: k, line: first)), path, first)
        }
    }
}
