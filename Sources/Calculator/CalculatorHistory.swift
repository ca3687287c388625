import CalculatorBrain

/// The last results, newest first: what "=" computed, with how it read.
public struct CalculatorHistory: Equatable, Sendable, Codable {
    public struct Entry: Equatable, Sendable, Codable {
        /// As the description showed it, e.g. "7 + 9 =".
        public var description: String
        public var value: Double
        /// The value exactly, when it was known so: ans recalls it exactly (state format 8 on).
        public var exact: ExactValue?

        public init(description: String, value: Double, exact: ExactValue? = nil) {
            self.description = description
            self.value = value
            self.exact = exact
        }
    }

    /// The most entries kept; the oldest goes when a new one comes.
    public static let capacity = 20

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds a result, unless it repeats the newest ("7 + 9 = =" is one result).
    public mutating func record(_ entry: Entry) {
        guard entries.first != entry else { return }
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
    }

    /// Checks entries from a file: at most `capacity`, finite values, bounded descriptions.
    public init(validating entries: [Entry]) throws(CalculatorController.StateError) {
        guard entries.count <= Self.capacity else {
            throw .init(reason: "history holds more than \(Self.capacity) entries")
        }
        for entry in entries {
            guard entry.value.isFinite else { throw .init(reason: "history holds a value that is not a finite number") }
            if let exact = entry.exact, exact.double.bitPattern != entry.value.bitPattern {
                throw .init(reason: "history holds an exact value that is not its number")
            }
            guard entry.description.count <= DescriptionText.lineLimit else {
                throw .init(reason: "history description longer than \(DescriptionText.lineLimit) characters")
            }
        }
        self.entries = entries
    }

    public init(from decoder: any Decoder) throws {
        try self.init(validating: try [Entry](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }
}
