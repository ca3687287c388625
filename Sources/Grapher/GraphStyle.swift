import Raster

/// Colours and switches of a graph; the caller's theme fills them in.
public struct GraphStyle: Sendable {
    public var background = Color(rgb: 0xFFFFFF)
    public var grid = Color(rgb: 0xE4E8EE)
    public var axis = Color(rgb: 0x30343A)
    public var label = Color(rgb: 0x50565E)
    public var curve = Color(rgb: 0x1F6FD1)
    public var title = Color(rgb: 0x20242A)
    public var titleBackground = Color(rgb: 0xF2F4F7)
    public var trace = Color(rgb: 0xD14A1F)
    public var showsGrid = true
    /// Off when the caller draws its own title strip (the kiosk puts a back key in it).
    public var showsTitle = true
    public var curveWidth = 2.0
    /// Least distance between ticks, in pixels.
    public var minimumTickSpacing = 60.0
    /// The smallest size the title strip shrinks curve titles to before eliding them.
    public var minimumTitlePixelSize = 12
    /// A trace within this many pixels of a marked point snaps to it (about 5 mm on a 5 px/mm screen).
    public var snapRadius = 25.0
    public var markRadius = 5.0
    /// Enclosures a frame may spend searching points of interest, and each search's whole budget.
    public var pointSearchWorkPerFrame = 2_000
    public var pointSearchBudget = 6_000
    /// How axis labels and the trace write numbers (decimal separator, pair separator).
    public var numbers = NumberLabel.Style()
    /// What the trace calls each kind of point.
    public var pointNames = PointNames()
    /// What the tools' readouts say in words.
    public var toolWords = ToolWords()
    public init() {}
}
