/// The program as a property-list-like array of numbers and strings:
/// a number is an operand known as a Double, "exact:<value>" one known exactly (`ExactValue.storedText`),
/// "Rand:<value>" a drawn Rand, an operation's label an operation, and any other short name a variable.
public enum ProgramElement: Equatable, Sendable, Codable {
    case number(Double)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .text(let text): try container.encode(text)
        }
    }
}

/// Why a stored program could not be read back.
public struct ProgramDecodingError: Error, Equatable, CustomStringConvertible {
    public let index: Int
    public let reason: String
    public var description: String { "program element \(index): \(reason)" }
}

extension CalculatorBrain: Codable {
    public static let maximumProgramLength = 10_000
    /// The most "(" open at once in a program.
    public static let maximumGroupDepth = ProgramWalker.maximumGroupDepth
    static let randomPrefix = "Rand:"
    /// An operand known exactly (state format 8 on): "exact:1/10" for a typed 0.1.
    static let exactPrefix = "exact:"

    public var elements: [ProgramElement] {
        program.map { step in
            switch step {
            case .operand(let value): return .number(value)
            case .exactOperand(let value): return .text(Self.exactPrefix + value.storedText)
            case .variable(let name): return .text(name)
            case .operation(let name): return .text(name)
            case .random(let value): return .text(Self.randomPrefix + String(value))
            }
        }
    }

    public init(elements: [ProgramElement]) throws(ProgramDecodingError) {
        guard elements.count <= Self.maximumProgramLength else {
            throw ProgramDecodingError(index: Self.maximumProgramLength, reason: "program longer than \(Self.maximumProgramLength) steps")
        }
        var steps: [ProgramStep] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .number(let value):
                guard value.isFinite else { throw ProgramDecodingError(index: index, reason: "operand is not finite") }
                steps.append(.operand(value))
            case .text(let text):
                if text.hasPrefix(Self.exactPrefix) {
                    guard let value = ExactValue(storedText: String(text.dropFirst(Self.exactPrefix.count))) else {
                        throw ProgramDecodingError(index: index, reason: "bad exact value '\(text.prefix(60))'")
                    }
                    steps.append(.exactOperand(value))
                } else if text.hasPrefix(Self.randomPrefix) {
                    guard let value = Double(text.dropFirst(Self.randomPrefix.count)), value >= 0, value < 1 else {
                        throw ProgramDecodingError(index: index, reason: "bad Rand value '\(text)'")
                    }
                    steps.append(.random(value))
                } else if Operation.table[text] != nil {
                    guard text != "Rand" else { throw ProgramDecodingError(index: index, reason: "Rand without its value") }
                    steps.append(.operation(text))
                } else if Self.isVariableName(text) {
                    steps.append(.variable(text))
                } else {
                    throw ProgramDecodingError(index: index, reason: "unknown element '\(text.prefix(40))'")
                }
            }
        }
        self.init(program: steps)
    }

    static func isVariableName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 16 && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
    }

    public init(from decoder: any Decoder) throws {
        let elements = try [ProgramElement](from: decoder)
        try self.init(elements: elements)
    }

    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}
