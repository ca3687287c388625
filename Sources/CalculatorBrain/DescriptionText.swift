/// A description that never grows past `limit` characters.
///
/// A description is built by gluing operands' descriptions together, and "7 + =" glues one to
/// itself: unbounded, pressing "+ =" twenty times makes a description of millions of characters.
/// Past the limit it keeps its first and last characters with "⋯" between them, which tells the
/// truth: the middle was left out. Gluing costs at most a few hundred characters' work, whatever
/// the program, so a description costs time and memory linear in the program's length.
/// ("⋯", not "…": the description's own trailing "…" means a pending operation.)
public struct DescriptionText: Equatable, Sendable {
    /// Characters kept in all: `headCount` from the start, the ellipsis, the rest from the end.
    public static let limit = 160
    public static let ellipsis: Character = "⋯"
    static let headCount = limit / 2
    static let tailCount = limit - headCount - 1

    /// The whole text when short, else its first `headCount` characters.
    private var head: String
    /// Empty when short, else the last `tailCount` characters.
    private var tail: String
    /// Whether characters were left out between `head` and `tail`.
    public private(set) var isElided: Bool

    public init(_ text: String) {
        head = text
        tail = ""
        isElided = false
        boundIfLong()
    }

    public var text: String { isElided ? head + String(Self.ellipsis) + tail : head }

    /// The text of `self` followed by `other`, bounded again.
    public static func + (lhs: DescriptionText, rhs: DescriptionText) -> DescriptionText {
        if !lhs.isElided && !rhs.isElided { return DescriptionText(lhs.head + rhs.head) }
        var joined = DescriptionText("")
        joined.isElided = true
        // The start of the whole is the start of the left part, topped up from the right when short.
        joined.head = lhs.isElided ? lhs.head : String((lhs.head + rhs.head).prefix(headCount))
        // The end of the whole is the end of the right part, topped up from the left when short.
        joined.tail = rhs.isElided ? rhs.tail : String((lhs.ending + rhs.head).suffix(tailCount))
        return joined
    }

    public static func + (lhs: DescriptionText, rhs: String) -> DescriptionText { lhs + DescriptionText(rhs) }
    public static func + (lhs: String, rhs: DescriptionText) -> DescriptionText { DescriptionText(lhs) + rhs }

    /// Up to `tailCount` last characters: what a right neighbour can continue.
    private var ending: String { isElided ? tail : String(head.suffix(Self.tailCount)) }

    private mutating func boundIfLong() {
        guard !isElided, head.count > Self.limit else { return }
        tail = String(head.suffix(Self.tailCount))
        head = String(head.prefix(Self.headCount))
        isElided = true
    }
}
