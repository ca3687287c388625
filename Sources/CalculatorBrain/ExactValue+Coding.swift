/// An exact value as the state file keeps it: "3/10", "-1/4*pi", "2/1*sqrt2", "1/1*e". ASCII and the same in
/// every locale (the display's form is `ExactFormat`'s). Read back only in the form written: in lowest terms,
/// a square-free radicand, a zero with no constant; anything else is not an exact value the brain makes.
extension ExactValue: Codable {
    public var storedText: String {
        let rational = "\(coefficient.numerator)/\(coefficient.denominator)"
        switch constant {
        case .one: return rational
        case .pi: return rational + "*pi"
        case .e: return rational + "*e"
        case .squareRoot(let n): return rational + "*sqrt\(n)"
        }
    }

    public init?(storedText text: String) {
        guard text.utf8.count <= 100 else { return nil }
        let parts = text.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard fraction.count == 2, let n = Self.integer(fraction[0]), let d = Self.integer(fraction[1]), d > 0, n != .min else { return nil }
        var work = 0
        guard let q = BoundedRational(n, d, work: &work), q.numerator == n, q.denominator == d else { return nil } // in lowest terms
        let constant: Constant
        switch parts.count == 2 ? parts[1] : nil {
        case nil: constant = .one
        case "pi": constant = .pi
        case "e": constant = .e
        case let root? where root.hasPrefix("sqrt"):
            guard let n = Self.integer(root.dropFirst(4)), n >= 2, n <= Int128(Self.maximumRadicand),
                  let parts = IntegerRoots.squareFreeDecomposition(UInt64(n), work: &work), parts.square == 1 else { return nil }
            constant = .squareRoot(UInt64(n))
        default: return nil
        }
        guard !q.isZero || constant == .one else { return nil }
        self.init(q, constant)
    }

    /// Digits with an optional leading minus, no leading zero, no plus: the form `storedText` writes.
    private static func integer(_ text: Substring) -> Int128? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), digits == "0" || !digits.hasPrefix("0"),
              text != "-0" else { return nil }
        return Int128(text)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ExactValue(storedText: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an exact value: '\(text.prefix(40))'"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storedText)
    }
}
