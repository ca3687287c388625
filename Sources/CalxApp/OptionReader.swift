/// Why a command refused its arguments: one line that names the option and says what it accepts.
/// Commands print it after their name and exit 2.
package struct OptionProblem: Error, Equatable {
    package var text: String
    package init(_ text: String) { self.text = text }

    /// "--size needs WxH from … (got '10x10')".
    package static func bad(_ flag: String, _ accepts: String, got value: String) -> OptionProblem {
        OptionProblem("\(flag) needs \(accepts) (got \(value.quotedForMessage))")
    }
}

/// A command's arguments, read flag by flag. Every flag may be given once; a value is the next
/// argument, unless that is missing or is itself a flag (`--out --size 800x480` forgot the path).
package struct OptionReader {
    private var rest: ArraySlice<String>
    /// The flags read so far (a handful: a list, not a hashed set).
    private var given: [String] = []

    package init(_ arguments: [String]) { rest = arguments[...] }

    /// The next argument (a flag or a positional one); nil at the end.
    package mutating func next() -> String? { rest.popFirst() }

    /// `flag` is being read: refused if it was read before.
    package mutating func note(_ flag: String) throws(OptionProblem) {
        guard !given.contains(flag) else { throw OptionProblem("\(flag) is given twice; give it once") }
        given.append(flag)
    }

    /// The value that follows `flag`, which `accepts` describes for the message when it is missing.
    package mutating func value(of flag: String, accepts: String) throws(OptionProblem) -> String {
        try note(flag)
        guard let value = rest.first else { throw OptionProblem("\(flag) needs \(accepts) (got nothing)") }
        guard !value.hasPrefix("--") else { throw OptionProblem("\(flag) needs \(accepts) (got the option \(value.quotedForMessage))") }
        rest.removeFirst()
        return value
    }

    /// The value that follows `flag`, made by `parse`; nil from `parse` is refused with `accepts`.
    package mutating func value<T>(of flag: String, accepts: String, _ parse: (String) -> T?) throws(OptionProblem) -> T {
        let text = try value(of: flag, accepts: accepts)
        guard let parsed = parse(text) else { throw .bad(flag, accepts, got: text) }
        return parsed
    }

    /// A path: anything but the empty string.
    package mutating func path(of flag: String, accepts: String) throws(OptionProblem) -> String {
        try value(of: flag, accepts: accepts) { $0.isEmpty ? nil : $0 }
    }
}

extension StringProtocol {
    /// What the user wrote, quoted for a message: at most 40 characters, control characters escaped
    /// (a CR from a CRLF file shows as \r instead of sending the cursor back over the message).
    package var quotedForMessage: String {
        var text = ""
        for scalar in String(quotedPrefix).unicodeScalars {
            switch scalar {
            case "\r": text += "\\r"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            // C0 and C1 controls and DEL, by number: Unicode's property tables would cost the shot pages.
            case _ where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value):
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return "'\(text)'"
    }
}
