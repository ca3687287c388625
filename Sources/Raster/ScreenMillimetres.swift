/// A screen's physical size, as the upright picture or the panel has it.
public struct ScreenMillimetres: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The size the other way up: a quarter turn swaps width and height.
    public func turned(by rotation: ScreenRotation) -> ScreenMillimetres {
        rotation.swapsAxes ? ScreenMillimetres(width: height, height: width) : self
    }
}
