/// A locale file as written: `KEY = TEXT` lines, `#` comments and blank lines between them. Read from UTF-8
/// bytes a line at a time, with no Unicode tables: a text is taken as written, spaces around it trimmed.
public struct LocaleFile: Sendable {
    /// The texts by key, each as often as the file gives it (once, when the file is well made).
    public private(set) var texts: [LocaleText: String] = [:]
    /// What is wrong with the file, each with its line: an unknown key, a key given twice, a line without " = ",
    /// and every key it lacks.
    public private(set) var problems: [String] = []

    public init(bytes: [UInt8], name: String) {
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            read(line: bytes[start..<end], number: lineNumber, file: name)
            start = end + 1
        }
        for key in LocaleText.allCases where texts[key] == nil {
            problems.append("\(name): no \(key.rawValue)")
        }
    }

    private mutating func read(line: ArraySlice<UInt8>, number: Int, file: String) {
        let content = Self.trimmed(line)
        guard let first = content.first, first != UInt8(ascii: "#") else { return }
        guard let equals = content.firstIndex(of: UInt8(ascii: "=")) else {
            problems.append("\(file) line \(number): not KEY = TEXT")
            return
        }
        let keyText = String(decoding: Self.trimmed(content[..<equals]), as: UTF8.self)
        let text = String(decoding: Self.trimmed(content[(equals + 1)...]), as: UTF8.self)
        guard let key = LocaleText(rawValue: keyText) else {
            problems.append("\(file) line \(number): unknown key '\(keyText)'")
            return
        }
        guard texts[key] == nil else {
            problems.append("\(file) line \(number): \(keyText) is given twice")
            return
        }
        guard !text.isEmpty else {
            problems.append("\(file) line \(number): \(keyText) is empty")
            return
        }
        texts[key] = text
    }

    /// Without the spaces, tabs and CR around it.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return slice
    }
}
