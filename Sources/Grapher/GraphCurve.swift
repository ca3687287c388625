import Raster

/// One of the curves a `GraphView` draws: a function with a title and a colour, and a hidden flag that
/// keeps it listed but leaves it off the plot. A function that is also a `ProvableFunction` gets its
/// points of interest marked.
public struct GraphCurve {
    /// Names the curve across frames: a view keeps each curve's samples under its id, so a new function
    /// needs a new id (or a call of `functionChanged`).
    public var id: Int
    public var title: String
    public var color: Color
    public var isHidden: Bool
    /// A short name drawn on the plot beside the curve (its number where the title strip numbers the curves
    /// instead of naming them); nil for none.
    public var tag: String?
    public var function: any GraphableFunction { didSet { provable = function as? any ProvableFunction } }
    /// The function as a `ProvableFunction`, when it is one, cast once when it is set: the view asks every
    /// frame, and the dynamic cast (which copies the function) cost more than a key frame's graph bookkeeping.
    private(set) var provable: (any ProvableFunction)?

    public init(id: Int, title: String, color: Color, isHidden: Bool = false, tag: String? = nil, function: any GraphableFunction) {
        self.id = id
        self.title = title
        self.color = color
        self.isHidden = isHidden
        self.tag = tag
        self.function = function
        provable = function as? any ProvableFunction
    }

    /// What a drawn plot depends on, besides the function (which the id stands for).
    struct Look: Equatable {
        var id: Int
        var color: Color
        var isHidden: Bool
        var tag: String?
    }

    var look: Look { Look(id: id, color: color, isHidden: isHidden, tag: tag) }
}
