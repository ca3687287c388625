import Calculator

/// The programs on the graph, oldest first, each with its colour and a hidden flag. The graph key adds
/// one; a tap on its title hides or shows it. Hiding, not removing: a visitor's mis-tap loses nothing,
/// and a curve that is hidden is the first to go when the list is full.
public struct GraphedCurves: Equatable, Sendable {
    public struct Curve: Equatable, Sendable {
        public var program: GraphRequest
        /// Into the palette's curve colours; no two curves share one.
        public var colorIndex: Int
        public var isHidden: Bool
        /// Names the curve to the graph view (its samples are kept under it) for as long as it is listed.
        public var id: Int

        public init(program: GraphRequest, colorIndex: Int, isHidden: Bool = false, id: Int) {
            self.program = program
            self.colorIndex = colorIndex
            self.isHidden = isHidden
            self.id = id
        }
    }

    /// As many as the palette has colours, and as the title strip lists at a readable size.
    public static let limit = 6

    public private(set) var curves: [Curve] = []
    private var nextID = 1

    public init() {}

    /// Restores saved curves (at most `limit`; colours out of range or repeated are given afresh).
    public init(restoring saved: [(program: GraphRequest, colorIndex: Int, isHidden: Bool)]) {
        for s in saved.suffix(Self.limit) {
            let taken = curves.map(\.colorIndex)
            let color = (0..<Self.limit).contains(s.colorIndex) && !taken.contains(s.colorIndex) ? s.colorIndex : freeColor()
            curves.append(Curve(program: s.program, colorIndex: color, isHidden: s.isHidden, id: nextID))
            nextID += 1
        }
    }

    public var isEmpty: Bool { curves.isEmpty }
    /// The newest curve's program.
    public var newest: GraphRequest? { curves.last?.program }
    /// The newest curve that is shown.
    public var newestShown: GraphRequest? { curves.last { !$0.isHidden }?.program }
    /// Whether any curve shows (`newestShown != nil`, without copying its program).
    public var hasShown: Bool { curves.contains { !$0.isHidden } }

    /// Adds `program` as the newest curve. The same program again is not doubled: it moves to the newest
    /// place and is shown. At the limit the oldest hidden curve makes room, or else the oldest.
    public mutating func add(_ program: GraphRequest) {
        if let i = curves.firstIndex(where: { $0.program == program }) {
            var curve = curves.remove(at: i)
            curve.isHidden = false
            curves.append(curve)
            return
        }
        if curves.count >= Self.limit {
            curves.remove(at: curves.firstIndex { $0.isHidden } ?? 0)
        }
        curves.append(Curve(program: program, colorIndex: freeColor(), id: nextID))
        nextID += 1
    }

    /// Hides a shown curve, shows a hidden one.
    public mutating func toggleHidden(id: Int) {
        guard let i = curves.firstIndex(where: { $0.id == id }) else { return }
        curves[i].isHidden.toggle()
    }

    public mutating func removeAll() {
        curves = []
    }

    private func freeColor() -> Int {
        (0..<Self.limit).first { c in !curves.contains { $0.colorIndex == c } } ?? 0
    }
}
