/// A description that never grows past `limit` characters, so that the line showing it, with its " =" or
/// " …", is at most `lineLimit`.
///
/// A description is built by gluing operands' descriptions together, and "7 + =" glues one to
/// itself: unbounded, pressing "+ =" twenty times makes a description of millions of characters.
/// Past the limit it keeps its first and last characters with "⋯" between them, which tells the
/// truth: the middle was left out. Gluing costs at most a few hundred characters' work, whatever
/// the program, so a description costs time and memory linear in the program's length.
/// ("⋯", not "…": the description's own trailing "…" means a pending operation.)
public struct DescriptionText: Equatable, Sendable {
    /// The longest description line: the text and its " =" or " …".
    public static let lineLimit = 160
    /// Characters kept in all: `headCount` from the start, the ellipsis, the rest from the end.
    public static let limit = lineLimit - 2
    public static let ellipsis: Character = "⋯"
    static let headCount = limit / 2
    static let tailCount = limit - headCount - 1

    /// The whole text when short, else its first `headCount` characters. Unicode scalars, not
    /// Characters: a description has no combining marks, and counting scalars is cheap.
    private var head: [Unicode.Scalar]
    /// Empty when short, else the last `tailCount` characters.
    private var tail: [Unicode.Scalar]
    /// Whether characters were left out between `head` and `tail`.
    public private(set) var isElided: Bool

    public init(_ text: String) {
        self.init(scalars: Array(text.unicodeScalars))
    }

    private init(scalars: [Unicode.Scalar]) {
        head = scalars
        tail = []
        isElided = false
        if head.count > Self.limit {
            tail = Array(head.suffix(Self.tailCount))
            head = Array(head.prefix(Self.headCount))
            isElided = true
        }
    }

    public var text: String {
        var text = String.UnicodeScalarView(head)
        if isElided {
            text.append(contentsOf: String(Self.ellipsis).unicodeScalars)
            text.append(contentsOf: tail)
        }
        return String(text)
    }

    /// The text of `self` followed by `other`, bounded again.
    public static func + (lhs: DescriptionText, rhs: DescriptionText) -> DescriptionText {
        if !lhs.isElided && !rhs.isElided { return DescriptionText(scalars: lhs.head + rhs.head) }
        var joined = DescriptionText(scalars: [])
        joined.isElided = true
        // The start of the whole is the start of the left part, topped up from the right when short.
        joined.head = lhs.isElided ? lhs.head : Array((lhs.head + rhs.head).prefix(headCount))
        // The end of the whole is the end of the right part, topped up from the left when short.
        joined.tail = rhs.isElided ? rhs.tail : Array((lhs.ending + rhs.head).suffix(tailCount))
        return joined
    }

    public static func + (lhs: DescriptionText, rhs: String) -> DescriptionText { lhs + DescriptionText(rhs) }
    public static func + (lhs: String, rhs: DescriptionText) -> DescriptionText { DescriptionText(lhs) + rhs }

    /// Up to `tailCount` last characters: what a right neighbour can continue.
    private var ending: [Unicode.Scalar] { isElided ? tail : Array(head.suffix(Self.tailCount)) }
}
