/// The touch script parser fed a piece at a time, as a file is read: what it holds is one line and
/// the fingers that are down, whatever the script's length (a 16 MB script read whole once took 327 MB).
/// `TouchScriptParser.parse` is this reader over a whole text, so the two never disagree.
///
/// Lines end in LF, CRLF or CR (a CRLF split between two pieces is still one line end). A line is at most
/// `longestLine` bytes: a script with no line ends must not make the reader hold all of it.
public struct TouchScriptReader {
    public static let longestLine = 4096

    /// The unfinished line's bytes from earlier pieces.
    private var pending: [UInt8] = []
    /// Lines ended so far.
    private var lineCount = 0
    /// The last piece ended in CR: an LF that starts the next one ends no further line.
    private var afterCR = false
    /// Where each finger that is down last was, so that `up` lifts it there.
    private var down: [Int: (x: Double, y: Double)] = [:]

    public init() {}

    /// Reads `bytes`, handing each command line to `body` as soon as its line ends.
    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (TouchScriptLine) -> Void) throws(TouchScriptError) {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        guard !bytes.isEmpty else { return }
        var start = 0
        if afterCR, bytes.first == lf { start = 1 }
        afterCR = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == lf || byte == cr else { index += 1; continue }
            try endLine(UnsafeBufferPointer(rebasing: bytes[start..<index]), body)
            index += 1
            if byte == cr {
                if index == bytes.count { afterCR = true } else if bytes[index] == lf { index += 1 }
            }
            start = index
        }
        try keep(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// The end of the script: its last line, if no line end followed it.
    public mutating func finish(_ body: (TouchScriptLine) -> Void) throws(TouchScriptError) {
        try endLine(UnsafeBufferPointer(start: nil, count: 0), body)
        afterCR = false
    }

    /// Holds an unfinished line's bytes until its end comes, refusing a line that grows past the bound.
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) throws(TouchScriptError) {
        guard pending.count + bytes.count <= Self.longestLine else {
            throw TouchScriptError(line: lineCount + 1, message: "longer than \(Self.longestLine) bytes")
        }
        pending.append(contentsOf: bytes)
    }

    private mutating func endLine(_ tail: UnsafeBufferPointer<UInt8>, _ body: (TouchScriptLine) -> Void) throws(TouchScriptError) {
        let line: TouchScriptLine?
        if pending.isEmpty {
            guard tail.count <= Self.longestLine else {
                throw TouchScriptError(line: lineCount + 1, message: "longer than \(Self.longestLine) bytes")
            }
            lineCount += 1
            line = try command(in: tail, number: lineCount)
        } else {
            try keep(tail)
            lineCount += 1
            let whole = pending
            pending.removeAll(keepingCapacity: true)
            // Through a Result: Swift 6.0's withUnsafeBufferPointer rethrows untyped errors only.
            var outcome: Result<TouchScriptLine?, TouchScriptError> = .success(nil)
            whole.withUnsafeBufferPointer { bytes in
                outcome = Result { () throws(TouchScriptError) in try command(in: bytes, number: lineCount) }
            }
            line = try outcome.get()
        }
        if let line { body(line) }
    }

    /// A line's words, up to a `#`: runs of bytes between spaces, tabs and CRs.
    private static func words(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r"), hash = UInt8(ascii: "#")
        var words: [String] = []
        var start: Int?
        func endWord(at end: Int) {
            if let s = start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<end]), as: UTF8.self)) }
            start = nil
        }
        var index = 0
        while index < bytes.count, bytes[index] != hash {
            let byte = bytes[index]
            if byte == space || byte == tab || byte == cr { endWord(at: index) } else if start == nil { start = index }
            index += 1
        }
        endWord(at: index)
        return words
    }

    /// A line's command, checked against the fingers that are down; nil for a blank or comment line.
    private mutating func command(in bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(TouchScriptError) -> TouchScriptLine? {
        let words = Self.words(of: bytes)
        guard let verb = words.first else { return nil }
        let command = try TouchScriptParser.read(verb, words.dropFirst(), line: number)
        switch command {
        case .down(let id, let x, let y):
            guard down[id] == nil else { throw TouchScriptError(line: number, message: "touch \(id) is already down") }
            guard down.count < TouchScriptParser.mostTouchesDown else {
                throw TouchScriptError(line: number, message: "more than \(TouchScriptParser.mostTouchesDown) touches down at once")
            }
            down[id] = (x, y)
        case .move(let id, let x, let y):
            guard down[id] != nil else { throw TouchScriptError(line: number, message: "touch \(id) is not down") }
            down[id] = (x, y)
        case .up(let id, _, _):
            guard let last = down.removeValue(forKey: id) else { throw TouchScriptError(line: number, message: "touch \(id) is not down") }
            return TouchScriptLine(number: number, command: .up(id: id, x: last.x, y: last.y))
        default:
            break
        }
        return TouchScriptLine(number: number, command: command)
    }
}
